import { presetForReport } from "~/lib/revenue/report-presets";
import { guessColumnMap, mappingProblems, type ColumnMap, type CommissionRow, type MappedField } from "~/lib/revenue/commission-report";
import type { AppConfig } from "../config.server";
import type { DB } from "../db/connection.server";
import { enqueueJob, unfinishedJobs } from "../jobs/job-queue.server";
import { JobFailure, type JobContext, type JobKind } from "../jobs/job-worker.server";
import type { OutboundPolicy } from "../outbound/outbound-policy.server";
import type { Storage } from "../storage/storage.server";
import { listNetworks, planReport, ReportChanged, saveReport, type ReportPlan } from "./commission-reports.server";
import {
  addUpload,
  fetchUploadFile,
  loadUpload,
  markUploadSaved,
  readStoredReport,
  removeUploadFile,
  setUploadJob,
  UploadRefused,
  uploadsStorage,
  type CommissionUpload,
} from "./report-uploads.server";

/**
 * A commission report's runs (docs/decisions/0100), all of kind "commission-report", in the
 * worker: the read (headers, mapping, every row, the preview), the save (one transaction, ended
 * with the run's own row), and the scheduled re-read of a network's report URL (fetch, read,
 * save). The report is read as it streams from the uploads bucket; the page shows only the run's
 * result, which is bounded: counts, the first rows, the first problems.
 */

export const COMMISSION_REPORT_JOB = "commission-report";

/** What a run of kind "commission-report" is given (its payload). */
export type CommissionReportInput =
  /** Read an upload: with `map` null, the network's stored mapping when it fits, else the mapping step. */
  | { phase: "read"; uploadId: string; map: ColumnMap | null; href: string }
  /** Save an upload's orders with the previewed mapping; refused when the plan moved since (`fingerprint`). */
  | { phase: "save"; uploadId: string; map: ColumnMap; fingerprint: string; href: string }
  /** The schedule: fetch the network's report URL, read it with its mapping and save it when it has no bad line. */
  | { phase: "refresh"; network: string };

/** The preview's bounds: what the page carries, whatever the report's size. */
export const PREVIEW_ROWS = 20;
const PREVIEW_ERRORS = 100;
const PREVIEW_CHANGES = 50;

export type ReadResult =
  | {
      step: "map";
      headers: string[];
      map: ColumnMap;
      problems: Partial<Record<MappedField | "defaultCurrency", string>>;
      /** The network's documented layout the choices came from; `whole` when the file has every column of it. */
      preset?: { network: string; report: string; note: string; whole: boolean };
    }
  | {
      step: "preview";
      headers: string[];
      map: ColumnMap;
      /** Orders in the report (a repeated order once). */
      orders: number;
      plan: Omit<ReportPlan, "changes"> & { changes: string[]; changeCount: number };
      /** The first PREVIEW_ERRORS bad lines, and how many there are. */
      errors: string[];
      errorCount: number;
      /** The first PREVIEW_ROWS orders. */
      sample: CommissionRow[];
      bytes: number;
    };

export interface SaveResult {
  step: "saved";
  network: string;
  added: number;
  updated: number;
  unchanged: number;
}

export interface CommissionReportSettings {
  config: Pick<AppConfig, "dataDir" | "storage">;
  outbound: OutboundPolicy;
}

export const uploadHref = (uploadId: string) => `/admin/revenue?upload=${uploadId}`;

/** Queues an upload's read (or save) and records it as the upload's latest run; the run's id. */
export async function startReportRun(
  db: DB,
  upload: Pick<CommissionUpload, "id" | "network">,
  input: Extract<CommissionReportInput, { phase: "read" | "save" }>,
  startedBy: string,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const id = await enqueueJob(trx, {
      kind: COMMISSION_REPORT_JOB,
      label: `Commission report ${upload.network}: ${input.phase === "read" ? "read" : "save"}`,
      payload: input,
      startedBy,
    });
    await setUploadJob(trx, upload.id, id);
    return id;
  });
}

