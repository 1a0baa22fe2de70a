import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { IMPORT_MESSAGES, type ImportKind, type ToastText } from "~/lib/csv/import-messages";
import { readCollectionChoice, type CollectionChoice } from "~/lib/csv/import-plan";
import { canSaveFrom, IMPORT_JOB_KINDS, importOutcomeOf, type ImportRunOutcome } from "~/lib/csv/import-run";
import type { ResultToast } from "~/lib/forms/result-toast";
import { recordAudit } from "../audit/audit-log.server";
import type { AppConfig } from "../config.server";
import type { DB } from "../db/connection.server";
import { enqueueJob, loadJob } from "../jobs/job-queue.server";
import type { PeriodicJob } from "../jobs/job-runner.server";
import { JobFailure, type JobContext, type JobKind } from "../jobs/job-worker.server";
import { log } from "../log.server";
import { fileStorage, UPLOADS_BUCKET, type Storage } from "../storage/storage.server";
import {
  importCollectionCsv,
  importOfferCsv,
  importProductStream,
  previewCollectionCsv,
  previewOfferCsv,
  previewProductStream,
  type CsvPieces,
  type ImportOptions,
  type ImportResult,
  type PreviewResult,
  type SavedImport,
} from "./csv-import.server";

/**
 * The CSV imports as runs of the worker (docs/decisions/0098, 0100): the web process only stores
 * the uploaded file in the uploads bucket and queues a run; the worker reads it back as a stream,
 * previews it (what would be new, changed, unchanged; errors by line) or saves it in one
 * transaction that also ends the run, so a kill -9 mid-write leaves all the old rows or all the
 * new ones. The page is shown the run's bounded outcome (the counts and the first rows of each
 * status), never the file, which stays server-side: confirming a preview names its run, not the file.
 */

/** Who asked, for the audit log row the save writes in its own transaction. */
export interface ImportAuditor {
  userId: string | null;
  email: string;
  address: string | null;
}

/** A run's input (the job's payload). */
export interface ImportJobInput {
  /** "preview": what saving would change, nothing written; "save": the write, all or nothing. */
  mode: "preview" | "save";
  /** The uploaded file's name in the uploads bucket. */
  file: string;
  /** Its name on the owner's computer (the run's label says it). */
  fileName: string;
  /** Its size: the progress is the share of these bytes read. */
  bytes: number;
  /** A save confirming a preview: that preview's fingerprint (nothing is saved when the plan has changed since). */
  expectedFingerprint?: string | null;
  /** The owner's answer for rule-listed collections (products only). */
  collectionChoice?: CollectionChoice | null;
  auditor?: ImportAuditor | null;
}

/** Notes kept in a run's outcome: a file with 100,000 warnings says how many more there were. */
export const MAX_NOTES = 200;

export const IMPORT_FILE_GONE =
  "The uploaded file is no longer on the server (it was saved already, or the server's storage was emptied). Choose the file again.";

const MODE_WORDS = { preview: "preview", save: "save" } as const;
const KIND_WORDS: Record<ImportKind, string> = { products: "Products", collections: "Collections", offers: "Offers" };

function boundedNotes(notes: readonly string[]): string[] {
  if (notes.length <= MAX_NOTES) return [...notes];
  return [...notes.slice(0, MAX_NOTES), `… and ${(notes.length - MAX_NOTES).toLocaleString("en-US")} more.`];
}

/** The run's label in the list of runs: "Products import: preview of saunas.csv". */
export function importRunLabel(kind: ImportKind, mode: ImportJobInput["mode"], fileName: string): string {
  return `${KIND_WORDS[kind]} import: ${MODE_WORDS[mode]} of ${fileName.slice(0, 120) || "the file"}`;
}

const uploads = (config: Pick<AppConfig, "dataDir" | "storage">, db: DB) => fileStorage(config, db, UPLOADS_BUCKET);

/**
 * Stores an uploaded CSV and queues its run; the run's id. The bytes were read under the import's
 * limit (a file over it was answered 413 before this).
 */
