import { randomBytes } from "node:crypto";
import { MAX_CSV_BYTES } from "~/lib/admin/upload-limits";
import { createCsvRecordStream, CsvSyntaxError, ownString } from "~/lib/csv/csv-table";
import { IMPORT_MESSAGES } from "~/lib/csv/import-messages";
import { createHeaderFinder, createReportReader, type ColumnMap, type ReportReading } from "~/lib/revenue/commission-report";
import type { AppConfig } from "../config.server";
import type { DB } from "../db/connection.server";
import { guardedGet } from "../outbound/guarded-http.server";
import type { OutboundPolicy } from "../outbound/outbound-policy.server";
import { fileStorage, StoredFileTooLarge, UPLOADS_BUCKET, type Storage } from "../storage/storage.server";

/**
 * A commission report kept server-side while it is read and saved (docs/decisions/0100): its
 * file in the uploads bucket (any instance reads it), its row in commission_uploads. The page
 * only ever names it by id. The file goes once the report is saved, or when it is a day old.
 */

/** An upload not saved within a day is forgotten (the owner can upload it again). */
export const UPLOAD_KEEP_MS = 86_400_000;

export interface CommissionUpload {
  id: string;
  network: string;
  reportUrl: string | null;
  startedBy: string | null;
  byteSize: number | null;
  jobId: number | null;
  createdAt: number;
  savedAt: number | null;
}

export const uploadsStorage = (config: Pick<AppConfig, "dataDir" | "storage">, db: DB): Storage => fileStorage(config, db, UPLOADS_BUCKET);

const fileName = (id: string) => `commission-report-${id}.csv`;

/** Random: the id is all the page carries, and it must not be guessable from another upload's. */
const isUploadId = (id: string) => /^[A-Za-z0-9_-]{16}$/.test(id);

/**
 * A kept cell, as a string of its own. V8 makes a cell of 13 characters or more a slice that
 * keeps the whole piece of text alive; shorter ones are copies already (and most cells are short).
 */
const keepCell = (cell: string) => (cell.length < 13 ? cell : ownString(cell));

const num = (value: number | string | null) => (value === null ? null : Number(value));

export async function loadUpload(db: DB, id: string): Promise<CommissionUpload | null> {
  if (!isUploadId(id)) return null;
  const row = await db.selectFrom("commission_uploads").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    network: row.network,
    reportUrl: row.report_url,
    startedBy: row.started_by,
    byteSize: num(row.byte_size),
    jobId: num(row.job_id),
    createdAt: Number(row.created_at),
    savedAt: num(row.saved_at),
  };
}

/** A new upload's row; its file is stored next (storeUploadFile) or fetched by its read run. */
export async function addUpload(
  db: DB,
  upload: { network: string; reportUrl: string | null; startedBy: string | null },
  now: number = Date.now(),
): Promise<string> {
  const id = randomBytes(12).toString("base64url");
  await db
    .insertInto("commission_uploads")
    .values({ id, network: upload.network, report_url: upload.reportUrl, started_by: upload.startedBy, created_at: now })
    .execute();
  return id;
}

/** The upload's latest run (its read or its save). */
export async function setUploadJob(db: DB, id: string, jobId: number): Promise<void> {
  await db.updateTable("commission_uploads").set({ job_id: jobId }).where("id", "=", id).execute();
}

/** Inside the save's transaction: the upload is saved exactly when its orders are. */
export async function markUploadSaved(trx: DB, id: string, now: number = Date.now()): Promise<void> {
  await trx.updateTable("commission_uploads").set({ saved_at: now }).where("id", "=", id).execute();
}

export class UploadRefused extends Error {
  override name = "UploadRefused";
}

/** Streams the file into the bucket, never holding it whole; its size. Past the cap: UploadRefused. */
export async function storeUploadFile(db: DB, storage: Storage, id: string, source: AsyncIterable<Uint8Array>): Promise<number> {
  try {
    const size = await storage.putStream(fileName(id), source, MAX_CSV_BYTES);
    await db.updateTable("commission_uploads").set({ byte_size: size }).where("id", "=", id).execute();
    return size;
  } catch (error) {
    if (error instanceof StoredFileTooLarge) throw new UploadRefused(IMPORT_MESSAGES.fileTooLarge(MAX_CSV_BYTES + 1));
    throw error;
  }
}

/** Fetches the report at its URL into the bucket (guarded: no internal address, size and time capped). */
export async function fetchUploadFile(
  db: DB,
  storage: Storage,
  id: string,
  url: string,
  policy: OutboundPolicy,
  signal?: AbortSignal,
): Promise<number> {
  let response;
  try {
    response = await guardedGet(url, { policy, timeoutMs: 60_000, maxBytes: MAX_CSV_BYTES, headers: { accept: "text/csv,*/*" }, signal });
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw new UploadRefused(`The report could not be fetched: ${(error as Error)?.message ?? String(error)}. Upload the file instead.`);
  }
  if (response.status !== 200) {
    response.body.destroy();
    throw new UploadRefused(`The report URL answered ${response.status}, not a report. Check the address, or upload the file.`);
  }
  try {
    return await storeUploadFile(db, storage, id, response.body);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (error instanceof UploadRefused) throw error;
    throw new UploadRefused(`The report could not be fetched: ${(error as Error)?.message ?? String(error)}. Upload the file instead.`);
  }
}

