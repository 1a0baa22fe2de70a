import type { DecimalMark } from "~/lib/feeds/feed-amounts";
import type { FeedRunCounts, FeedRunDetails } from "~/lib/feeds/feed-run";
import type { FeedColumnMapping, FeedFormat, FeedRow } from "~/lib/feeds/feed-item";
import type { SitePrices } from "~/lib/offers/price-view";
import { databaseMessage } from "../admin/save-errors";
import { publishCatalogChange } from "../catalog/catalog-broadcast.server";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import type { DB } from "../db/connection.server";
import { log } from "../log.server";
import { DEFAULT_PRICES, priceSettingsAt, refreshProductPrices } from "../offers/maintained-price.server";
import type { JobContext } from "../jobs/job-worker.server";
import type { FeedFiles } from "./feed-files.server";
import { matchFeedRows } from "./feed-match.server";
import { planFeedOffers, type FeedPlan } from "./feed-plan.server";
import { confirmFeedOffers, insertFeedOffers, markFeedOffersGone, updateFeedOffers, type WriteStep } from "./feed-writes.server";
import { FeedError, readFeed, type FeedSource, type ReadFeedOptions } from "./read-feed.server";

/**
 * One run of a merchant feed (docs/decisions/0064): read it (streaming), match its items, plan
 * against the shop's offers, and either keep the plan as a preview for the owner to save or
 * discard, or save it (a scheduled run, "Run and save", the preview's Save). A save is one
 * transaction: the offers, the products' displayed prices and the catalog's change notice all
 * together or nothing; the price history follows from the offers' triggers. Every run is recorded
 * with its counts, or with why it failed in the owner's words.
 *
 * It runs in the worker, as a job (feed-run-jobs.server.ts, docs/decisions/0099): the run's end
 * (its row, the feed's last run and the job's own end) commits in the transaction of its writes.
 */

export interface FeedRecord {
  id: number;
  name: string;
  merchantId: number;
  sourceKind: "url" | "upload";
  url: string | null;
  uploadName: string | null;
  format: FeedFormat | null;
  mapping: FeedColumnMapping | null;
  /** The owner's currency for prices that name none; null: every price or a currency column must. */
  currency: string | null;
  decimalMark: DecimalMark | null;
}

export interface FeedRunOptions {
  trigger: "manual" | "schedule";
  /** false: plan and keep the preview; true: save. */
  save: boolean;
  /** Saving a preview: its run (updated in place) and its fingerprint (a plan that differs now is not saved). */
  preview?: { runId: number; fingerprint: string };
  /** The run's row, queued with its job (feed-run-jobs.server.ts); a new row when absent. */
  runId?: number;
  /** The site's reader settings (size cap, outbound policy, currency). */
  read?: ReadFeedOptions;
  prices?: SitePrices;
  /** Where uploaded feeds are kept (the shared storage). */
  files: FeedFiles;
  /**
   * In the worker: the run's progress, the owner's Cancel (heard between two items and between
   * two write statements), and its end committed in the same transaction as its writes.
   */
  context?: JobContext;
  /** Tests: another reader (a failing one) in place of the feed's source. */
  rows?: AsyncIterable<FeedRow>;
  /** Tests: a failure between two writes of the save. */
  beforeCommit?: (trx: DB) => Promise<void>;
}

export type FeedRunOutcome =
  | { status: "previewed" | "saved"; runId: number; counts: FeedRunCounts }
  /** The plan moved since the preview: nothing was saved, the run now shows the new plan. */
  | { status: "plan-changed"; runId: number; counts: FeedRunCounts }
  | { status: "failed"; runId: number; error: string };

/** A feed's source: its address, or its uploaded file in the shared storage. */
export function feedSourceOf(feed: FeedRecord, files: FeedFiles): FeedSource {
  if (feed.sourceKind === "url") return { kind: "url", url: feed.url ?? "" };
  return { kind: "stored", files, name: feed.uploadName ?? "" };
}

export function feedReadOptions(feed: FeedRecord, base: ReadFeedOptions = {}): ReadFeedOptions {
  return {
    ...base,
    format: feed.format ?? undefined,
    mapping: feed.mapping ?? undefined,
    // The feed's currency only: the site's would relabel a shop's euros as dollars.
    defaultCurrency: feed.currency ?? undefined,
    decimalMark: feed.decimalMark ?? undefined,
  };
}

