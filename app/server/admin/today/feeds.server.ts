import { FEED_SCHEDULE_MS, readFeedSchedule } from "~/lib/feeds/feed-schedule";
import type { TodayItem } from "~/lib/today/today-items";
import { feedIsStale, feedShrank, STALE_AFTER_PERIODS } from "~/lib/today/today-thresholds";
import type { DB } from "../../db/connection.server";
import { toIsoString } from "../../db/timestamps";

/**
 * The Today rules about merchant feeds, from their runs (feed_runs): the last run failed; no
 * successful run for longer than twice the schedule; the last saved run took away more than a
 * tenth of the feed's items. A run is successful once saved; one still running or discarded
 * (the owner's own "no") says nothing either way.
 */

export interface FeedFacts {
  id: number;
  name: string;
  merchantId: number;
  schedule: string;
  createdAt: number;
  lastRun: { id: number; status: string; finishedAt: number | null; error: string | null } | null;
  lastSaved: { id: number; finishedAt: number; gone: number; before: number } | null;
}

const ms = (value: Date | string | null) => (value === null ? null : Date.parse(toIsoString(value)));

/** Every feed with its last finished run and its last saved one: three small queries whatever the runs' number. */
export async function feedFacts(db: DB): Promise<FeedFacts[]> {
  const feeds = await db.selectFrom("feeds").select(["id", "name", "merchant_id", "schedule", "created_at"]).orderBy("id").execute();
  if (feeds.length === 0) return [];
  const latest = (statuses: string[]) =>
    db
      .selectFrom("feed_runs")
      .selectAll()
      .where("id", "in", (eb) =>
        eb
          .selectFrom("feed_runs")
          .select((inner) => inner.fn.max("id").as("id"))
          .where("status", "in", statuses)
          .groupBy("feed_id"),
      )
      .execute();
  const [finished, saved] = await Promise.all([latest(["saved", "failed", "previewed"]), latest(["saved"])]);
  const lastRun = new Map(finished.map((run) => [Number(run.feed_id), run]));
  const lastSaved = new Map(saved.map((run) => [Number(run.feed_id), run]));
  return feeds.map((feed) => {
    const run = lastRun.get(Number(feed.id));
    const good = lastSaved.get(Number(feed.id));
    return {
      id: Number(feed.id),
      name: feed.name,
      merchantId: Number(feed.merchant_id),
      schedule: feed.schedule,
      createdAt: ms(feed.created_at)!,
      lastRun: run
        ? { id: Number(run.id), status: run.status, finishedAt: ms(run.finished_at) ?? ms(run.started_at), error: run.error }
        : null,
      lastSaved: good
        ? {
            id: Number(good.id),
            finishedAt: ms(good.finished_at) ?? ms(good.started_at)!,
            gone: Number(good.gone_count),
            // The items the feed had before the run: those it found again (changed or not) and those it lost.
            before: Number(good.changed_count) + Number(good.unchanged_count) + Number(good.gone_count),
          }
        : null,
    };
  });
}

const runHref = (feed: FeedFacts, runId: number) => `/admin/feeds/${feed.id}/runs/${runId}`;

/** Rule: the feed's last run failed. */
export function feedFailed(feeds: readonly FeedFacts[]): TodayItem[] {
  return feeds.flatMap((feed): TodayItem[] =>
    feed.lastRun?.status === "failed"
      ? [
          {
            rule: "feed-failed",
            subject: `feed:${feed.id}`,
            title: feed.name,
            detail: `The last run failed${feed.lastRun.error ? `: ${feed.lastRun.error}` : "."}`,
            href: runHref(feed, feed.lastRun.id),
            fix: "See the run",
            since: feed.lastRun.finishedAt,
            money: null,
          },
        ]
      : [],
  );
}

/** Rule: a scheduled feed with no successful run for longer than twice its schedule. */
export function feedStale(feeds: readonly FeedFacts[], now: number): TodayItem[] {
  return feeds.flatMap((feed): TodayItem[] => {
    const schedule = readFeedSchedule(feed.schedule);
    const scheduleMs = schedule && schedule !== "off" ? FEED_SCHEDULE_MS[schedule] : null;
    const lastSuccess = feed.lastSaved?.finishedAt ?? null;
    if (!feedIsStale(scheduleMs, lastSuccess, feed.createdAt, now)) return [];
    const hours = Math.floor((now - (lastSuccess ?? feed.createdAt)) / 3_600_000);
    return [
      {
        rule: "feed-stale",
        subject: `feed:${feed.id}`,
        title: feed.name,
        detail:
          lastSuccess === null
            ? `Never run successfully since it was added ${hours} hours ago (more than ${STALE_AFTER_PERIODS} of its periods).`
            : `No successful run for ${hours} hours (more than ${STALE_AFTER_PERIODS} of its periods): its prices are going stale.`,
        href: "/admin/feeds",
        fix: "Check the feed",
        since: (lastSuccess ?? feed.createdAt) + STALE_AFTER_PERIODS * (scheduleMs ?? 0),
        money: null,
      },
    ];
  });
}

/** Rule: the feed's last saved run took away more than a tenth of its items. */
export function feedShrankInOneRun(feeds: readonly FeedFacts[]): TodayItem[] {
  return feeds.flatMap((feed): TodayItem[] => {
    const run = feed.lastSaved;
    if (!run || !feedShrank(run.gone, run.before)) return [];
    return [
      {
        rule: "feed-shrank",
        subject: `feed-run:${run.id}`,
        title: feed.name,
        detail: `One run took away ${run.gone} of its ${run.before} items (${Math.round((run.gone / run.before) * 100)}%): they now show as out of stock.`,
        href: runHref(feed, run.id),
        fix: "See the run",
        since: run.finishedAt,
        money: null,
      },
    ];
  });
}
