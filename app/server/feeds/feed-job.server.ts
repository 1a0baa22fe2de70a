import { FEED_JOB_EVERY_MS, isFeedDue, readFeedSchedule } from "~/lib/feeds/feed-schedule";
import type { DB } from "../db/connection.server";
import type { PeriodicJob } from "../jobs/job-runner.server";
import { enqueueFeedRun } from "./feed-run-jobs.server";

/**
 * The scheduled feeds (docs/decisions/0064, 0099): a quiet periodic look every few minutes
 * queues a run (a feed-run job, saving straight away: nobody is there to look at a preview) for
 * each due feed that has none waiting or running. Each run is then a job of its own, with its
 * row in the list of runs; a run interrupted by a dead worker leaves the feed's last run where it
 * was, so the next look queues it again.
 */

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

/** Queues a run of every due feed; how many new runs were queued. */
export async function queueDueFeeds(db: DB, now: number = Date.now()): Promise<number> {
  let queued = 0;
  for (const feedId of await dueFeedIds(db, now)) {
    const feed = await db.selectFrom("feeds").select(["id", "name"]).where("id", "=", feedId).executeTakeFirst();
    if (!feed) continue;
    const run = await enqueueFeedRun(
      db,
      { id: Number(feed.id), name: feed.name },
      { mode: "save", trigger: "schedule", startedBy: "schedule" },
    );
    if (!run.already) queued += 1;
  }
  return queued;
}

export function feedsJob(): PeriodicJob {
  // Quiet: a look every five minutes that queues nothing would fill the list of runs; the runs it queues are rows of their own.
  return { name: "feeds", everyMs: FEED_JOB_EVERY_MS, quiet: true, run: (db) => queueDueFeeds(db).then(() => undefined) };
}
