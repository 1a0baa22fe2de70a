import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { PRODUCT_IMAGES_BUCKET } from "~/lib/images/image-source";
import { describeBytes, MAX_IMAGE_BYTES } from "~/lib/admin/upload-limits";
import type { DB } from "../db/connection.server";
import type { Database } from "../db/schema";
import { isSafeNameIn } from "./file-names";
import { StoredFileTooLarge, type StorageStatus, type StoredFile, type Storage } from "./storage.server";

/**
 * The product-images bucket kept in the database (IMAGE_STORAGE=database, the default on
 * PostgreSQL): every instance sharing the database reads the same pictures, and a backup of the
 * database holds them (docs/decisions/0033).
 *
 * A file is a row of stored_files and its bytes are rows of stored_file_chunks of at most
 * CHUNK_BYTES each, written in one transaction and read back one chunk per query as the
 * response is sent: a 10 MB picture never sits in one statement or one result, and a slow
 * client holds no transaction open. Every write gets a new version, so a reader that started
 * on the old one never gets a mix of two pictures: it stops with an error instead.
 */

export const CHUNK_BYTES = 256 * 1024;

export class DatabaseStorage implements Storage {
  readonly kind = "database";

  constructor(
    private readonly db: DB,
    readonly bucket: string = PRODUCT_IMAGES_BUCKET,
  ) {}

  async check(_options: { create: boolean }): Promise<StorageStatus> {
    // The tables come with the migrations: there is nothing to create.
    try {
      const row = await this.db
        .selectFrom("stored_files")
        .select((eb) => eb.fn.countAll<number>().as("files"))
        .where("bucket", "=", this.bucket)
        .executeTakeFirstOrThrow();
      return { state: "ready", files: Number(row.files) };
    } catch (error) {
      return { state: "inaccessible", detail: (error as Error).message };
    }
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    const { buffer, version, chunks } = this.prepare(name, bytes);
    await this.db.transaction().execute(async (trx) => {
      await this.writeChunks(trx, version, buffer, chunks);
      const previous = await trx
        .selectFrom("stored_files")
        .select("version")
        .where("bucket", "=", this.bucket)
        .where("name", "=", name)
        .executeTakeFirst();
      const row = { bucket: this.bucket, name, version, size: buffer.byteLength, chunks, modified_at: Date.now() };
      if (previous) {
        await trx.updateTable("stored_files").set(row).where("bucket", "=", this.bucket).where("name", "=", name).execute();
        await trx.deleteFrom("stored_file_chunks").where("version", "=", previous.version).execute();
      } else {
        await trx.insertInto("stored_files").values(row).execute();
      }
    });
  }

