import { once } from "node:events";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { createGunzip, createGzip, type Gzip } from "node:zlib";

/**
 * A gzip-compressed POSIX tar (ustar) file, written and read with node's own zlib: `tar xzf`
 * opens a backup anywhere, and the site needs no archive library for it. Only what a backup holds
 * is supported: regular files with relative names of at most 255 bytes.
 */

const BLOCK = 512;

export interface ArchiveEntry {
  name: string;
  bytes: Uint8Array;
  mode?: number;
  modified?: Date;
}

export class TarGzWriter {
  readonly #gzip: Gzip;
  readonly #file: WriteStream;
  readonly #finished: Promise<void>;

  constructor(file: string) {
    this.#gzip = createGzip();
    this.#file = createWriteStream(file, { mode: 0o600 });
    this.#gzip.pipe(this.#file);
    this.#finished = new Promise((resolve, reject) => {
      this.#file.on("finish", resolve);
      this.#file.on("error", reject);
      this.#gzip.on("error", reject);
    });
    // Rejections surface through close(); don't let an early one go unhandled meanwhile.
    this.#finished.catch(() => {});
  }

  async add(entry: ArchiveEntry): Promise<void> {
    await this.#write(header(entry));
    await this.#write(entry.bytes);
    const padding = (BLOCK - (entry.bytes.byteLength % BLOCK)) % BLOCK;
    if (padding) await this.#write(new Uint8Array(padding));
  }

  async close(): Promise<void> {
    // Two zero blocks end a tar archive.
    await this.#write(new Uint8Array(BLOCK * 2));
    this.#gzip.end();
    await this.#finished;
  }

  async #write(bytes: Uint8Array) {
    if (!this.#gzip.write(bytes)) await once(this.#gzip, "drain");
  }
}

function header({ name, bytes, mode = 0o600, modified = new Date() }: ArchiveEntry): Uint8Array {
  const block = Buffer.alloc(BLOCK);
  const nameBytes = Buffer.from(name, "utf8");
  let prefix = Buffer.alloc(0);
  let base = nameBytes;
  if (nameBytes.length > 100) {
    // ustar splits a long name at a "/" into a prefix (155 bytes) and a name (100 bytes).
    const cut = name.lastIndexOf("/", 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`file name too long for the backup: ${name}`);
    prefix = Buffer.from(name.slice(0, cut), "utf8");
    base = Buffer.from(name.slice(cut + 1), "utf8");
  }
  base.copy(block, 0);
  writeOctal(block, 100, 8, mode);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, bytes.byteLength);
  writeOctal(block, 136, 12, Math.floor(modified.getTime() / 1000));
  block.fill(0x20, 148, 156); // the checksum counts its own field as spaces
  block.write("0", 156, "latin1");
  block.write("ustar\u000000", 257, "latin1");
  prefix.copy(block, 345);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(sum.toString(8).padStart(6, "0") + "\u0000 ", 148, "latin1");
  return block;
}

function writeOctal(block: Buffer, offset: number, length: number, value: number) {
  const text = value.toString(8).padStart(length - 1, "0");
  if (text.length > length - 1) throw new Error(`value too large for the backup format: ${value}`);
  block.write(text + "\u0000", offset, "latin1");
}

function readText(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readText(block, offset, length).trim();
  return text === "" ? 0 : parseInt(text, 8);
}

export class NotABackupError extends Error {}

/**
 * The regular files of a .tar.gz, one at a time (each held in memory while it is handed over).
 * Directories are skipped; anything else, or a corrupt header, is refused.
 */
export async function* readTarGz(file: string): AsyncGenerator<ArchiveEntry> {
  let pending: Buffer = Buffer.alloc(0);
  let current: { name: string; size: number; mode: number; modified: Date; padded: number } | undefined;
  let sawEnd = false;
  const source = createReadStream(file).pipe(createGunzip());
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        if (sawEnd) break;
        if (!current) {
          if (pending.length < BLOCK) break;
          const block = pending.subarray(0, BLOCK);
          pending = pending.subarray(BLOCK);
          if (block.every((byte) => byte === 0)) {
            sawEnd = true;
            break;
          }
          current = parseHeader(Buffer.from(block));
          continue;
        }
        if (pending.length < current.padded) break;
        const bytes = Uint8Array.prototype.slice.call(pending, 0, current.size);
        pending = pending.subarray(current.padded);
        const entry = current;
        current = undefined;
        if (entry.name !== "") yield { name: entry.name, bytes, mode: entry.mode, modified: entry.modified };
      }
    }
  } catch (error) {
    if (error instanceof NotABackupError) throw error;
    throw new NotABackupError(`${file} is not a readable backup (${(error as Error).message})`);
  }
  if (current || !sawEnd) throw new NotABackupError(`${file} is cut short: the backup is incomplete`);
}

function parseHeader(block: Buffer) {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  if (readOctal(block, 148, 8) !== sum) throw new NotABackupError("the backup is damaged (a file header does not check out)");
  const prefix = readText(block, 345, 155);
  const base = readText(block, 0, 100);
  const name = prefix ? `${prefix}/${base}` : base;
  const type = String.fromCharCode(block[156]!);
  const size = readOctal(block, 124, 12);
  const padded = Math.ceil(size / BLOCK) * BLOCK;
  if (type === "5") return { name: "", size: 0, mode: 0, modified: new Date(0), padded: 0 };
  if (type !== "0" && type !== "\u0000") throw new NotABackupError(`the backup holds something other than a plain file: ${name}`);
  if (name.startsWith("/") || name.split("/").some((part) => part === ".." || part === "")) {
    throw new NotABackupError(`the backup names a file outside its folder: ${name}`);
  }
  return { name, size, mode: readOctal(block, 100, 8), modified: new Date(readOctal(block, 136, 12) * 1000), padded };
}