export async function loadFeed(db: DB, feedId: number): Promise<FeedRecord | null> {
  const row = await db.selectFrom("feeds").selectAll().where("id", "=", feedId).executeTakeFirst();
  if (!row) return null;
  return {
    id: Number(row.id),
    name: row.name,
    merchantId: Number(row.merchant_id),
    sourceKind: row.source_kind === "url" ? "url" : "upload",
    url: row.url,
    uploadName: row.upload_name,
    format: (row.format as FeedFormat | null) ?? null,
    mapping: row.mapping ? (JSON.parse(row.mapping) as FeedColumnMapping) : null,
    currency: row.currency ?? null,
    decimalMark: row.decimal_mark === "," || row.decimal_mark === "." ? row.decimal_mark : null,
  };
}

const today = (now: Date) => now.toISOString().slice(0, 10);

function detailsOf(
  plan: FeedPlan,
  match: { rejected: FeedRunDetails["rejected"]; unmatched: FeedRunDetails["unmatched"] },
): FeedRunDetails {
  return { rows: plan.rows, rejected: match.rejected, unmatched: match.unmatched, gone: plan.gone };
}

async function finishRun(
  db: DB,
  runId: number,
  started: number,
  values: { status: string; counts?: FeedRunCounts; error?: string; fingerprint?: string; details?: FeedRunDetails },
) {
  const { counts } = values;
  await db
    .updateTable("feed_runs")
    .set({
      status: values.status,
      finished_at: new Date().toISOString(),
      milliseconds: Math.round(performance.now() - started),
      error: values.error ?? null,
      fingerprint: values.fingerprint ?? null,
      details: values.details ? JSON.stringify(values.details) : null,
      ...(counts
        ? {
            new_count: counts.new,
            changed_count: counts.changed,
            unchanged_count: counts.unchanged,
            gone_count: counts.gone,
            unmatched_count: counts.unmatched,
            rejected_count: counts.rejected,
          }
        : {}),
    })
    .where("id", "=", runId)
    .execute();
}

class PlanMoved extends Error {
  constructor(readonly plan: FeedPlan) {
    super("The feed or the catalog changed since the preview.");
  }
}

async function writePlan(trx: DB, feed: FeedRecord, plan: FeedPlan, now: string, prices: SitePrices, step?: WriteStep) {
  await insertFeedOffers(trx, feed.id, feed.merchantId, plan.inserts, now, step);
  await updateFeedOffers(trx, feed.id, plan.updates, now, step);
  await confirmFeedOffers(trx, feed.id, plan.confirms, now, step);
  await markFeedOffersGone(trx, plan.goneIds, now, step);
  // Every offer the run confirmed may show its price again (a feed price unconfirmed for a day shows "Check price").
  await refreshProductPrices(trx, plan.productIds, priceSettingsAt(prices, Date.parse(now)));
  await publishCatalogChange(trx);
}

/** The rows as they stream, counted into the run's progress; the owner's Cancel is heard between two. */
async function* counted(rows: AsyncIterable<FeedRow>, context: JobContext | undefined): AsyncGenerator<FeedRow> {
  let read = 0;
  for await (const row of rows) {
    context?.signal.throwIfAborted();
    read += 1;
    context?.progress({ done: read, total: null, note: "items read" });
    yield row;
  }
}