  /**
   * The chunks are written as they arrive, each in a statement of its own, under a new version no
   * reader knows yet; one short transaction then makes that version the file's. A slow upload (or
   * a 200 MB feed) never holds a transaction open, and a failure removes the chunks it wrote.
   */
  async putStream(name: string, source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<number> {
    if (!isSafeNameIn(this.bucket, name)) throw new Error(`refusing to store a file named ${JSON.stringify(name)}`);
    const version = randomUUID();
    let size = 0;
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (all: boolean) => {
      let joined = Buffer.concat(pending, pendingBytes);
      while (joined.byteLength >= CHUNK_BYTES || (all && joined.byteLength > 0)) {
        const data = joined.subarray(0, CHUNK_BYTES);
        await this.db.insertInto("stored_file_chunks").values({ version, seq, data }).execute();
        seq += 1;
        joined = joined.subarray(data.byteLength);
      }
      pending = joined.byteLength > 0 ? [joined] : [];
      pendingBytes = joined.byteLength;
    };
    try {
      for await (const chunk of source) {
        size += chunk.byteLength;
        if (size > maxBytes) throw new StoredFileTooLarge(maxBytes);
        pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        pendingBytes += chunk.byteLength;
        if (pendingBytes >= CHUNK_BYTES) await flush(false);
      }
      await flush(true);
      // An empty file is still one (empty) chunk, as put() stores it.
      if (seq === 0) await this.db.insertInto("stored_file_chunks").values({ version, seq: seq++, data: new Uint8Array() }).execute();
      const chunks = seq;
      await this.db.transaction().execute(async (trx) => {
        const previous = await trx
          .selectFrom("stored_files")
          .select("version")
          .where("bucket", "=", this.bucket)
          .where("name", "=", name)
          .executeTakeFirst();
        const row = { bucket: this.bucket, name, version, size, chunks, modified_at: Date.now() };
        if (previous) {
          await trx.updateTable("stored_files").set(row).where("bucket", "=", this.bucket).where("name", "=", name).execute();
          await trx.deleteFrom("stored_file_chunks").where("version", "=", previous.version).execute();
        } else {
          await trx.insertInto("stored_files").values(row).execute();
        }
      });
      return size;
    } catch (error) {
      await this.db.deleteFrom("stored_file_chunks").where("version", "=", version).execute();
      throw error;
    }
  }

  /**
   * Writes a new file within the caller's transaction (the move to PostgreSQL writes every file in
   * the one transaction that copies the tables): chunks as they arrive, then its row. Nothing of it
   * stays if that transaction rolls back.
   */
  async putStreamWithin(trx: Kysely<Database>, name: string, source: AsyncIterable<Uint8Array>): Promise<number> {
    if (!isSafeNameIn(this.bucket, name)) throw new Error(`refusing to store a file named ${JSON.stringify(name)}`);
    const version = randomUUID();
    let size = 0;
    let seq = 0;
    let pending = Buffer.alloc(0);
    for await (const piece of source) {
      size += piece.byteLength;
      pending = Buffer.concat([pending, piece]);
      while (pending.byteLength >= CHUNK_BYTES) {
        await trx
          .insertInto("stored_file_chunks")
          .values({ version, seq: seq++, data: pending.subarray(0, CHUNK_BYTES) })
          .execute();
        pending = pending.subarray(CHUNK_BYTES);
      }
    }
    // An empty file is still one (empty) chunk, as put() stores it.
    if (pending.byteLength > 0 || seq === 0)
      await trx.insertInto("stored_file_chunks").values({ version, seq: seq++, data: pending }).execute();
    await trx
      .insertInto("stored_files")
      .values({ bucket: this.bucket, name, version, size, chunks: seq, modified_at: Date.now() })
      .execute();
    return size;
  }

  async putNew(name: string, bytes: Uint8Array): Promise<boolean> {
    const { buffer, version, chunks } = this.prepare(name, bytes);
    const taken = Symbol("taken");
    try {
      await this.db.transaction().execute(async (trx) => {
        await this.writeChunks(trx, version, buffer, chunks);
        // The primary key (bucket, name) decides between two uploads of one name: the second inserts nothing.
        const inserted = await trx
          .insertInto("stored_files")
          .values({ bucket: this.bucket, name, version, size: buffer.byteLength, chunks, modified_at: Date.now() })
          .onConflict((conflict) => conflict.columns(["bucket", "name"]).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw taken; // rolls the chunks back
      });
      return true;
    } catch (error) {
      if (error === taken) return false;
      throw error;
    }
  }

  private prepare(name: string, bytes: Uint8Array) {
    if (!isSafeNameIn(this.bucket, name)) throw new Error(`refusing to store a file named ${JSON.stringify(name)}`);
    // The upload checks this first; a picture that skipped them (a move from disk) still may not be larger.
    if (this.bucket === PRODUCT_IMAGES_BUCKET && bytes.byteLength > MAX_IMAGE_BYTES)
      throw new Error(`refusing to store ${name}: larger than ${describeBytes(MAX_IMAGE_BYTES)}`);
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { buffer, version: randomUUID(), chunks: Math.max(1, Math.ceil(buffer.byteLength / CHUNK_BYTES)) };
  }

  private async writeChunks(trx: Transaction<Database>, version: string, buffer: Buffer, chunks: number): Promise<void> {
    for (let seq = 0; seq < chunks; seq++) {
      const data = buffer.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES);
      await trx.insertInto("stored_file_chunks").values({ version, seq, data }).execute();
    }
  }

  async open(name: string): Promise<StoredFile | null> {
    if (!isSafeNameIn(this.bucket, name)) return null;
    const file = await this.db
      .selectFrom("stored_files")
      .select(["version", "size", "chunks", "modified_at"])
      .where("bucket", "=", this.bucket)
      .where("name", "=", name)
      .executeTakeFirst();
    if (!file) return null;
    const db = this.db;
    const chunks = Number(file.chunks);
    let seq = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const chunk = await db
            .selectFrom("stored_file_chunks")
            .select("data")
            .where("version", "=", file.version)
            .where("seq", "=", seq)
            .executeTakeFirst();
          if (!chunk) {
            controller.error(new Error(`${name} was replaced or removed while it was being read`));
            return;
          }
          controller.enqueue(new Uint8Array(chunk.data));
          seq += 1;
          if (seq >= chunks) controller.close();
        },
      },
      // One chunk at a time: the next is read when the client has taken the last.
      { highWaterMark: 0 },
    );
    return { size: Number(file.size), modified: new Date(Number(file.modified_at)), body };
  }

  async remove(name: string): Promise<boolean> {
    if (!isSafeNameIn(this.bucket, name)) return false;
    return this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom("stored_files")
        .where("bucket", "=", this.bucket)
        .where("name", "=", name)
        .returning("version")
        .executeTakeFirst();
      if (!removed) return false;
      await trx.deleteFrom("stored_file_chunks").where("version", "=", removed.version).execute();
      return true;
    });
  }

  /** Whether a file of this name and size is stored (the move from disk skips those). */
  async has(name: string, size: number): Promise<boolean> {
    const row = await this.db
      .selectFrom("stored_files")
      .select("size")
      .where("bucket", "=", this.bucket)
      .where("name", "=", name)
      .executeTakeFirst();
    return row !== undefined && Number(row.size) === size;
  }
}