export async function startImportRun(
  config: Pick<AppConfig, "dataDir" | "storage">,
  db: DB,
  request: {
    kind: ImportKind;
    mode: ImportJobInput["mode"];
    bytes: Uint8Array;
    fileName: string;
    startedBy: string | null;
    expectedFingerprint?: string | null;
    collectionChoice?: CollectionChoice | null;
    auditor?: ImportAuditor | null;
  },
): Promise<number> {
  const file = `${request.kind}-import-${randomUUID()}.csv`;
  await uploads(config, db).put(file, request.bytes);
  const input: ImportJobInput = {
    mode: request.mode,
    file,
    fileName: request.fileName,
    bytes: request.bytes.byteLength,
    expectedFingerprint: request.expectedFingerprint ?? null,
    collectionChoice: request.collectionChoice ?? null,
    auditor: request.auditor ?? null,
  };
  return enqueueJob(db, {
    kind: IMPORT_JOB_KINDS[request.kind],
    label: importRunLabel(request.kind, request.mode, request.fileName),
    payload: input,
    startedBy: request.startedBy,
  });
}

/** Why a run cannot be saved from: in the owner's words. */
export class NotSavable extends Error {
  override name = "NotSavable";
}

/**
 * Confirms a preview (or answers a refused save's question): queues the save of the file that
 * run read, which is still in the uploads bucket, with the plan's fingerprint the owner was shown.
 */
export async function startSaveFromRun(
  db: DB,
  kind: ImportKind,
  runId: number,
  request: { startedBy: string | null; collectionChoice?: CollectionChoice | null; auditor?: ImportAuditor | null },
): Promise<number> {
  const job = Number.isSafeInteger(runId) && runId > 0 ? await loadJob(db, runId) : null;
  if (!job || job.kind !== IMPORT_JOB_KINDS[kind]) throw new NotSavable("There is no such import run. Choose the file again.");
  const input = readInput(job.payload);
  const outcome = importOutcomeOf(job);
  if (!input || !outcome?.preview || !canSaveFrom(outcome))
    throw new NotSavable("This run's file cannot be saved from here: its preview did not go through. Choose the file again.");
  const next: ImportJobInput = {
    mode: "save",
    file: input.file,
    fileName: input.fileName,
    bytes: input.bytes,
    expectedFingerprint: outcome.preview.fingerprint,
    collectionChoice: request.collectionChoice ?? input.collectionChoice ?? null,
    auditor: request.auditor ?? null,
  };
  return enqueueJob(db, {
    kind: job.kind,
    label: importRunLabel(kind, "save", input.fileName),
    payload: next,
    startedBy: request.startedBy,
  });
}

export function readInput(payload: unknown): ImportJobInput | null {
  const input = payload as Partial<ImportJobInput> | null;
  if (!input || typeof input.file !== "string" || (input.mode !== "preview" && input.mode !== "save")) return null;
  return {
    mode: input.mode,
    file: input.file,
    fileName: typeof input.fileName === "string" ? input.fileName : "the file",
    bytes: typeof input.bytes === "number" ? input.bytes : 0,
    expectedFingerprint: typeof input.expectedFingerprint === "string" ? input.expectedFingerprint : null,
    collectionChoice: readCollectionChoice(input.collectionChoice),
    auditor: input.auditor ?? null,
  };
}

// ---- The worker's side.

/** The stored file as text pieces, counting the bytes read (the progress). */
async function* textPieces(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>, onBytes: (bytes: number) => void): CsvPieces {
  const decoder = new TextDecoder("utf-8");
  const chunks = Symbol.asyncIterator in body ? body : Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
  for await (const chunk of chunks as AsyncIterable<Uint8Array>) {
    onBytes(chunk.byteLength);
    const text = decoder.decode(chunk, { stream: true });
    if (text !== "") yield text;
  }
  const rest = decoder.decode();
  if (rest !== "") yield rest;
}

/**
 * The stored file, readable while the save's transaction is open. The database driver reads its
 * chunks through the run's own handle, which that transaction holds: such a file is first copied
 * to a temporary file (a stream, never whole in memory), and read from there.
 */
