import type { FeedInput } from "~/lib/feeds/feed-form";
import { FEED_FIELDS, type FeedColumnMapping } from "~/lib/feeds/feed-item";
import type { FeedRunCounts, FeedRunDetails } from "~/lib/feeds/feed-run";
import type { DB } from "../db/connection.server";
import { removeFeedUpload, type FeedFiles, type StoredUpload } from "./feed-files.server";
import { loadJob, type JobView } from "../jobs/job-queue.server";
import { claimVersion } from "../forms/edit-conflict.server";

/**
 * The feeds admin's reads and writes (docs/decisions/0064): the feeds with their last run, a
 * feed's add/edit and its column mapping (uploads are kept in the shared storage, feed-files.server.ts),
 * the runs, and the owner's "this item is product X".
 */

export interface FeedRunSummary {
  id: number;
  status: string;
  trigger: string;
  startedAt: string;
  finishedAt: string | null;
  counts: FeedRunCounts;
  error: string | null;
  milliseconds: number | null;
  /** The job that carries the run out (its progress and Cancel, /admin/runs/:id). */
  jobId: number | null;
}

export interface FeedListRow {
  id: number;
  name: string;
  merchantId: number;
  merchantName: string;
  sourceKind: "url" | "upload";
  /** The address, or the uploaded file's own name. */
  source: string;
  format: string | null;
  hasMapping: boolean;
  schedule: string;
  lastRun: FeedRunSummary | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

type RunRow = {
  id: number;
  status: string;
  trigger: string;
  started_at: Date | string;
  finished_at: Date | string | null;
  new_count: number;
  changed_count: number;
  unchanged_count: number;
  gone_count: number;
  unmatched_count: number;
  rejected_count: number;
  error: string | null;
  milliseconds: number | null;
  job_id: number | null;
};

const RUN_COLUMNS = [
  "id",
  "status",
  "trigger",
  "started_at",
  "finished_at",
  "new_count",
  "changed_count",
  "unchanged_count",
  "gone_count",
  "unmatched_count",
  "rejected_count",
  "error",
  "milliseconds",
  "job_id",
] as const;

function toRunSummary(row: RunRow): FeedRunSummary {
  return {
    id: Number(row.id),
    status: row.status,
    trigger: row.trigger,
    startedAt: iso(row.started_at)!,
    finishedAt: iso(row.finished_at),
    counts: {
      new: Number(row.new_count),
      changed: Number(row.changed_count),
      unchanged: Number(row.unchanged_count),
      gone: Number(row.gone_count),
      unmatched: Number(row.unmatched_count),
      rejected: Number(row.rejected_count),
    },
    error: row.error,
    milliseconds: row.milliseconds === null ? null : Number(row.milliseconds),
    jobId: row.job_id === null ? null : Number(row.job_id),
  };
}

const STOPPED = "The run stopped before it finished; nothing was changed.";

/**
 * A run still "running" whose job has ended says how the job ended: a run cancelled
 * while it waited never started, so nothing wrote its row (and a dead worker's run is marked by
 * the sweeper, which may not have come round yet).
 */
export async function settleRun<T extends FeedRunSummary>(db: DB, run: T, job?: JobView | null): Promise<T> {
  if (run.status !== "running" || run.jobId === null) return run;
  const current = job === undefined ? await loadJob(db, run.jobId) : job;
  if (current && (current.state === "queued" || current.state === "running")) return run;
  if (current?.state === "done") return run;
  return {
    ...run,
    status: "failed",
    error: current?.error ?? STOPPED,
    finishedAt: run.finishedAt ?? (current?.finishedAt ? new Date(current.finishedAt).toISOString() : null),
  };
}

export async function listFeeds(db: DB): Promise<FeedListRow[]> {
  const feeds = await db
    .selectFrom("feeds as f")
    .innerJoin("merchants as m", "m.id", "f.merchant_id")
    .select([
      "f.id",
      "f.name",
      "f.merchant_id",
      "m.name as merchant_name",
      "f.source_kind",
      "f.url",
      "f.upload_original_name",
      "f.format",
      "f.mapping",
      "f.schedule",
    ])
    .orderBy("f.name")
    .execute();
  const lastRuns = new Map<number, FeedRunSummary>();
  if (feeds.length > 0) {
    const latest = await db
      .selectFrom("feed_runs")
      .select(["feed_id", (eb) => eb.fn.max("id").as("id")])
      .where(
        "feed_id",
        "in",
        feeds.map((feed) => feed.id),
      )
      .groupBy("feed_id")
      .execute();
    const ids = latest.map((row) => Number(row.id));
    if (ids.length > 0) {
      const runs = await db
        .selectFrom("feed_runs")
        .select([...RUN_COLUMNS, "feed_id"])
        .where("id", "in", ids)
        .execute();
      for (const run of runs) lastRuns.set(Number(run.feed_id), await settleRun(db, toRunSummary(run)));
    }
  }
  return feeds.map((feed) => ({
    id: Number(feed.id),
    name: feed.name,
    merchantId: Number(feed.merchant_id),
    merchantName: feed.merchant_name,
    sourceKind: feed.source_kind === "url" ? "url" : "upload",
    source: feed.source_kind === "url" ? (feed.url ?? "") : (feed.upload_original_name ?? "uploaded file"),
    format: feed.format,
    hasMapping: feed.mapping !== null,
    schedule: feed.schedule,
    lastRun: lastRuns.get(Number(feed.id)) ?? null,
  }));
}

export async function merchantChoices(db: DB): Promise<{ id: number; name: string }[]> {
  const rows = await db.selectFrom("merchants").select(["id", "name"]).orderBy("name").execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

/**
 * Adds a feed, or changes one; a new upload replaces the old file (returned, for the caller to
 * remove after the save). A change names the version its form loaded and throws StaleVersion over
 * a newer one (docs/decisions/0103-no-silent-overwrite.md).
 */
export async function saveFeed(
  db: DB,
  feedId: number | null,
  input: FeedInput,
  upload: StoredUpload | null,
  version?: number,
): Promise<{ id: number; replacedUpload: string | null }> {
  const now = new Date().toISOString();
  const values = {
    name: input.name,
    merchant_id: input.merchantId,
    source_kind: input.sourceKind,
    url: input.sourceKind === "url" ? input.url : null,
    format: input.format,
    schedule: input.schedule,
    currency: input.currency,
    decimal_mark: input.decimalMark,
    updated_at: now,
    ...(upload ? { upload_name: upload.storedName, upload_original_name: upload.originalName } : {}),
  };
  if (feedId === null) {
    const inserted = await db
      .insertInto("feeds")
      .values({ ...values, created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: Number(inserted.id), replacedUpload: null };
  }
  return db.transaction().execute(async (trx) => {
    if (version !== undefined) await claimVersion(trx, "feeds", feedId, version);
    const before = await trx.selectFrom("feeds").select(["upload_name"]).where("id", "=", feedId).executeTakeFirst();
    await trx.updateTable("feeds").set(values).where("id", "=", feedId).execute();
    const replaced = before?.upload_name ?? null;
    return { id: feedId, replacedUpload: (upload || input.sourceKind === "url") && replaced !== upload?.storedName ? replaced : null };
  });
}

/** A feed as its edit form sends it, with its version: what a save conflict compares. */
export async function feedFormNow(db: DB, feedId: number): Promise<{ version: number; values: Record<string, string> } | null> {
  const row = await db.selectFrom("feeds").selectAll().where("id", "=", feedId).executeTakeFirst();
  if (!row) return null;
  return {
    version: Number(row.version),
    values: {
      name: row.name,
      merchant_id: String(row.merchant_id),
      source_kind: row.source_kind,
      url: row.url ?? "",
      format: row.format ?? "",
      schedule: row.schedule,
      currency: row.currency ?? "",
      decimal_mark: row.decimal_mark ?? "",
    },
  };
}

/**
 * Keeps the owner's choice of columns (and the prices' currency). With the version its form
 * loaded, it throws StaleVersion when someone saved the feed since.
 */
export async function saveFeedMapping(
  db: DB,
  feedId: number,
  mapping: FeedColumnMapping,
  currency: string | null = null,
  version?: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (version !== undefined) await claimVersion(trx, "feeds", feedId, version);
    await trx
      .updateTable("feeds")
      .set({ mapping: JSON.stringify(mapping), format: "csv-mapped", currency, updated_at: new Date().toISOString() })
      .where("id", "=", feedId)
      .execute();
  });
}

/** A feed's column mapping as its form sends it, with its version: what a mapping save conflict compares. */
export async function feedMappingNow(db: DB, feedId: number): Promise<{ version: number; values: Record<string, string> } | null> {
  const row = await db.selectFrom("feeds").select(["version", "mapping", "currency"]).where("id", "=", feedId).executeTakeFirst();
  if (!row) return null;
  const mapping = row.mapping ? (JSON.parse(row.mapping) as FeedColumnMapping) : {};
  return {
    version: Number(row.version),
    values: {
      ...Object.fromEntries(FEED_FIELDS.map((field) => [`map_${field}`, mapping[field] ?? ""])),
      feed_currency: row.currency ?? "",
    },
  };
}

/** Deletes a feed, its runs and its item links; its offers stay (they are the shop's offers), no longer tied to it. */
export async function deleteFeed(db: DB, files: FeedFiles, feedId: number): Promise<boolean> {
  const uploadName = await db.transaction().execute(async (trx) => {
    const feed = await trx.selectFrom("feeds").select(["upload_name"]).where("id", "=", feedId).executeTakeFirst();
    if (!feed) return undefined;
    await trx.updateTable("offers").set({ feed_id: null, feed_item_id: null }).where("feed_id", "=", feedId).execute();
    await trx.deleteFrom("feeds").where("id", "=", feedId).execute();
    return feed.upload_name;
  });
  if (uploadName === undefined) return false;
  await removeFeedUpload(files, uploadName);
  return true;
}

export async function feedForm(db: DB, feedId: number) {
  const row = await db.selectFrom("feeds").selectAll().where("id", "=", feedId).executeTakeFirst();
  if (!row) return null;
  return {
    id: Number(row.id),
    name: row.name,
    merchantId: Number(row.merchant_id),
    sourceKind: row.source_kind as "url" | "upload",
    url: row.url,
    uploadOriginalName: row.upload_original_name,
    format: row.format,
    mapping: row.mapping ? (JSON.parse(row.mapping) as FeedColumnMapping) : null,
    schedule: row.schedule,
    version: Number(row.version),
    lastRunAt: iso(row.last_run_at),
  };
}

export interface FeedRunView extends FeedRunSummary {
  feedId: number;
  fingerprint: string | null;
  details: FeedRunDetails;
  /** The run's lists were emptied for its age (FEED_RUN_DETAILS_DAYS); its counts are still true. */
  detailsCleared: boolean;
  /** The job that carries it out (or last saved it), while the site still keeps it. */
  job: JobView | null;
}

export async function loadFeedRun(db: DB, feedId: number, runId: number): Promise<FeedRunView | null> {
  const row = await db
    .selectFrom("feed_runs")
    .select([...RUN_COLUMNS, "feed_id", "fingerprint", "details"])
    .where("id", "=", runId)
    .where("feed_id", "=", feedId)
    .executeTakeFirst();
  if (!row) return null;
  const details: FeedRunDetails = row.details ? JSON.parse(row.details) : { rows: [], rejected: [], unmatched: [], gone: [] };
  // A previewed or saved run always stores its lists: only the retention run leaves them empty.
  const detailsCleared = row.details === null && (row.status === "previewed" || row.status === "saved");
  const job = row.job_id === null ? null : await loadJob(db, Number(row.job_id));
  const run = await settleRun(db, toRunSummary(row), job);
  return { ...run, feedId: Number(row.feed_id), fingerprint: row.fingerprint, details, detailsCleared, job };
}

export async function discardFeedRun(db: DB, feedId: number, runId: number): Promise<void> {
  await db
    .updateTable("feed_runs")
    .set({ status: "discarded", details: null, fingerprint: null })
    .where("id", "=", runId)
    .where("feed_id", "=", feedId)
    .where("status", "=", "previewed")
    .execute();
}

/** The product a picker's text names: its slug, else its exact name in any letter case. */
export async function findProductByRef(db: DB, text: string): Promise<{ id: number; name: string } | null> {
  const ref = text.trim();
  if (ref === "") return null;
  const bySlug = await db.selectFrom("products").select(["id", "name"]).where("slug", "=", ref.toLowerCase()).executeTakeFirst();
  if (bySlug) return { id: Number(bySlug.id), name: bySlug.name };
  const byName = await db
    .selectFrom("products")
    .select(["id", "name"])
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", ref.toLowerCase()))
    .limit(2)
    .execute();
  return byName.length === 1 ? { id: Number(byName[0]!.id), name: byName[0]!.name } : null;
}

/** "This item is product X": kept for every later run of the feed (a new answer replaces the old). */
export async function linkFeedItem(db: DB, feedId: number, itemId: string, productId: number): Promise<void> {
  await db
    .insertInto("feed_item_links")
    .values({ feed_id: feedId, item_id: itemId, product_id: productId })
    .onConflict((conflict) => conflict.columns(["feed_id", "item_id"]).doUpdateSet({ product_id: productId }))
    .execute();
}

/** The products a picker offers (name and slug), enough for a site's catalog; beyond it the owner types a slug. */
export async function productChoices(db: DB, limit = 2000): Promise<{ slug: string; name: string }[]> {
  return db.selectFrom("products").select(["slug", "name"]).orderBy("name").limit(limit).execute();
}
