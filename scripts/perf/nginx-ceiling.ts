/**
 * The ceiling: nginx serving the very same response bytes the site sent (already compressed,
 * with the same Content-Encoding) from files, one worker process on loopback. What a static
 * file server does on this machine is the most any page of the site could hope for.
 */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { nginxMissing, startNginxIn } from "../../tests/support/nginx";
import { freePort } from "./site-process";

export interface StaticPage {
  name: string;
  body: Buffer;
  /** The Content-Encoding the site answered with ("identity" when none). */
  encoding: string;
}

export interface NginxCeiling {
  urlOf(name: string): string;
  stop(): Promise<void>;
}

export function nginxInstalled(): boolean {
  return nginxMissing() === undefined;
}

export async function startNginx(pages: StaticPage[], workers: string): Promise<NginxCeiling> {
  const dir = mkdtempSync(path.join(tmpdir(), "sauna-nginx-"));
  // Workers drop to an unprivileged user when nginx starts as root: they must be able to read.
  chmodSync(dir, 0o755);
  const encodings = [...new Set(pages.map((page) => page.encoding))];
  for (const encoding of encodings) mkdirSync(path.join(dir, "www", encoding), { recursive: true, mode: 0o755 });
  for (const page of pages) writeFileSync(path.join(dir, "www", page.encoding, `${page.name}.html`), page.body, { mode: 0o644 });
  mkdirSync(path.join(dir, "tmp"));

  const port = await freePort();
  const locations = encodings
    .map((encoding) =>
      encoding === "identity" ? `location /identity/ { }` : `location /${encoding}/ { add_header Content-Encoding ${encoding}; }`,
    )
    .join("\n    ");
  const config = `
worker_processes ${workers};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { }
  default_type "text/html; charset=utf-8";
  server {
    listen 127.0.0.1:${port};
    root ${dir}/www;
    ${locations}
  }
}
`;
  writeFileSync(path.join(dir, "nginx.conf"), config);
  const origin = `http://127.0.0.1:${port}`;
  const nginx = await startNginxIn(dir, `${origin}/${pages[0]!.encoding}/${pages[0]!.name}.html`);
  return {
    urlOf(name) {
      const page = pages.find((candidate) => candidate.name === name)!;
      return `${origin}/${page.encoding}/${page.name}.html`;
    },
    stop: nginx.stop,
  };
}
