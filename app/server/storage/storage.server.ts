import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { link, mkdir, open as openFile, readdir, rename, rm, stat, writeFile, type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { StorageState } from "~/lib/admin/storage-messages";
import { PRODUCT_IMAGES_BUCKET } from "~/lib/images/image-source";
import type { AppConfig } from "../config.server";
import type { DB } from "../db/connection.server";
import { DatabaseStorage } from "./database-storage.server";
import { isSafeNameIn } from "./file-names";
import { fileWebStream } from "./file-web-stream.server";

/**
 * Where uploaded files live, bucket by bucket: product pictures (the pages only know the public
 * path /storage/product-images/{name}), uploaded merchant feeds, and the files an import or a
 * commission report is read from while its run is waiting or running. This interface hides whether
 * the bytes are on local disk (LocalDiskStorage, one machine) or in the database (DatabaseStorage,
 * shared by every instance on it, so any instance's worker can read any upload); an S3-compatible
 * bucket would be a third driver (docs/decisions/0033, 0099).
 */

/** Merchant feeds uploaded as files: kept as long as their feed, read by every scheduled run. */
export const FEED_FILES_BUCKET = "feed-files";
/** Files an owner uploaded for a run (an import, a report): kept until the run no longer needs them. */
export const UPLOADS_BUCKET = "uploads";

/** More bytes than a stream was allowed to bring: nothing was stored. */
export class StoredFileTooLarge extends Error {
  override name = "StoredFileTooLarge";
  constructor(readonly maxBytes: number) {
    super(`larger than ${maxBytes} bytes`);
  }
}

/** The storage check: the states the admin products page shows (words in lib/admin/storage-messages). */
export type StorageStatus = StorageState;

export interface StoredFile {
  size: number;
  modified: Date;
  body: ReadableStream<Uint8Array>;
}

export interface Storage {
  /** Which driver: names the backend in logs and keeps caches of different drivers apart. */
  readonly kind: "disk" | "database";
  readonly bucket: string;
  /** Looks at the bucket; with create, makes it when it is missing (public, since its pictures are served to every visitor). */
  check(options: { create: boolean }): Promise<StorageStatus>;
  /** Writes (or replaces) one file. The name must already be safe (file-names.ts). */
  put(name: string, bytes: Uint8Array): Promise<void>;
  /**
   * Writes (or replaces) one file as it streams in, never holding it whole; its size. Past
   * `maxBytes` it stops, stores nothing and throws StoredFileTooLarge.
   */
  putStream(name: string, source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<number>;
  /** Writes one file only if no file has that name, in one step (two uploads cannot both win); false when one had. */
  putNew(name: string, bytes: Uint8Array): Promise<boolean>;
  /** Null when there is no such file. */
  open(name: string): Promise<StoredFile | null>;
  /** Deletes one file; false when there was none. */
  remove(name: string): Promise<boolean>;
}

function detailOf(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  return code ? `${code}: ${message}` : String(message ?? error);
}

/** The bucket as a folder: DATA_DIR/storage/{bucket}. */
export class LocalDiskStorage implements Storage {
  readonly kind = "disk";
  readonly directory: string;

  constructor(
    readonly root: string,
    readonly bucket: string = PRODUCT_IMAGES_BUCKET,
  ) {
    this.directory = path.join(root, bucket);
  }

  async check({ create }: { create: boolean }): Promise<StorageStatus> {
    try {
      try {
        const found = await stat(this.directory);
        if (!found.isDirectory()) return { state: "partial", detail: `${this.directory} is not a folder` };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") return { state: "inaccessible", detail: detailOf(error) };
        if (!create) return { state: "missing" };
        try {
          await this.makeBucketDirectory();
        } catch (mkdirError) {
          return { state: "create-failed", detail: detailOf(mkdirError) };
        }
        return { state: "created", files: 0 };
      }
      try {
        const entries = await readdir(this.directory, { withFileTypes: true });
        return { state: "ready", files: entries.filter((entry) => entry.isFile() && !entry.name.startsWith(".")).length };
      } catch (error) {
        return { state: "partial", detail: detailOf(error) };
      }
    } catch (error) {
      return { state: "error", detail: detailOf(error) };
    }
  }

  protected async makeBucketDirectory(): Promise<void> {
    await mkdir(this.directory, { recursive: true });
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    await this.writeAside(name, bytes, (temporary, target) => rename(temporary, target));
  }

  async putNew(name: string, bytes: Uint8Array): Promise<boolean> {
    // A hard link fails with EEXIST when the name is taken, where a rename would replace it.
    return this.writeAside(name, bytes, async (temporary, target) => {
      try {
        await link(temporary, target);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
        throw error;
      } finally {
        await rm(temporary, { force: true });
      }
    });
  }

  /** Writes aside, then moves into place: a reader never sees half a picture. */
  private async writeAside<T>(name: string, bytes: Uint8Array, place: (temporary: string, target: string) => Promise<T>): Promise<T> {
    if (!isSafeNameIn(this.bucket, name)) throw new Error(`refusing to store a file named ${JSON.stringify(name)}`);
    await mkdir(this.directory, { recursive: true });
    const temporary = path.join(this.directory, `.upload-${randomBytes(6).toString("hex")}`);
    try {
      await writeFile(temporary, bytes);
      return await place(temporary, path.join(this.directory, name));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async putStream(name: string, source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<number> {
    if (!isSafeNameIn(this.bucket, name)) throw new Error(`refusing to store a file named ${JSON.stringify(name)}`);
    await mkdir(this.directory, { recursive: true });
    const temporary = path.join(this.directory, `.upload-${randomBytes(6).toString("hex")}`);
    const out = createWriteStream(temporary, { mode: 0o600 });
    let size = 0;
    try {
      for await (const chunk of source) {
        size += chunk.byteLength;
        if (size > maxBytes) throw new StoredFileTooLarge(maxBytes);
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
      }
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
      await rename(temporary, path.join(this.directory, name));
      return size;
    } catch (error) {
      out.destroy();
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async open(name: string): Promise<StoredFile | null> {
    if (!isSafeNameIn(this.bucket, name)) return null;
    const file = path.join(this.directory, name);
    let handle: FileHandle | undefined;
    try {
      // The handle's own stat: a rename between a stat of the path and the open would size another file.
      handle = await openFile(file, "r");
      const found = await handle.stat();
      if (!found.isFile()) {
        await handle.close();
        return null;
      }
      return { size: found.size, modified: found.mtime, body: fileWebStream(handle, found.size) };
    } catch {
      await handle?.close().catch(() => {});
      return null;
    }
  }

  /** The stored names, for moving them elsewhere (none when the folder does not exist). */
  async names(): Promise<string[]> {
    try {
      const entries = await readdir(this.directory, { withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && isSafeNameIn(this.bucket, entry.name))
        .map((entry) => entry.name)
        .sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }

  async remove(name: string): Promise<boolean> {
    if (!isSafeNameIn(this.bucket, name)) return false;
    try {
      await rm(path.join(this.directory, name));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
  }
}

/** Where the disk driver keeps the product-images bucket: DATA_DIR/storage/product-images. */
export function localProductImages(config: Pick<AppConfig, "dataDir">): LocalDiskStorage {
  return new LocalDiskStorage(path.join(config.dataDir, "storage"));
}

/** The product-images bucket of this installation, on the driver STORAGE names. Cheap: opens nothing. */
export function productImagesStorage(config: Pick<AppConfig, "dataDir" | "storage">, db: DB): Storage {
  return config.storage === "database" ? new DatabaseStorage(db) : localProductImages(config);
}

/** Any other bucket of this installation (FEED_FILES_BUCKET, UPLOADS_BUCKET), on the driver STORAGE names. */
export function fileStorage(config: Pick<AppConfig, "dataDir" | "storage">, db: DB, bucket: string): Storage {
  return config.storage === "database"
    ? new DatabaseStorage(db, bucket)
    : new LocalDiskStorage(path.join(config.dataDir, "storage"), bucket);
}
