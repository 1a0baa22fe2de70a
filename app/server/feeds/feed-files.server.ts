import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { AppConfig } from "../config.server";
import type { DB } from "../db/connection.server";
import { log } from "../log.server";
import { isSafeNameIn } from "../storage/file-names";
import { fileStorage, FEED_FILES_BUCKET, type Storage } from "../storage/storage.server";

/**
 * Uploaded feed files live in the shared storage's feed-files bucket (docs/decisions/0099), on
 * the driver STORAGE names: any instance's worker can run any feed, and a backup holds them
 * whichever driver. Files of older versions, under DATA_DIR/feeds of one machine, are moved into
 * the bucket when a worker starts; until then (and for a file that could not be moved) a run
 * reads them where they are.
 */

export interface FeedFiles {
  storage: Storage;
  /** DATA_DIR/feeds: where uploads were kept before the shared storage. */
  legacyDir: string;
}

export function feedFiles(config: Pick<AppConfig, "dataDir" | "storage">, db: DB): FeedFiles {
  return { storage: fileStorage(config, db, FEED_FILES_BUCKET), legacyDir: path.join(config.dataDir, "feeds") };
}

/** The feed's bytes, streamed: from the bucket, else from the old folder; null when neither holds it. */
export async function openFeedFile(files: FeedFiles, name: string): Promise<Readable | null> {
  if (!isSafeNameIn(FEED_FILES_BUCKET, name)) return null;
  const stored = await files.storage.open(name);
  if (stored) return Readable.fromWeb(stored.body as import("node:stream/web").ReadableStream<Uint8Array>);
  const legacy = path.join(files.legacyDir, name);
  return new Promise((resolve) => {
    const stream = createReadStream(legacy);
    stream.once("open", () => resolve(stream));
    stream.once("error", () => resolve(null));
  });
}

export interface StoredUpload {
  storedName: string;
  originalName: string;
}

/** Streams an upload into the bucket under a name of the site's choosing; past `maxBytes` nothing is kept (StoredFileTooLarge). */
export async function storeFeedUpload(files: FeedFiles, file: File, maxBytes: number): Promise<StoredUpload> {
  const storedName = `${randomUUID()}.feed`;
  await files.storage.putStream(storedName, Readable.fromWeb(file.stream() as import("node:stream/web").ReadableStream), maxBytes);
  return { storedName, originalName: path.basename(file.name || "feed").slice(0, 200) };
}

export async function removeFeedUpload(files: FeedFiles, storedName: string | null): Promise<void> {
  if (!storedName) return;
  await files.storage.remove(storedName);
  await rm(path.join(files.legacyDir, path.basename(storedName)), { force: true });
}

/**
 * Moves every file of DATA_DIR/feeds that a feed still names into the bucket, then deletes it
 * there; files no feed names are left alone (an operator's own). Idempotent; how many moved.
 */
export async function moveLegacyFeedFiles(db: DB, files: FeedFiles): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(files.legacyDir, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  if (names.length === 0) return 0;
  const named = new Set(
    (await db.selectFrom("feeds").select("upload_name").where("upload_name", "is not", null).execute()).map((row) => row.upload_name!),
  );
  let moved = 0;
  for (const name of names) {
    if (!named.has(name) || !isSafeNameIn(FEED_FILES_BUCKET, name)) continue;
    const full = path.join(files.legacyDir, name);
    try {
      const already = await files.storage.open(name);
      if (already) await already.body.cancel();
      else await files.storage.putStream(name, createReadStream(full), Number.MAX_SAFE_INTEGER);
      await rm(full, { force: true });
      moved += 1;
    } catch (error) {
      log.warn(`Feed file ${full} stays where it is (it could not be moved into the storage: ${(error as Error).message})`);
    }
  }
  if (moved > 0) log.info(`Moved ${moved} uploaded feed file${moved === 1 ? "" : "s"} from ${files.legacyDir} into the shared storage`);
  return moved;
}
