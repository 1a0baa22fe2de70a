import { utcDay } from "~/lib/clicks/click-period";
import { daysBefore, monthsBefore, startOfUtcDay } from "~/lib/retention/retention-cut-offs";
import type { AppConfig } from "../config.server";
import type { DB } from "../db/connection.server";
import type { Database } from "../db/schema";
import { countOldFeedRunDetails, emptyOldFeedRunDetails } from "../feeds/feed-run-retention.server";
import { countFinishedJobs, forgetFinishedJobs, type FinishedRuns } from "../jobs/job-queue.server";
import { countThinnablePriceHistory, thinPriceHistory } from "../offers/price-history-thinning.server";
import { countAgedRows, deleteAgedRows, type AgedRows } from "./aged-rows.server";

/**
 * What the site keeps of the rows that grow with traffic and owner work, and for how long
 * (docs/decisions/0104). Each rule clears (deletes, thins or empties) a batch at a time, so the
 * daily run (retention-job.server.ts) never holds a long lock. Tables that clear themselves as
 * they go (sessions, abuse-limit counters, reader hashes, used challenges, the mail cap's
 * counters, catalog change notices) are not here.
 */

export interface RetentionSettings {
  clicksRawMonths: number;
  pageViewsMonths: number;
  priceHistoryDetailDays: number;
  feedRunDetailsDays: number;
  auditDays: number;
  runsDays: number;
}

export function retentionSettingsFrom(config: Pick<AppConfig, "retention" | "auditRetentionDays">): RetentionSettings {
  return { ...config.retention, auditDays: config.auditRetentionDays };
}

export interface RetentionRule {
  /** Stable: names the rule in the run's result. */
  name: string;
  /** The owner's words for the rows it clears: "raw clicks". */
  what: string;
  /** How many rows it would clear now. */
  due(db: DB): Promise<number>;
  /** Clears up to `limit` rows in one short transaction; how many (fewer than `limit`: nothing is left). */
  clear(db: DB, limit: number): Promise<number>;
}

/** A run of the schedule that went well says only "done": a week of them is plenty, whatever RUNS_RETENTION_DAYS says of the rest. */
const SCHEDULED_RUNS_DAYS = 7;

function agedRows<T extends keyof Database & string>(
  name: string,
  what: string,
  rows: AgedRows<T>,
  before: number | string,
): RetentionRule {
  return {
    name,
    what,
    due: (db) => countAgedRows(db, rows, before),
    clear: (db, limit) => deleteAgedRows(db, rows, before, limit),
  };
}

function finishedRuns(name: string, what: string, before: number, which: FinishedRuns): RetentionRule {
  return {
    name,
    what,
    due: (db) => countFinishedJobs(db, before, which),
    clear: (db, limit) => forgetFinishedJobs(db, before, limit, which),
  };
}

/** Every rule, with its cut-off as of `now`, in the order a run applies them. */
export function retentionRules(settings: RetentionSettings, now: number): RetentionRule[] {
  // Raw clicks and their sub-IDs go together: the daily roll-ups (click_days, click_product_days,
  // click_source_days) stay for ever, so the clicks page's figures of any day stay the same.
  const rawClicksBefore = monthsBefore(now, settings.clicksRawMonths);
  const pageViewsBefore = utcDay(monthsBefore(now, settings.pageViewsMonths));
  const priceDetailBefore = new Date(startOfUtcDay(daysBefore(now, settings.priceHistoryDetailDays))).toISOString();
  const feedDetailsBefore = new Date(daysBefore(now, settings.feedRunDetailsDays)).toISOString();
  return [
    agedRows("raw-clicks", "raw clicks", { table: "clicks", key: ["id"], column: "clicked_at" }, rawClicksBefore),
    agedRows("click-sub-ids", "click sub-IDs", { table: "click_sub_ids", key: ["sub_id"], column: "clicked_at" }, rawClicksBefore),
    agedRows("page-views", "page views per page", { table: "page_view_days", key: ["day", "path"], column: "day" }, pageViewsBefore),
    {
      name: "price-history",
      what: "price changes within a day",
      due: (db) => countThinnablePriceHistory(db, priceDetailBefore),
      clear: (db, limit) => thinPriceHistory(db, priceDetailBefore, limit),
    },
    {
      name: "feed-run-details",
      what: "feed run item lists",
      due: (db) => countOldFeedRunDetails(db, feedDetailsBefore),
      clear: (db, limit) => emptyOldFeedRunDetails(db, feedDetailsBefore, limit),
    },
    agedRows("audit-log", "audit log entries", { table: "audit_log", key: ["id"], column: "at" }, daysBefore(now, settings.auditDays)),
    finishedRuns(
      "scheduled-runs",
      "scheduled runs that went well",
      daysBefore(now, Math.min(SCHEDULED_RUNS_DAYS, settings.runsDays)),
      "scheduled-done",
    ),
    finishedRuns("finished-runs", "finished runs", daysBefore(now, settings.runsDays), "all"),
    // The mail outbox (its table is being added): its rule for sent messages goes here, e.g.
    // agedRows("outbox", "sent mail", { table: "outbox", key: ["id"], column: "sent_at" }, daysBefore(now, settings.outboxDays)).
  ];
}