export function commissionReportKind(settings: CommissionReportSettings): JobKind {
  return {
    kind: COMMISSION_REPORT_JOB,
    async run(ctx) {
      const input = ctx.job.payload as CommissionReportInput;
      const storage = uploadsStorage(settings.config, ctx.db);
      try {
        if (input.phase === "refresh") return await refresh(ctx, storage, settings.outbound, input.network);
        const upload = await loadUpload(ctx.db, input.uploadId);
        if (!upload) throw new JobFailure("The uploaded report is gone (uploads are kept for a day). Upload it again.");
        if (upload.byteSize === null && upload.savedAt === null && upload.reportUrl) {
          ctx.progress({ done: 0, total: null, note: "fetching the report" });
          await fetchUploadFile(ctx.db, storage, upload.id, upload.reportUrl, settings.outbound, ctx.signal);
        }
        return input.phase === "read" ? await read(ctx, storage, upload, input.map) : await save(ctx, storage, upload, input);
      } catch (error) {
        if (error instanceof UploadRefused) throw new JobFailure(error.message);
        throw error;
      }
    },
  };
}

/** Rows read, and the share of the file's bytes behind them (the bar). */
function reporter(ctx: JobContext) {
  return (rows: number, bytes: number, size: number) =>
    ctx.progress({ done: bytes, total: size, note: `bytes read; ${rows.toLocaleString("en-US")} rows` });
}

async function networkOf(db: DB, name: string) {
  return (await listNetworks(db)).find((entry) => entry.name === name) ?? null;
}

async function read(ctx: JobContext, storage: Storage, upload: CommissionUpload, given: ColumnMap | null): Promise<ReadResult> {
  const top = await readStoredReport(storage, upload.id, null, { headersOnly: true, signal: ctx.signal });
  if (!top.ok) throw new JobFailure(top.error);
  const { headers } = top;
  const network = await networkOf(ctx.db, upload.network);
  let map = given;
  if (!map) {
    const stored = network?.map;
    // The stored mapping is used as it is when it fits; otherwise the owner checks it (or the guess) once.
    if (!stored || Object.keys(mappingProblems(stored, headers)).length > 0) {
      const found = stored ? null : presetForReport(upload.network, headers);
      return {
        step: "map",
        headers,
        map: stored ?? found?.preset.map ?? guessColumnMap(headers),
        problems: {},
        ...(found && {
          preset: { network: found.preset.network, report: found.preset.report, note: found.preset.note, whole: found.whole },
        }),
      };
    }
    map = stored;
  }
  const problems = mappingProblems(map, headers);
  if (Object.keys(problems).length > 0) return { step: "map", headers, map, problems };
  const whole = await readStoredReport(storage, upload.id, map, { signal: ctx.signal, progress: reporter(ctx) });
  if (!whole.ok) throw new JobFailure(whole.error);
  const { rows, errors } = whole.reading;
  ctx.progress({
    done: upload.byteSize ?? 0,
    total: upload.byteSize,
    note: `bytes read; ${rows.length.toLocaleString("en-US")} orders, comparing`,
  });
  const plan = await planReport(ctx.db, network?.id ?? null, rows);
  return {
    step: "preview",
    headers,
    map,
    orders: rows.length,
    plan: { ...plan, changes: plan.changes.slice(0, PREVIEW_CHANGES), changeCount: plan.changes.length },
    errors: errors.slice(0, PREVIEW_ERRORS),
    errorCount: errors.length,
    sample: rows.slice(0, PREVIEW_ROWS),
    bytes: upload.byteSize ?? 0,
  };
}

const linesNeedFixing = (errors: readonly string[]) =>
  `${errors.length} ${errors.length === 1 ? "line needs" : "lines need"} fixing; nothing was saved. ${errors.slice(0, 3).join(" ")}`;

