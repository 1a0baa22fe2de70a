import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, repoRoot } from "../reliability/production-server";

/**
 * The admin specs' servers: the same production build and `node server.js` as
 * playwright.config.ts's web server, each on its own port and its own fresh DATA_DIR. The admin
 * specs import products and collections, and the other specs count on the 29 sample products of
 * an untouched catalog; a private server keeps both honest when they run in parallel.
 */

export interface AdminSite {
  url: string;
  dataDir: string;
}

async function waitUntilServing(url: string, child: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`admin test server exited (${child.exitCode}): ${stderr()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`admin test server did not start in 60 s: ${stderr()}`);
}

/** Environment for the server and the script: a fresh SQLite site, whatever the shell has set. */
export function siteEnv(dataDir: string, port?: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...(port ? { PORT: String(port) } : {}),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    BASE_URL: "",
    SMTP_URL: "",
    SEED_SAMPLE_CONTENT: "true",
    // The specs wait for the worker's runs (imports, feeds, reports, mail). At its production
    // priority (nice 10: a tenth of the scheduler's weight of nice 0) it would get a sliver of a
    // core while three browsers render beside it, and every test waiting on a run would wait longer.
    WORKER_NICE: "0",
    // The link health spec's slow shop must time out within a test, yet hold the run long
    // enough for its progress to be seen on a busy machine.
    LINK_CHECK_TIMEOUT: "20s",
    LINK_CHECK_INTERVAL: "",
    // The link health spec's stand-in shops listen on 127.0.0.1 and random ports, which the
    // site refuses by default; opened here on purpose, the way an operator would.
    OUTBOUND_ALLOW_PRIVATE: "127.0.0.1/32",
    OUTBOUND_ALLOW_PORTS: "1024-65535",
    // The revenue spec's readers say their country the way a proxy in front would. Without an
    // X-Forwarded-For (no spec sends one) the client's address is the connection's, as before.
    TRUST_PROXY: "1",
    GEO_COUNTRY_HEADER: "X-Test-Country",
  };
}

/** Starts `node server.js` on a free port with a fresh DATA_DIR; `stop` ends it and removes the data. */
export async function startSite(): Promise<AdminSite & { stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "sauna-e2e-admin-"));
  const port = await freePort();
  let errors = "";
  const child = spawn(process.execPath, ["server.js"], { cwd: repoRoot, env: siteEnv(dataDir, port), stdio: ["ignore", "ignore", "pipe"] });
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
    // Warnings and errors of the private server show in the test output, like the shared one's.
    process.stderr.write(`[admin server] ${chunk.toString()}`);
  });
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(url, child, () => errors);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop };
}
