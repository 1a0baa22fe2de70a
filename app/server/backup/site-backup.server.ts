import SqliteDatabase from "better-sqlite3";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { readTarGz, TarGzWriter, NotABackupError } from "./tar-archive.server";

/**
 * One file holding everything a SQLite site needs to come back: the database, the uploaded
 * files (DATA_DIR/storage: pictures and feed files on the disk driver; on the database driver they
 * are rows of the database), feed files an older version kept in DATA_DIR/feeds, and the
 * generated auth secret (DATA_DIR/auth-secret). See
 * docs/decisions/0023-backups-and-outages.md for why the snapshot is taken with VACUUM INTO and why the
 * images are copied after it.
 */

export const BACKUP_FORMAT = "sauna-reviews-backup";
const DATABASE_ENTRY = "database/sauna-reviews.sqlite";
const SECRET_ENTRY = "auth-secret";
const STORAGE_DIR = "storage";
/** Uploaded feeds before the shared storage (a worker moves them into it when it starts). */
const LEGACY_FEEDS_DIR = "feeds";
const FEED_FILES_PREFIX = `${STORAGE_DIR}/feed-files/`;
const MANIFEST_ENTRY = "manifest.json";

export interface SiteFiles {
  dataDir: string;
  /** The SQLite file the site uses (DATA_DIR/sauna-reviews.sqlite). */
  databaseFile: string;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  databaseBytes: number;
  images: number;
  /** Uploaded feed files: in the storage folder, in the database (STORAGE=database) or in DATA_DIR/feeds. */
  feedFiles: number;
  includesSecret: boolean;
}

/** The feed files the snapshot's database holds itself (STORAGE=database); 0 before the table existed. */
function feedFilesInDatabase(file: string): number {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const row = db.prepare("select count(*) as n from stored_files where bucket = 'feed-files'").get() as { n: number };
    return row.n;
  } catch {
    return 0;
  } finally {
    db.close();
  }
}

export async function createBackup(site: SiteFiles, out: string): Promise<BackupSummary> {
  if (!existsSync(site.databaseFile)) throw new Error(`there is no database at ${site.databaseFile} (is DATA_DIR right?)`);
  const workDir = mkdtempSync(path.join(path.dirname(path.resolve(out)), ".backup-"));
  const partial = `${out}.partial`;
  try {
    const snapshot = path.join(workDir, "snapshot.sqlite");
    snapshotDatabase(site.databaseFile, snapshot);
    let feedFiles = feedFilesInDatabase(snapshot);
    const writer = new TarGzWriter(partial);
    const databaseBytes = readFileSync(snapshot);
    await writer.add({ name: DATABASE_ENTRY, bytes: databaseBytes });
    rmSync(snapshot);

    const secretFile = path.join(site.dataDir, SECRET_ENTRY);
    const includesSecret = existsSync(secretFile);
    if (includesSecret) await writer.add({ name: SECRET_ENTRY, bytes: readFileSync(secretFile) });

    // Images after the snapshot: every image the snapshot's rows name was written before its
    // row, so it is here; an image uploaded meanwhile is merely extra.
    let images = 0;
    for (const folder of [STORAGE_DIR, LEGACY_FEEDS_DIR]) {
      for await (const relative of filesUnder(path.join(site.dataDir, folder))) {
        const full = path.join(site.dataDir, folder, relative);
        const [bytes, info] = await Promise.all([readFile(full), stat(full)]);
        const name = `${folder}/${relative}`;
        await writer.add({ name, bytes, mode: info.mode & 0o777, modified: info.mtime });
        if (folder === LEGACY_FEEDS_DIR || name.startsWith(FEED_FILES_PREFIX)) feedFiles++;
        else images++;
      }
    }
    const manifest = { format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString(), images, feedFiles, includesSecret };
    await writer.add({ name: MANIFEST_ENTRY, bytes: Buffer.from(JSON.stringify(manifest, null, 2) + "\n") });
    await writer.close();
    renameSync(partial, out);
    return { file: out, bytes: statSync(out).size, databaseBytes: databaseBytes.byteLength, images, feedFiles, includesSecret };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * VACUUM INTO reads the database inside one read transaction: the copy is the database as it
 * stood at one instant, every transaction committed before it included and none half-done,
 * while the running site keeps writing (WAL mode lets it).
 */
export function snapshotDatabase(source: string, target: string) {
  const db = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare("VACUUM INTO ?").run(target);
  } finally {
    db.close();
  }
  const check = new SqliteDatabase(target, { readonly: true });
  try {
    const result = check.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new Error(`the snapshot failed its integrity check: ${String(result)}`);
  } finally {
    check.close();
  }
}

async function* filesUnder(root: string, relative = ""): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesUnder(root, child);
    else if (entry.isFile()) yield child;
  }
}

