/**
 * When a feed is read on its own (docs/decisions/0064): never, hourly, every six hours or daily,
 * counted from its last run. One periodic job looks every few minutes and runs the feeds that are
 * due, one after another.
 */

export const FEED_SCHEDULES = ["off", "hourly", "6h", "daily"] as const;
export type FeedSchedule = (typeof FEED_SCHEDULES)[number];

export const FEED_SCHEDULE_LABELS: Record<FeedSchedule, string> = {
  off: "Off (run by hand)",
  hourly: "Every hour",
  "6h": "Every 6 hours",
  daily: "Every day",
};

const HOUR = 60 * 60 * 1000;

export const FEED_SCHEDULE_MS: Record<Exclude<FeedSchedule, "off">, number> = { hourly: HOUR, "6h": 6 * HOUR, daily: 24 * HOUR };

/** How often the feeds job looks for due feeds. */
export const FEED_JOB_EVERY_MS = 5 * 60 * 1000;

/**
 * A run that started up to half a look early counts as due: otherwise an hourly feed whose last
 * run began a few seconds after a look would wait for the next look, and drift later every hour.
 */
const SLACK_MS = FEED_JOB_EVERY_MS / 2;

export function readFeedSchedule(text: string | null | undefined): FeedSchedule | null {
  return (FEED_SCHEDULES as readonly string[]).includes(text ?? "") ? (text as FeedSchedule) : null;
}

/** Whether a feed on `schedule`, last run at `lastRunAt` (null: never), is due at `now`. */
export function isFeedDue(schedule: FeedSchedule, lastRunAt: Date | string | null, now: number): boolean {
  if (schedule === "off") return false;
  if (lastRunAt === null) return true;
  const last = new Date(lastRunAt).getTime();
  if (!Number.isFinite(last)) return true;
  return now - last >= FEED_SCHEDULE_MS[schedule] - SLACK_MS;
}