/** The run's row, now running: the one queued with its job, or a new one. Null when the queued row is gone (its feed was deleted). */
async function openRun(db: DB, feed: FeedRecord, options: FeedRunOptions, startedAt: Date): Promise<number | null> {
  if (options.preview) return options.preview.runId;
  if (options.runId !== undefined) {
    const updated = await db
      .updateTable("feed_runs")
      .set({ status: "running", started_at: startedAt.toISOString(), finished_at: null })
      .where("id", "=", options.runId)
      .where("status", "=", "running")
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1 ? options.runId : null;
  }
  const inserted = await db
    .insertInto("feed_runs")
    .values({ feed_id: feed.id, status: "running", trigger: options.trigger, started_at: startedAt.toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Saving a preview that was meanwhile saved, discarded or replaced. */
class PreviewGone extends Error {}

export async function runFeed(db: DB, feed: FeedRecord, options: FeedRunOptions): Promise<FeedRunOutcome> {
  const started = performance.now();
  const startedAt = new Date();
  const { context } = options;
  const signal = context?.signal;
  const runId = await openRun(db, feed, options, startedAt);
  if (runId === null) throw new FeedRunGone();
  // The feed's last run moves with the run's own end, in its transaction: a crash between the
  // two cannot leave a saved run with an old last_run_at (nor the reverse).
  const markRun = async (trx: DB) => {
    if (options.save) await trx.updateTable("feeds").set({ last_run_at: startedAt.toISOString() }).where("id", "=", feed.id).execute();
  };
  const fail = async (message: string): Promise<FeedRunOutcome> => {
    await db.transaction().execute(async (trx) => {
      await finishRun(trx, runId, started, { status: "failed", error: message });
      await markRun(trx);
    });
    return { status: "failed", runId, error: message };
  };

  let match;
  try {
    const rows = options.rows ?? readFeed(feedSourceOf(feed, options.files), { ...feedReadOptions(feed, options.read), signal });
    match = await matchFeedRows(db, feed.id, counted(rows, context));
  } catch (error) {
    // Cancelled, or the worker is stopping: the job's own handling says so (feed-run-jobs.server.ts).
    if (signal?.aborted) throw signal.reason;
    const message =
      error instanceof FeedError
        ? `${error.message} Nothing was changed.`
        : `The feed could not be read (${databaseMessage(error)}). Nothing was changed.`;
    if (!(error instanceof FeedError)) log.warn(`Feed ${feed.id} (${feed.name}) failed: ${databaseMessage(error)}`);
    return fail(message);
  }

  const day = today(startedAt);
  if (!options.save) {
    const plan = await planFeedOffers(db, feed, match, day);
    signal?.throwIfAborted();
    const outcome: FeedRunOutcome = { status: "previewed", runId, counts: plan.counts };
    await db.transaction().execute(async (trx) => {
      await finishRun(trx, runId, started, {
        status: "previewed",
        counts: plan.counts,
        fingerprint: plan.fingerprint,
        details: detailsOf(plan, match),
      });
      await context?.finishWithin(trx, outcome);
    });
    return outcome;
  }

  const now = new Date().toISOString();
  const prices = options.prices ?? DEFAULT_PRICES;
  try {
    const outcome = await db.transaction().execute(async (trx) => {
      if (options.preview) {
        const row = await trx.selectFrom("feed_runs").select("status").where("id", "=", runId).executeTakeFirst();
        if (row?.status !== "previewed") throw new PreviewGone();
      }
      const planned = await planFeedOffers(trx, feed, match, day);
      if (options.preview && options.preview.fingerprint !== planned.fingerprint) throw new PlanMoved(planned);
      const total = planned.inserts.length + planned.updates.length + planned.confirms.length + planned.goneIds.length;
      let written = 0;
      context?.progress({ done: 0, total, note: "offers written" });
      await writePlan(trx, feed, planned, now, prices, (rows) => {
        signal?.throwIfAborted();
        written += rows;
        context?.progress({ done: written, total, note: "offers written" });
      });
      await options.beforeCommit?.(trx);
      signal?.throwIfAborted();
      await finishRun(trx, runId, started, {
        status: "saved",
        counts: planned.counts,
        fingerprint: planned.fingerprint,
        details: detailsOf(planned, match),
      });
      await markRun(trx);
      const saved: FeedRunOutcome = { status: "saved", runId, counts: planned.counts };
      await context?.finishWithin(trx, saved);
      return saved;
    });
    invalidateCatalog(db);
    log.info(
      `Feed ${feed.name}: ${outcome.counts.new} new, ${outcome.counts.changed} changed, ${outcome.counts.unchanged} unchanged, ${outcome.counts.gone} gone in ${Math.round(performance.now() - started)} ms`,
    );
    return outcome;
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (error instanceof PlanMoved) {
      await finishRun(db, runId, started, {
        status: "previewed",
        counts: error.plan.counts,
        fingerprint: error.plan.fingerprint,
        details: detailsOf(error.plan, match),
      });
      return { status: "plan-changed", runId, counts: error.plan.counts };
    }
    if (error instanceof PreviewGone) {
      return { status: "failed", runId, error: "This preview was already saved or discarded, so nothing was saved." };
    }
    log.warn(`Feed ${feed.id} (${feed.name}) could not be saved: ${databaseMessage(error)}`);
    return fail(`Nothing was saved: ${databaseMessage(error)}`);
  }
}

/** The run's queued row is gone: its feed was deleted before the run started. */
export class FeedRunGone extends Error {
  override name = "FeedRunGone";
  constructor() {
    super("The feed was deleted before its run started; nothing was changed.");
  }
}