export class RestoreRefused extends Error {}

export interface RestoreSummary {
  databaseBytes: number;
  images: number;
  /** Feed files in the storage folder or DATA_DIR/feeds (on the database driver they are in the database). */
  feedFiles: number;
  includesSecret: boolean;
  /** Where the files that were there before went (with --force), so nothing is lost. */
  setAside: string | undefined;
}

/**
 * Puts a backup back into DATA_DIR. Refuses when the site looks like it is running (a SQLite
 * write-ahead log beside the database: the site deletes it when it stops cleanly) or when DATA_DIR
 * already holds a database, images or a secret; `force` moves those aside instead of refusing.
 */
export async function restoreBackup(site: SiteFiles, backup: string, options: { force: boolean }): Promise<RestoreSummary> {
  if (!existsSync(backup)) throw new RestoreRefused(`there is no backup at ${backup}`);
  const wal = `${site.databaseFile}-wal`;
  if (existsSync(wal) && !options.force) {
    throw new RestoreRefused(
      `the site appears to be running (${wal} exists). Stop it first; if it is stopped, it did not shut down cleanly: start and stop it once, or pass --force.`,
    );
  }
  const existing = [
    site.databaseFile,
    wal,
    `${site.databaseFile}-shm`,
    path.join(site.dataDir, SECRET_ENTRY),
    path.join(site.dataDir, STORAGE_DIR),
    path.join(site.dataDir, LEGACY_FEEDS_DIR),
  ].filter(
    (file) => existsSync(file) && !((file.endsWith(STORAGE_DIR) || file.endsWith(LEGACY_FEEDS_DIR)) && readdirSync(file).length === 0),
  );
  if (existing.length > 0 && !options.force) {
    throw new RestoreRefused(
      `${site.dataDir} already holds a site (${existing.map((file) => path.basename(file)).join(", ")}). Restore into an empty DATA_DIR, or pass --force to move those files aside first.`,
    );
  }

  // Unpack beside the target first: a damaged backup leaves the current files untouched.
  mkdirSync(site.dataDir, { recursive: true, mode: 0o700 });
  const staging = mkdtempSync(path.join(site.dataDir, ".restore-"));
  try {
    let manifest: { format?: string } | undefined;
    let databaseBytes = 0;
    let images = 0;
    let feedFiles = 0;
    let includesSecret = false;
    for await (const entry of readTarGz(backup)) {
      const target = path.join(staging, entry.name);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const feedFile = entry.name.startsWith(FEED_FILES_PREFIX) || entry.name.startsWith(`${LEGACY_FEEDS_DIR}/`);
      // Pictures are served to everyone; a feed file is the shop's, readable by the site alone.
      await writeFile(target, entry.bytes, { mode: entry.name.startsWith(`${STORAGE_DIR}/`) && !feedFile ? 0o644 : 0o600 });
      if (entry.name === MANIFEST_ENTRY) manifest = JSON.parse(Buffer.from(entry.bytes).toString("utf8"));
      else if (entry.name === DATABASE_ENTRY) databaseBytes = entry.bytes.byteLength;
      else if (entry.name === SECRET_ENTRY) includesSecret = true;
      else if (feedFile) feedFiles++;
      else if (entry.name.startsWith(`${STORAGE_DIR}/`)) images++;
    }
    if (manifest?.format !== BACKUP_FORMAT || databaseBytes === 0) {
      throw new NotABackupError(`${backup} is not a Sauna Reviews backup (no manifest or no database in it)`);
    }
    const restoredDatabase = path.join(staging, DATABASE_ENTRY);
    const check = new SqliteDatabase(restoredDatabase, { readonly: true });
    try {
      const result = check.pragma("integrity_check", { simple: true });
      if (result !== "ok") throw new NotABackupError(`the database in ${backup} is damaged: ${String(result)}`);
    } finally {
      check.close();
    }

    let setAside: string | undefined;
    if (existing.length > 0) {
      setAside = path.join(site.dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`);
      mkdirSync(setAside, { mode: 0o700 });
      for (const file of existing) renameSync(file, path.join(setAside, path.basename(file)));
    }
    renameSync(restoredDatabase, site.databaseFile);
    if (includesSecret) renameSync(path.join(staging, SECRET_ENTRY), path.join(site.dataDir, SECRET_ENTRY));
    for (const folder of [STORAGE_DIR, LEGACY_FEEDS_DIR]) {
      const restored = path.join(staging, folder);
      if (!existsSync(restored)) continue;
      // An empty folder left in place (it did not count as a site) gives way.
      rmSync(path.join(site.dataDir, folder), { recursive: true, force: true });
      renameSync(restored, path.join(site.dataDir, folder));
    }
    return { databaseBytes, images, feedFiles, includesSecret, setAside };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
