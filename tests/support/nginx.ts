/**
 * nginx as the benchmarks and the scale-out test run it: in the foreground, with a prefix folder
 * of its own (config, pid, logs, temp files), so it needs no root-owned path and leaves nothing
 * behind once stopped.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";

export const NGINX = process.env.NGINX_PATH || "/usr/sbin/nginx";

/** Why nginx cannot run here, or undefined when it can. */
export function nginxMissing(): string | undefined {
  const probe = spawnSync(NGINX, ["-v"]);
  return probe.error ? `nginx not found at ${NGINX} (apt-get install nginx-light)` : undefined;
}

export interface NginxProcess {
  child: ChildProcess;
  /** What nginx printed and wrote to its error log so far, for an error message. */
  log(): string;
  /** Graceful stop (SIGQUIT: finish the requests in flight), then the prefix folder is removed. */
  stop(): Promise<void>;
}

/** Starts nginx with `dir/nginx.conf` and resolves once `probeUrl` answers 2xx. */
export async function startNginxIn(dir: string, probeUrl: string): Promise<NginxProcess> {
  const errorLog = path.join(dir, "error.log");
  const child = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", errorLog], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk));
  const log = () => {
    try {
      return stderr + readFileSync(errorLog, "utf8");
    } catch {
      return stderr;
    }
  };
  const nginx: NginxProcess = {
    child,
    log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${log()}`);
    const status = await fetch(probeUrl).then(
      (response) => response.status,
      () => undefined,
    );
    if (status !== undefined && status < 300) return nginx;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await nginx.stop();
  throw new Error(`nginx did not answer ${probeUrl} with a 2xx within 10 s: ${log()}`);
}
