import { createReadStream, createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { extract as tarExtract, pack as tarPack, type Pack } from "tar-stream";

/**
 * A backup is a gzip-compressed POSIX tar file (`tar xzf` opens it anywhere), written and read
 * with tar-stream. What a backup may hold is decided here: regular files with relative names,
 * nothing that points outside the folder it is unpacked into.
 */

export interface ArchiveEntry {
  name: string;
  bytes: Uint8Array;
  mode?: number;
  modified?: Date;
}

export class TarGzWriter {
  readonly #pack: Pack = tarPack();
  readonly #finished: Promise<void>;

  constructor(file: string) {
    this.#finished = pipeline(this.#pack, createGzip(), createWriteStream(file, { mode: 0o600 }));
    // Rejections surface through close(); don't let an early one go unhandled meanwhile.
    this.#finished.catch(() => {});
  }

  add({ name, bytes, mode = 0o600, modified = new Date() }: ArchiveEntry): Promise<void> {
    const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return new Promise((resolve, reject) => {
      this.#pack.entry({ name, size: body.byteLength, mode, mtime: modified, type: "file" }, body, (error) =>
        error ? reject(error) : resolve(),
      );
    });
  }

  async close(): Promise<void> {
    this.#pack.finalize();
    await this.#finished;
  }
}

export class NotABackupError extends Error {}

/**
 * The regular files of a .tar.gz, one at a time (each held in memory while it is handed over).
 * Directories are skipped; anything else (links, devices), a name that leaves the folder, or a
 * damaged or cut-short file is refused.
 */
export async function* readTarGz(file: string): AsyncGenerator<ArchiveEntry> {
  const extract = tarExtract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  let failure: unknown;
  reading.catch((error: unknown) => {
    failure = error;
    extract.destroy(error as Error);
  });
  try {
    for await (const entry of extract) {
      const { name, type, mode, mtime } = entry.header;
      if (type === "directory") {
        entry.resume();
        continue;
      }
      if (type !== "file") throw new NotABackupError(`the backup holds something other than a plain file: ${name}`);
      if (name.startsWith("/") || name.split("/").some((part) => part === ".." || part === "")) {
        throw new NotABackupError(`the backup names a file outside its folder: ${name}`);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      yield { name, bytes: Buffer.concat(chunks), mode: mode ?? 0o600, modified: mtime ?? new Date(0) };
    }
    await reading;
  } catch (error) {
    if (error instanceof NotABackupError) throw error;
    const cause = (failure ?? error) as Error;
    if (/unexpected end|premature close|unexpected eof/i.test(cause.message)) {
      throw new NotABackupError(`${file} is cut short: the backup is incomplete`);
    }
    throw new NotABackupError(`${file} is not a readable backup (${cause.message})`);
  }
}
