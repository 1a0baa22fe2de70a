import path from "node:path";
import type { FeedRunCounts, FeedRunDetails } from "~/lib/feeds/feed-run";
import type { FeedColumnMapping, FeedFormat, FeedRow } from "~/lib/feeds/feed-item";
import type { SitePrices } from "~/lib/offers/price-view";
import { databaseMessage } from "../admin/save-errors";
import { publishCatalogChange } from "../catalog/catalog-broadcast.server";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import type { DB } from "../db/connection.server";
import { log } from "../log.server";
import { DEFAULT_PRICES, priceSettingsAt, refreshProductPrices } from "../offers/offers.server";
import { matchFeedRows } from "./feed-match.server";
import { planFeedOffers, type FeedPlan } from "./feed-plan.server";
import { confirmFeedOffers, insertFeedOffers, markFeedOffersGone, updateFeedOffers } from "./feed-writes.server";
import { FeedError, readFeed, type FeedSource, type ReadFeedOptions } from "./read-feed.server";

/**
 * One run of a merchant feed (docs/decisions/0064): read it (streaming), match its items, plan
 * against the shop's offers, and either keep the plan as a preview for the owner to save or
 * discard, or save it (a scheduled run, "Run and save", the preview's Save). A save is one
 * transaction: the offers, the products' displayed prices and the catalog's change notice all
 * together or nothing; the price history follows from the offers' triggers. Every run is recorded
 * with its counts, or with why it failed in the owner's words.
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
}

export interface FeedRunOptions {
  trigger: "manual" | "schedule";
  /** false: plan and keep the preview; true: save. */
  save: boolean;
  /** Saving a preview: its run (updated in place) and its fingerprint (a plan that differs now is not saved). */
  preview?: { runId: number; fingerprint: string };
  /** The site's reader settings (size cap, outbound policy, currency). */
  read?: ReadFeedOptions;
  prices?: SitePrices;
  /** Where uploads are kept (DATA_DIR). */
  dataDir: string;
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

/** Uploaded feeds live in DATA_DIR/feeds under a name the site chose. */
export function feedUploadPath(dataDir: string, uploadName: string): string {
  return path.join(dataDir, "feeds", path.basename(uploadName));
}

export function feedSourceOf(feed: FeedRecord, dataDir: string): FeedSource {
  if (feed.sourceKind === "url") return { kind: "url", url: feed.url ?? "" };
  return { kind: "file", path: feedUploadPath(dataDir, feed.uploadName ?? "") };
}

export function feedReadOptions(feed: FeedRecord, base: ReadFeedOptions = {}): ReadFeedOptions {
  return { ...base, format: feed.format ?? undefined, mapping: feed.mapping ?? undefined };
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

async function writePlan(trx: DB, feed: FeedRecord, plan: FeedPlan, now: string, prices: SitePrices) {
  await insertFeedOffers(trx, feed.id, feed.merchantId, plan.inserts, now);
  await updateFeedOffers(trx, feed.id, plan.updates, now);
  await confirmFeedOffers(trx, feed.id, plan.confirms, now);
  await markFeedOffersGone(trx, plan.goneIds, now);
  // Every offer the run confirmed may show its price again (a feed price unconfirmed for a day shows "Check price").
  await refreshProductPrices(trx, plan.productIds, priceSettingsAt(prices, Date.parse(now)));
  await publishCatalogChange(trx);
}

export async function runFeed(db: DB, feed: FeedRecord, options: FeedRunOptions): Promise<FeedRunOutcome> {
  const started = performance.now();
  const startedAt = new Date();
  let runId: number;
  if (options.preview) {
    runId = options.preview.runId;
    await db
      .updateTable("feed_runs")
      .set({ status: "running", started_at: startedAt.toISOString(), finished_at: null })
      .where("id", "=", runId)
      .execute();
  } else {
    const inserted = await db
      .insertInto("feed_runs")
      .values({ feed_id: feed.id, status: "running", trigger: options.trigger, started_at: startedAt.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    runId = Number(inserted.id);
  }
  const markRun = async () => {
    if (options.save) await db.updateTable("feeds").set({ last_run_at: startedAt.toISOString() }).where("id", "=", feed.id).execute();
  };

  let match;
  try {
    const rows = options.rows ?? readFeed(feedSourceOf(feed, options.dataDir), feedReadOptions(feed, options.read));
    match = await matchFeedRows(db, feed.id, rows);
  } catch (error) {
    const message =
      error instanceof FeedError
        ? `${error.message} Nothing was changed.`
        : `The feed could not be read (${databaseMessage(error)}). Nothing was changed.`;
    if (!(error instanceof FeedError)) log.warn(`Feed ${feed.id} (${feed.name}) failed: ${databaseMessage(error)}`);
    await finishRun(db, runId, started, { status: "failed", error: message });
    await markRun();
    return { status: "failed", runId, error: message };
  }

  const day = today(startedAt);
  if (!options.save) {
    const plan = await planFeedOffers(db, feed, match, day);
    await finishRun(db, runId, started, {
      status: "previewed",
      counts: plan.counts,
      fingerprint: plan.fingerprint,
      details: detailsOf(plan, match),
    });
    return { status: "previewed", runId, counts: plan.counts };
  }

  const now = new Date().toISOString();
  const prices = options.prices ?? DEFAULT_PRICES;
  try {
    const plan = await db.transaction().execute(async (trx) => {
      const planned = await planFeedOffers(trx, feed, match, day);
      if (options.preview && options.preview.fingerprint !== planned.fingerprint) throw new PlanMoved(planned);
      await writePlan(trx, feed, planned, now, prices);
      await options.beforeCommit?.(trx);
      return planned;
    });
    invalidateCatalog(db);
    await finishRun(db, runId, started, {
      status: "saved",
      counts: plan.counts,
      fingerprint: plan.fingerprint,
      details: detailsOf(plan, match),
    });
    await markRun();
    log.info(
      `Feed ${feed.name}: ${plan.counts.new} new, ${plan.counts.changed} changed, ${plan.counts.unchanged} unchanged, ${plan.counts.gone} gone in ${Math.round(performance.now() - started)} ms`,
    );
    return { status: "saved", runId, counts: plan.counts };
  } catch (error) {
    if (error instanceof PlanMoved) {
      await finishRun(db, runId, started, {
        status: "previewed",
        counts: error.plan.counts,
        fingerprint: error.plan.fingerprint,
        details: detailsOf(error.plan, match),
      });
      return { status: "plan-changed", runId, counts: error.plan.counts };
    }
    const message = `Nothing was saved: ${databaseMessage(error)}`;
    log.warn(`Feed ${feed.id} (${feed.name}) could not be saved: ${databaseMessage(error)}`);
    await finishRun(db, runId, started, { status: "failed", error: message });
    await markRun();
    return { status: "failed", runId, error: message };
  }
}