async function save(
  ctx: JobContext,
  storage: Storage,
  upload: CommissionUpload,
  input: Extract<CommissionReportInput, { phase: "save" }>,
): Promise<SaveResult> {
  if (upload.savedAt !== null) throw new JobFailure("This report was already saved.");
  const whole = await readStoredReport(storage, upload.id, input.map, { signal: ctx.signal, progress: reporter(ctx) });
  if (!whole.ok) throw new JobFailure(whole.error);
  if (whole.reading.errors.length > 0) throw new JobFailure(linesNeedFixing(whole.reading.errors));
  return saveRows(ctx, storage, upload, input.map, whole.reading.rows, input.fingerprint);
}

/** One transaction: the orders, the network's mapping, the upload marked saved and the run's end commit together. */
async function saveRows(
  ctx: JobContext,
  storage: Storage,
  upload: CommissionUpload,
  map: ColumnMap,
  rows: readonly CommissionRow[],
  fingerprint: string,
): Promise<SaveResult> {
  const total = rows.length;
  let result: SaveResult | null = null;
  try {
    await saveReport(ctx.db, { name: upload.network, map, reportUrl: upload.reportUrl }, rows, fingerprint, Date.now(), {
      signal: ctx.signal,
      progress: (written) => ctx.progress({ done: written, total, note: "orders saved" }),
      within: async (trx, plan) => {
        result = { step: "saved", network: upload.network, added: plan.added, updated: plan.updated, unchanged: plan.unchanged };
        await markUploadSaved(trx, upload.id);
        ctx.progress({ done: total, total, note: "orders saved" });
        await ctx.finishWithin(trx, result);
      },
    });
  } catch (error) {
    if (error instanceof ReportChanged) throw new JobFailure(error.message);
    throw error;
  }
  // Saved: the file is no longer needed (the clean-up removes it if the server stops right here).
  await removeUploadFile(storage, upload.id);
  await ctx.db.updateTable("commission_uploads").set({ byte_size: null }).where("id", "=", upload.id).execute();
  return result!;
}

async function refresh(ctx: JobContext, storage: Storage, outbound: OutboundPolicy, name: string): Promise<SaveResult> {
  const network = await networkOf(ctx.db, name);
  if (!network?.reportUrl || !network.map) throw new JobFailure(`${name} has no report URL and mapping any more.`);
  const id = await addUpload(ctx.db, { network: network.name, reportUrl: network.reportUrl, startedBy: "schedule" });
  await setUploadJob(ctx.db, id, ctx.job.id);
  const upload = (await loadUpload(ctx.db, id))!;
  ctx.progress({ done: 0, total: null, note: "fetching the report" });
  await fetchUploadFile(ctx.db, storage, id, network.reportUrl, outbound, ctx.signal);
  const whole = await readStoredReport(storage, id, network.map, { signal: ctx.signal, progress: reporter(ctx) });
  if (!whole.ok) throw new JobFailure(`The ${name} report was not saved: ${whole.error}`);
  if (whole.reading.errors.length > 0) throw new JobFailure(`The ${name} report was not saved: ${linesNeedFixing(whole.reading.errors)}`);
  // No preview to agree with: the plan made now is the one the save checks again inside its transaction.
  const plan = await planReport(ctx.db, network.id, whole.reading.rows);
  return saveRows(ctx, storage, upload, network.map, whole.reading.rows, plan.fingerprint);
}

/** Queues a re-read of every network with a report URL and a mapping (none while one of it is unfinished); the runs queued. */
export async function queueReportRefreshes(db: DB): Promise<number> {
  const busy = new Set(
    (await unfinishedJobs(db, COMMISSION_REPORT_JOB)).flatMap((job) => {
      const input = job.payload as CommissionReportInput;
      return input.phase === "refresh" ? [input.network] : [];
    }),
  );
  let queued = 0;
  for (const network of await listNetworks(db)) {
    if (!network.reportUrl || !network.map || busy.has(network.name)) continue;
    await enqueueJob(db, {
      kind: COMMISSION_REPORT_JOB,
      label: `Commission report ${network.name}: re-read from its URL`,
      payload: { phase: "refresh", network: network.name } satisfies CommissionReportInput,
      startedBy: "schedule",
    });
    queued++;
  }
  return queued;
}
