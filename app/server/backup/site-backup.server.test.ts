import SqliteDatabase from "better-sqlite3";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/connection.server";
import { migrateToLatest } from "../db/migrate.server";
import { createBackup, restoreBackup } from "./site-backup.server";

const TSX = path.resolve("node_modules/.bin/tsx");
/** The scripts read the server's settings; Vitest's own (BASE_URL="/"…) must not leak into them. */
const cliEnv = (dataDir: string) => ({ PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: "warn" });

let root: string;
let site: { dataDir: string; databaseFile: string };

beforeEach(async () => {
  root = mkdtempSync(path.join(tmpdir(), "sauna-backup-"));
  const dataDir = path.join(root, "data");
  site = { dataDir, databaseFile: path.join(dataDir, "sauna-reviews.sqlite") };
  mkdirSync(path.join(dataDir, "storage", "product-images"), { recursive: true });
  writeFileSync(path.join(dataDir, "storage", "product-images", "cedar-barrel.webp"), Buffer.from([1, 2, 3, 4, 250]));
  writeFileSync(path.join(dataDir, "auth-secret"), "s".repeat(43) + "\n", { mode: 0o600 });
  const db = openDatabase({ dialect: "sqlite", file: site.databaseFile });
  await migrateToLatest(db);
  await db.destroy();
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

/**
 * A second process committing one collection per transaction as fast as it can, like an admin
 * saving while the backup runs. Collections are numbered in commit order, so the rows of any
 * consistent snapshot are exactly writer-1 … writer-N.
 */
function startWriter(file: string): ChildProcess {
  const program = `
    const Database = require("better-sqlite3");
    const db = new Database(process.argv[1]);
    db.pragma("journal_mode = WAL");
    db.pragma("busy_timeout = 5000");
    const insert = db.prepare("insert into collections (slug, title) values (?, ?)");
    let n = 0;
    process.on("SIGTERM", () => { db.close(); process.exit(0); });
    (function write() {
      for (let i = 0; i < 20; i++) { n++; insert.run("writer-" + n, "Writer " + n); }
      if (n === 20) process.stdout.write("writing\\n");
      setImmediate(write);
    })();
  `;
  return spawn(process.execPath, ["-e", program, file], { stdio: ["ignore", "pipe", "inherit"] });
}

function committedCount(file: string): number {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    return (db.prepare("select count(*) as n from collections where slug like 'writer-%'").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

function writerNumbers(file: string): number[] {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const rows = db.prepare("select slug from collections where slug like 'writer-%'").all() as { slug: string }[];
    return rows.map((row) => Number(row.slug.slice("writer-".length))).sort((a, b) => a - b);
  } finally {
    db.close();
  }
}

describe("backup and restore (SQLite)", () => {
  it("a backup taken while another process writes restores every row committed before it began, consistently", async () => {
    const writer = startWriter(site.databaseFile);
    try {
      await new Promise<void>((resolve, reject) => {
        writer.stdout!.once("data", () => resolve());
        writer.once("exit", (code) => reject(new Error(`writer stopped early (${code})`)));
      });
      const committedBefore = committedCount(site.databaseFile);
      const out = path.join(root, "backup.tar.gz");
      // The real command, as an operator runs it, while the writer keeps committing.
      const backup = spawnSync(TSX, ["scripts/backup.ts", "--out", out], { env: cliEnv(site.dataDir), encoding: "utf8" });
      expect(backup.stderr).toBe("");
      expect(backup.status).toBe(0);
      expect(backup.stdout).toMatch(/Backup written to .*1 uploaded image, 0 uploaded feed files, auth secret included\./);
      const committedAfter = committedCount(site.databaseFile);
      expect(committedAfter).toBeGreaterThan(committedBefore); // the writer really was writing throughout

      const target = path.join(root, "restored");
      const restore = spawnSync(TSX, ["scripts/restore.ts", out], { env: cliEnv(target), encoding: "utf8" });
      expect(restore.stderr).toBe("");
      expect(restore.status).toBe(0);

      const restoredFile = path.join(target, "sauna-reviews.sqlite");
      const numbers = writerNumbers(restoredFile);
      expect(numbers.length).toBeGreaterThanOrEqual(committedBefore);
      // No gap and nothing half-written: exactly the first N commits.
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
      const check = new SqliteDatabase(restoredFile, { readonly: true });
      expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
      check.close();
      expect(readFileSync(path.join(target, "storage", "product-images", "cedar-barrel.webp"))).toEqual(Buffer.from([1, 2, 3, 4, 250]));
      expect(readFileSync(path.join(target, "auth-secret"), "utf8")).toBe("s".repeat(43) + "\n");
    } finally {
      writer.kill("SIGTERM");
    }
  });

  it("refuses a running site and a folder that already holds one; --force moves the old files aside", async () => {
    const out = path.join(root, "backup.tar.gz");
    await createBackup(site, out);

    // The site still has the database open: its write-ahead log is there.
    const running = new SqliteDatabase(site.databaseFile);
    running.pragma("journal_mode = WAL");
    await expect(restoreBackup(site, out, { force: false })).rejects.toThrow(/appears to be running/);
    running.close();
    expect(existsSync(`${site.databaseFile}-wal`)).toBe(false);

    await expect(restoreBackup(site, out, { force: false })).rejects.toThrow(
      /already holds a site \(sauna-reviews\.sqlite, auth-secret, storage\)/,
    );

    writeFileSync(path.join(site.dataDir, "auth-secret"), "replaced-secret-that-is-long-enough-to-be-used\n");
    const summary = await restoreBackup(site, out, { force: true });
    expect(summary.setAside).toBeDefined();
    expect(readdirSync(summary.setAside!).sort()).toEqual(["auth-secret", "sauna-reviews.sqlite", "storage"]);
    expect(readFileSync(path.join(summary.setAside!, "auth-secret"), "utf8")).toBe("replaced-secret-that-is-long-enough-to-be-used\n");
    expect(readFileSync(path.join(site.dataDir, "auth-secret"), "utf8")).toBe("s".repeat(43) + "\n");
  });

  it("refuses a file that is not a backup, or is cut short, and leaves the target untouched", async () => {
    const out = path.join(root, "backup.tar.gz");
    await createBackup(site, out);
    const target = { dataDir: path.join(root, "empty"), databaseFile: path.join(root, "empty", "sauna-reviews.sqlite") };

    const truncated = path.join(root, "truncated.tar.gz");
    writeFileSync(truncated, readFileSync(out).subarray(0, 200));
    await expect(restoreBackup(target, truncated, { force: false })).rejects.toThrow(/not a readable backup|cut short/);

    const notGzip = path.join(root, "notes.txt");
    writeFileSync(notGzip, "hello");
    await expect(restoreBackup(target, notGzip, { force: false })).rejects.toThrow(/not a readable backup/);
    expect(existsSync(target.databaseFile)).toBe(false);
    expect(readdirSync(target.dataDir)).toEqual([]);
  });

  it("the archive is a standard tar.gz", async () => {
    const out = path.join(root, "backup.tar.gz");
    await createBackup(site, out);
    const listing = spawnSync("tar", ["tzf", out], { encoding: "utf8" });
    expect(listing.status).toBe(0);
    expect(listing.stdout.trim().split("\n").sort()).toEqual(
      ["auth-secret", "database/sauna-reviews.sqlite", "manifest.json", "storage/product-images/cedar-barrel.webp"].sort(),
    );
  });
});
