import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { log } from "../log.server";
import { fileWebStream } from "../storage/file-web-stream.server";

/**
 * A cached file opened for one response. `body` reads it from disk in small chunks and closes
 * the file once read to the end, on a read error, or when cancelled (a HEAD request, a client
 * that went away): whoever takes it must read it or cancel it.
 */
export interface CachedFile {
  size: number;
  body: ReadableStream<Uint8Array>;
}

/**
 * The image route's disk cache of rendered files, bounded by bytes with least-recently-used
 * eviction. The index of files lives in memory (a Map kept in use order: a hit moves its entry
 * to the end); it is rebuilt from the folder on first use after a start, oldest modification
 * first, so a restart keeps the budget. Only this process writes the folder.
 *
 * Files are `<dir>/<first two characters of the key>/<key>.<extension>`. Writes are atomic
 * (a temporary file, then a rename); a failed write or a file deleted behind our back only costs
 * a render later.
 */
export class ImageDiskCache {
  /** key → size in bytes, least recently used first. */
  private readonly entries = new Map<string, number>();
  private totalBytes = 0;
  private loaded: Promise<void> | undefined;

  constructor(
    private readonly dir: string,
    readonly maxBytes: number,
  ) {}

  /** Bytes held on disk by the files in the index. */
  get bytes(): number {
    return this.totalBytes;
  }

  private file(key: string): string {
    return path.join(this.dir, key.slice(0, 2), key);
  }

  /** The cached bytes for `key` (a file name such as '<hash>.avif'), or undefined. */
  async read(key: string): Promise<Buffer | undefined> {
    await this.load();
    if (!this.entries.has(key)) return undefined;
    try {
      const body = await readFile(this.file(key));
      this.touch(key, body.byteLength);
      return body;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") log.warn(`Image cache read failed for ${key}: ${(error as Error).message}`);
      this.forget(key);
      return undefined;
    }
  }

  /**
   * The cached file for `key` as a stream, or undefined. Serving hits this way keeps only a
   * stream's buffer per response in memory instead of the whole picture: under load, whole-file
   * reads left hundreds of MB of freed buffers in the process (docs/decisions/0035). The size
   * is the open file's, so it matches the bytes sent even if the file is evicted meanwhile (an
   * open file outlives its name) or replaced (writes are renames, never rewrites).
   */
  async open(key: string): Promise<CachedFile | undefined> {
    await this.load();
    if (!this.entries.has(key)) return undefined;
    let handle: FileHandle | undefined;
    try {
      handle = await open(this.file(key), "r");
      const { size } = await handle.stat();
      this.touch(key, size);
      // The stream closes the handle when it ends, fails or is cancelled.
      return { size, body: fileWebStream(handle, size) };
    } catch (error) {
      await handle?.close().catch(() => {});
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") log.warn(`Image cache read failed for ${key}: ${(error as Error).message}`);
      this.forget(key);
      return undefined;
    }
  }

  async write(key: string, body: Buffer): Promise<void> {
    await this.load();
    // A file larger than the whole budget would only evict everything and then itself.
    if (body.byteLength > this.maxBytes) return;
    const file = this.file(key);
    const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(temp, body);
      await rename(temp, file);
    } catch (error) {
      log.warn(`Image cache write failed for ${file}: ${(error as Error).message}`);
      await rm(temp, { force: true }).catch(() => {});
      return;
    }
    this.touch(key, body.byteLength);
    await this.evict();
  }

  private touch(key: string, size: number) {
    this.forget(key);
    this.entries.set(key, size);
    this.totalBytes += size;
  }

  private forget(key: string) {
    const size = this.entries.get(key);
    if (size === undefined) return;
    this.entries.delete(key);
    this.totalBytes -= size;
  }

  private async evict() {
    while (this.totalBytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) return;
      this.forget(oldest.value);
      await rm(this.file(oldest.value), { force: true }).catch((error: Error) => log.warn(`Image cache eviction failed: ${error.message}`));
    }
  }

  private load(): Promise<void> {
    this.loaded ??= this.scan();
    return this.loaded;
  }

  /** Indexes the files already on disk, oldest first, and trims them to the budget. */
  private async scan() {
    const found: { key: string; size: number; mtimeMs: number }[] = [];
    let shards: string[] = [];
    try {
      shards = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    for (const shard of shards) {
      let names: string[];
      try {
        names = await readdir(path.join(this.dir, shard));
      } catch {
        continue; // not a folder
      }
      for (const name of names) {
        const file = path.join(this.dir, shard, name);
        // Left over from a write interrupted by a crash.
        if (name.endsWith(".tmp")) {
          await rm(file, { force: true }).catch(() => {});
          continue;
        }
        const facts = await stat(file).catch(() => undefined);
        if (facts?.isFile()) found.push({ key: name, size: facts.size, mtimeMs: facts.mtimeMs });
      }
    }
    found.sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const { key, size } of found) {
      this.entries.set(key, size);
      this.totalBytes += size;
    }
    await this.evict();
  }
}
