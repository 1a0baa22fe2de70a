import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./production-server";

/**
 * A PostgreSQL cluster of our own, in a temporary folder on a free port, that a test may stop and
 * start at will. The machine's shared PostgreSQL is never touched.
 */

const BIN = process.env.POSTGRES_BIN || "/usr/lib/postgresql/15/bin";

export interface PrivatePostgres {
  url: string;
  port: number;
  stop(): void;
  start(): void;
  /** Stops the cluster and removes its folder. */
  destroy(): void;
}

/** Why a private cluster cannot be made here, or undefined when it can. */
export function privatePostgresUnavailable(): string | undefined {
  if (!existsSync(path.join(BIN, "initdb")) || !existsSync(path.join(BIN, "pg_ctl")))
    return `initdb and pg_ctl not found in ${BIN} (set POSTGRES_BIN)`;
  if (process.getuid?.() !== 0) return "creating a cluster as the postgres user needs root (runuser)";
  if (spawnSync("id", ["-u", "postgres"]).status !== 0) return "there is no postgres OS user";
  return undefined;
}

function asPostgres(args: string[]) {
  const result = spawnSync("runuser", ["-u", "postgres", "--", ...args], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed: ${result.stderr || result.stdout}`);
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const root = mkdtempSync(path.join(tmpdir(), "sauna-private-pg-"));
  const passwd = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const uid = Number(passwd.stdout.trim());
  const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
  chownSync(root, uid, gid);
  chmodSync(root, 0o700);
  const dataDir = path.join(root, "data");
  const port = await freePort();
  asPostgres([path.join(BIN, "initdb"), "-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  const start = () =>
    asPostgres([
      path.join(BIN, "pg_ctl"),
      "-D",
      dataDir,
      "-l",
      path.join(root, "server.log"),
      "-w",
      "-t",
      "30",
      "-o",
      `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=50`,
      "start",
    ]);
  const stop = () => asPostgres([path.join(BIN, "pg_ctl"), "-D", dataDir, "-m", "fast", "-w", "-t", "30", "stop"]);
  start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop() {
      stop();
      running = false;
    },
    start() {
      start();
      running = true;
    },
    destroy() {
      try {
        if (running) stop();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
