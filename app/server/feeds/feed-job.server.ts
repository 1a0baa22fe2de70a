import { FEED_JOB_EVERY_MS, isFeedDue, readFeedSchedule } from "~/lib/feeds/feed-schedule";
import type { SitePrices } from "~/lib/offers/price-view";
import type { DB } from "../db/connection.server";
import type { PeriodicJob } from "../jobs/job-runner.server";
import { log } from "../log.server";
import { loadFeed, runFeed } from "./feed-run.server";
import type { ReadFeedOptions } from "./read-feed.server";

/**
 * The scheduled feeds (docs/decisions/0064): one periodic job looks every few minutes and runs
 * each due feed, one after another, saving straight away (no preview: nobody is there to look).
 * The job runner keeps it to one run at a time across every instance, so a feed is never read
 * twice for one period.
 */

export interface FeedJobSettings {
  dataDir: string;
  read?: ReadFeedOptions;
  prices?: SitePrices;
}

/** The feeds due now, oldest run first. */
export async function dueFeedIds(db: DB, now: number = Date.now()): Promise<number[]> {
  const rows = await db
    .selectFrom("feeds")
    .select(["id", "schedule", "last_run_at"])
    .where("schedule", "!=", "off")
    .orderBy("last_run_at")
    .execute();
  return rows
    .filter((row) => {
      const schedule = readFeedSchedule(row.schedule);
      return schedule !== null && isFeedDue(schedule, row.last_run_at, now);
    })
    .map((row) => Number(row.id));
}

export async function runDueFeeds(db: DB, settings: FeedJobSettings, now: number = Date.now()): Promise<number> {
  let ran = 0;
  for (const feedId of await dueFeedIds(db, now)) {
    const feed = await loadFeed(db, feedId);
    if (!feed) continue;
    const outcome = await runFeed(db, feed, {
      trigger: "schedule",
      save: true,
      dataDir: settings.dataDir,
      read: settings.read,
      prices: settings.prices,
    });
    if (outcome.status === "failed") log.warn(`Scheduled feed ${feed.name} failed: ${outcome.error}`);
    ran += 1;
  }
  return ran;
}

export function feedsJob(settings: FeedJobSettings): PeriodicJob {
  return { name: "feeds", everyMs: FEED_JOB_EVERY_MS, run: (db) => runDueFeeds(db, settings).then(() => undefined) };
}
