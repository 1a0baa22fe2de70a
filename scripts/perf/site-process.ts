/**
 * The production server as the benchmarks drive it: `node server.js` on loopback, a free port
 * and a throwaway DATA_DIR (SQLite, sample catalog), started exactly as `npm start` starts it
 * once the build exists. The benchmarks never touch ./data or a configured DATABASE_URL.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The glibc settings and node flags `npm start` runs the server with (package.json "start";
 * docs/decisions/0020, 0035 and 0042). Keep them in step with it and with the systemd unit in
 * deploy/ (a unit test checks): the benchmarks measure the deployed process.
 */
export const START_ENVIRONMENT = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
  MALLOC_TRIM_THRESHOLD_: "131072",
} as const;
export const START_NODE_ARGS = ["--max-semi-space-size=4", "--max-old-space-size=1024"] as const;

export interface SiteProcess {
  origin: string;
  /** From the spawn until /readyz first answered 200: what a deploy or a crash costs in availability. */
  startupMs: number;
  pid: number;
  dataDir: string;
  /** Resident set size of the server process in MB, from /proc (Linux). */
  rssMb(): number | undefined;
  /** Sends SIGTERM and waits for the process to finish its requests and exit. */
  stop(): Promise<void>;
}

/** The same check `npm start` runs: build once when there is no production build. */
export function ensureProductionBuild() {
  if (spawnSync("node", ["scripts/ensure-build.js"], { stdio: "inherit" }).status !== 0) {
    throw new Error("The production build failed");
  }
}

export function makeDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "sauna-bench-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Starts the server on `dataDir` and resolves once it is listening. `nodeArgs` go before
 * server.js (e.g. --heapsnapshot-signal=SIGUSR2); `env` adds to the process environment.
 */
export async function startSite(dataDir: string, options: { nodeArgs?: string[]; env?: NodeJS.ProcessEnv } = {}): Promise<SiteProcess> {
  const port = await freePort();
  const spawnedAt = performance.now();
  // The bench's own database only: never one the calling shell has configured.
  const { DATABASE_URL: _database, BASE_URL: _base, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // What `npm start` sets (package.json; docs/performance.md, "Memory"): the process measured is the one deployed.
    ...START_ENVIRONMENT,
    ...options.env,
  };
  const child = spawn(process.execPath, [...START_NODE_ARGS, ...(options.nodeArgs ?? []), "server.js"], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("is serving")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`The server exited with code ${code} before it was ready:\n${output}`)));
  });
  // Keep draining stdout so a chatty server never blocks on a full pipe.
  child.stdout!.resume();
  const origin = `http://127.0.0.1:${port}`;
  while ((await fetch(`${origin}/readyz`).catch(() => undefined))?.status !== 200) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return {
    startupMs: performance.now() - spawnedAt,
    origin,
    pid: child.pid!,
    dataDir,
    rssMb: () => rssMbOf(child.pid!),
    stop: () => stopChild(child),
  };
}

export function rssMbOf(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/** Stops `site` and other cleanups on Ctrl+C as well as on a normal end. */
export function onInterrupt(cleanup: () => Promise<void> | void) {
  const handler = async () => {
    await cleanup();
    process.exit(130);
  };
  process.once("SIGINT", handler);
  process.once("SIGTERM", handler);
}