async function openForRun(
  storage: Storage,
  name: string,
): Promise<{ body: AsyncIterable<Uint8Array>; size: number; close(): Promise<void> } | null> {
  const stored = await storage.open(name);
  if (!stored) return null;
  if (storage.kind === "disk")
    return {
      body: Readable.fromWeb(stored.body as import("node:stream/web").ReadableStream<Uint8Array>),
      size: stored.size,
      close: async () => {},
    };
  const folder = await mkdtemp(path.join(os.tmpdir(), "import-"));
  const copy = path.join(folder, "file.csv");
  try {
    await pipeline(Readable.fromWeb(stored.body as import("node:stream/web").ReadableStream<Uint8Array>), createWriteStream(copy));
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return { body: createReadStream(copy), size: stored.size, close: () => rm(folder, { recursive: true, force: true }) };
}

async function readWhole(body: AsyncIterable<Uint8Array>, onBytes: (bytes: number) => void): Promise<string> {
  let text = "";
  for await (const piece of textPieces(body, onBytes)) text += piece;
  return text;
}

const errorToast = (toast: ToastText): ResultToast => ({ kind: "error", ...toast });

function refusedOutcome(
  kind: ImportKind,
  mode: ImportJobInput["mode"],
  result: Extract<ImportResult | PreviewResult, { ok: false }>,
): ImportRunOutcome {
  return {
    kind,
    mode,
    ok: false,
    status: result.status,
    toast: errorToast(result.toast),
    notes: [],
    preview: "preview" in result && result.preview ? result.preview : null,
  };
}

function savedOutcome(kind: ImportKind, saved: SavedImport): ImportRunOutcome {
  return {
    kind,
    mode: "save",
    ok: true,
    status: 200,
    toast: { kind: "success", ...saved.toast },
    notes: boundedNotes(saved.notes),
    warnings: boundedNotes(saved.warnings),
    preview: saved.preview,
    saved: saved.saved,
    unchanged: saved.unchanged,
    milliseconds: saved.milliseconds,
  };
}

function auditDetail(outcome: ImportRunOutcome, fileName: string): string {
  const words = outcome.toast ? `${outcome.toast.title}: ${outcome.toast.description ?? ""}` : "no answer";
  return `${outcome.ok ? words : `Nothing saved (${outcome.status}). ${words}`} (${fileName})`;
}

const AUDIT_ACTIONS = { products: "products-imported", collections: "collections-imported", offers: "offers-imported" } as const;

async function recordSave(db: DB, kind: ImportKind, input: ImportJobInput, outcome: ImportRunOutcome): Promise<void> {
  if (!input.auditor) return;
  await recordAudit(db, {
    userId: input.auditor.userId,
    email: input.auditor.email,
    action: AUDIT_ACTIONS[kind],
    detail: auditDetail(outcome, input.fileName),
    address: input.auditor.address,
  });
}

async function runImport(kind: ImportKind, config: Pick<AppConfig, "dataDir" | "storage" | "prices">, context: JobContext) {
  const input = readInput(context.job.payload);
  if (!input) throw new JobFailure("This run names no file to import. Choose the file again.");
  const storage = uploads(config, context.db);
  const file = await openForRun(storage, input.file);
  if (!file) throw new JobFailure(IMPORT_FILE_GONE);
  const kilobytes = Math.max(1, Math.ceil(file.size / 1024));
  let bytesRead = 0;
  let rowsRead = 0;
  let rowsWritten = 0;
  const verb = input.mode === "save" ? "written" : "to write";
  const report = () =>
    context.progress({
      done: bytesRead >= file.size ? kilobytes : Math.min(kilobytes - 1, Math.floor(bytesRead / 1024)),
      total: kilobytes,
      note: `KB read; ${rowsRead.toLocaleString("en-US")} rows read, ${rowsWritten.toLocaleString("en-US")} ${verb}`,
    });
  const onBytes = (bytes: number) => {
    // Cancel is heard at every piece of the file, also inside one long row or a header still being read.
    context.signal.throwIfAborted();
    bytesRead += bytes;
    report();
  };
  const options: ImportOptions = {
    prices: config.prices,
    signal: context.signal,
    expectedFingerprint: input.expectedFingerprint ?? undefined,
    collectionChoice: input.collectionChoice ?? undefined,
    onRows: (read, written) => {
      rowsRead = read;
      rowsWritten = written;
      report();
    },
    beforeCommit: async (trx, saved) => {
      const outcome = savedOutcome(kind, saved);
      await recordSave(trx, kind, input, outcome);
      await context.finishWithin(trx, outcome);
    },
  };
  report();
  let outcome: ImportRunOutcome;
  try {
    if (input.mode === "preview") {
      const previewed =
        kind === "products"
          ? await previewProductStream(context.db, textPieces(file.body, onBytes), options)
          : kind === "collections"
            ? await previewCollectionCsv(context.db, await readWhole(file.body, onBytes))
            : await previewOfferCsv(context.db, await readWhole(file.body, onBytes));
      context.signal.throwIfAborted();
      outcome = previewed.ok
        ? {
            kind,
            mode: "preview",
            ok: true,
            status: 200,
            toast: null,
            notes: [],
            preview: previewed.preview,
            milliseconds: previewed.milliseconds,
          }
        : refusedOutcome(kind, "preview", previewed);
    } else {
      const saved =
        kind === "products"
          ? await importProductStream(context.db, textPieces(file.body, onBytes), options)
          : kind === "collections"
            ? await importCollectionCsv(context.db, await readWhole(file.body, onBytes), options)
            : await importOfferCsv(context.db, await readWhole(file.body, onBytes), options);
      outcome = saved.ok ? savedOutcome(kind, saved) : refusedOutcome(kind, "save", saved);
      if (!saved.ok) await recordSave(context.db, kind, input, outcome);
    }
  } finally {
    await file.close();
  }
  if (!outcome.ok) throw new JobFailure(outcome.toast?.description ?? IMPORT_MESSAGES.parseErrorFallback, outcome);
  // Saved: the file is no longer needed (a preview keeps it for its Save).
  if (input.mode === "save")
    await storage.remove(input.file).catch((error: unknown) => log.warn(`Import file ${input.file} not removed: ${String(error)}`));
  return outcome;
}

/** The worker's kind for one import (products, collections or offers). */
export function importJobKind(kind: ImportKind, config: Pick<AppConfig, "dataDir" | "storage" | "prices">): JobKind {
  return { kind: IMPORT_JOB_KINDS[kind], run: (context) => runImport(kind, config, context) };
}

/** The three import kinds, for the worker's list (site-worker.server.ts). */
export function importJobKinds(config: Pick<AppConfig, "dataDir" | "storage" | "prices">): JobKind[] {
  return (Object.keys(IMPORT_JOB_KINDS) as ImportKind[]).map((kind) => importJobKind(kind, config));
}

// ---- Clean-up.

/** How long a previewed file waits for its Save before the clean-up removes it. */
export const IMPORT_UPLOAD_KEPT_MS = 24 * 60 * 60_000;
/** Files of runs older than this were looked at by earlier clean-ups (each looks at a week's runs at most). */
const LOOKED_AT_MS = 8 * 24 * 60 * 60_000;

/**
 * Removes the uploaded files of import runs that ended more than a day ago (a preview never saved,
 * a refused save), unless a run still waiting or running reads them. A saved file is removed by
 * its save already; removing one twice is a no-op. Bounded: the runs of one week, 1,000 at a time.
 */
export async function forgetImportUploads(config: Pick<AppConfig, "dataDir" | "storage">, db: DB, now = Date.now()): Promise<number> {
  const kinds = Object.values(IMPORT_JOB_KINDS);
  const ended = await db
    .selectFrom("jobs")
    .select("payload")
    .where("kind", "in", kinds)
    .where("state", "in", ["done", "failed", "cancelled"])
    .where("finished_at", "<", now - IMPORT_UPLOAD_KEPT_MS)
    .where("finished_at", ">", now - LOOKED_AT_MS)
    .orderBy("finished_at")
    .limit(1_000)
    .execute();
  const pending = await db
    .selectFrom("jobs")
    .select("payload")
    .where("kind", "in", kinds)
    .where("state", "in", ["queued", "running"])
    .execute();
  const fileOf = (row: { payload: string }) => readInput(JSON.parse(row.payload) as unknown)?.file ?? null;
  const inUse = new Set(pending.map(fileOf));
  const storage = uploads(config, db);
  let removed = 0;
  for (const file of new Set(ended.map(fileOf))) {
    if (file === null || inUse.has(file)) continue;
    if (await storage.remove(file)) removed += 1;
  }
  return removed;
}

/** The worker's hourly clean-up of import uploads (site-worker.server.ts). */
export function forgetImportUploadsJob(config: Pick<AppConfig, "dataDir" | "storage">): PeriodicJob {
  return { name: "forget-import-uploads", everyMs: 60 * 60_000, quiet: true, run: (db) => forgetImportUploads(config, db) };
}