export type StoredReading =
  { ok: true; headers: string[]; reading: ReportReading & { ok: true } } | { ok: false; error: string; headers?: string[] };

export interface ReadOptions {
  signal?: AbortSignal;
  /** After each piece: rows read so far, bytes read of the file's size. */
  progress?(rowsRead: number, bytesRead: number, size: number): void;
  /** Stop after the header (to offer its columns for the mapping). */
  headersOnly?: boolean;
}

/**
 * Reads the stored report as it streams from the bucket, piece by piece (the file is never one
 * string): its headers, then, with the mapping, every row. An unreadable file or a mapping that
 * does not fit is `ok: false` in words; the signal stops it between two pieces.
 */
export async function readStoredReport(
  storage: Storage,
  id: string,
  map: ColumnMap | null,
  options: ReadOptions = {},
): Promise<StoredReading> {
  const file = await storage.open(fileName(id));
  if (!file) return { ok: false, error: "The uploaded report is gone (uploads are kept for a day). Upload it again." };
  const records = createCsvRecordStream();
  // No mapping yet: any mapping reads the header; the reader is made once the headers are known.
  const reader = map ? createReportReader(map, keepCell) : null;
  let headers: string[] | null = null;
  // Title lines above the header (Amazon writes one) are skipped: the header is the first line that fits.
  const finder = createHeaderFinder(map);
  const found = (candidate: string[]): "go" | "stop" | { error: string } => {
    headers = candidate.map(keepCell);
    if (options.headersOnly || !reader) return "stop";
    const checked = reader.header(headers);
    return checked.ok ? "go" : { error: checked.error };
  };
  let line = 0;
  let bytesRead = 0;
  const decoder = new TextDecoder("utf-8");
  const take = (batch: string[][]): "go" | "stop" | { error: string } => {
    for (const record of batch) {
      line++;
      if (headers === null) {
        const pushed = finder.push(record);
        if (pushed === "more") continue;
        const outcome = found(pushed.headers);
        if (outcome !== "go") return outcome;
        continue;
      }
      reader!.record(record, line);
    }
    return "go";
  };
  const ended = (): "go" | "stop" | { error: string } => {
    if (headers !== null) return "go";
    const last = finder.end();
    return "error" in last ? { error: IMPORT_MESSAGES.emptyFile } : found(last.headers);
  };
  const iterator = file.body[Symbol.asyncIterator]();
  try {
    for (;;) {
      if (options.signal?.aborted) throw options.signal.reason;
      const { done, value } = await iterator.next();
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      if (!done) bytesRead += value.byteLength;
      let outcome = take(done ? [...records.push(text), ...records.end()] : records.push(text));
      if (done && outcome === "go") outcome = ended();
      if (typeof outcome === "object") return { ok: false, error: outcome.error, headers: headers ?? undefined };
      if (outcome === "stop") break;
      options.progress?.(reader?.rowsRead ?? 0, bytesRead, file.size);
      if (done) break;
      // Other work on this process (the heartbeat, Cancel) runs between two pieces.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, error: error.message, headers: headers ?? undefined };
    throw error;
  } finally {
    await iterator.return?.();
  }
  if (headers === null) return { ok: false, error: IMPORT_MESSAGES.emptyFile };
  if (!reader || options.headersOnly) return { ok: true, headers, reading: { ok: true, rows: [], errors: [] } };
  const reading = reader.finish();
  if (!reading.ok) return { ok: false, error: reading.error, headers };
  return { ok: true, headers, reading };
}

export async function removeUploadFile(storage: Storage, id: string): Promise<void> {
  await storage.remove(fileName(id));
}

/**
 * The clean-up: the files of saved uploads (their save removes them, unless the server stopped
 * just after it committed) and of uploads older than a day, with those rows. The count forgotten.
 */
export async function forgetUploads(db: DB, storage: Storage, now: number = Date.now()): Promise<number> {
  const cutoff = now - UPLOAD_KEEP_MS;
  const due = await db
    .selectFrom("commission_uploads")
    .select(["id", "created_at"])
    .where((eb) => eb.or([eb.and([eb("saved_at", "is not", null), eb("byte_size", "is not", null)]), eb("created_at", "<", cutoff)]))
    .limit(500)
    .execute();
  for (const upload of due) {
    await removeUploadFile(storage, upload.id);
    // A saved upload's row stays for its day (its page still says what was saved), without its file.
    if (Number(upload.created_at) < cutoff) await db.deleteFrom("commission_uploads").where("id", "=", upload.id).execute();
    else await db.updateTable("commission_uploads").set({ byte_size: null }).where("id", "=", upload.id).execute();
  }
  return due.length;
}
