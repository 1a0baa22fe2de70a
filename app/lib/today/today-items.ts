/**
 * The owner's "Today" list: what needs them, most money first. Each rule (app/server/admin/today/)
 * turns what it finds into items; this file holds what they share and the ranking, pure.
 */

/** The rules, in the order their items come when no money can be put on them. */
export const TODAY_RULES = [
  "pick-unavailable",
  "pick-price-moved",
  "feed-failed",
  "feed-stale",
  "feed-shrank",
  "dead-offer-link",
  "dead-article-link",
  "traffic-fell",
  "review-stale",
  "mail-failed",
  "alerts-capped",
] as const;

export type TodayRule = (typeof TODAY_RULES)[number];

export function isTodayRule(value: string): value is TodayRule {
  return (TODAY_RULES as readonly string[]).includes(value);
}

/** The owner's words for each rule, as the list's small heading of an item. */
export const TODAY_RULE_LABELS: Record<TodayRule, string> = {
  "pick-unavailable": "Pick cannot be bought",
  "pick-price-moved": "Pick's price moved",
  "feed-failed": "Feed failed",
  "feed-stale": "Feed not running",
  "feed-shrank": "Feed lost items",
  "dead-offer-link": "Dead shop link",
  "dead-article-link": "Dead link in an article",
  "traffic-fell": "Page earns less",
  "review-stale": "Review out of date",
  "mail-failed": "Mail failed",
  "alerts-capped": "Price alerts held back",
};

export interface TodayItem {
  rule: TodayRule;
  /** What the item is about, unique within its rule: "product:12", "feed:3", "source:home". */
  subject: string;
  title: string;
  /** One line on why, in the owner's words. */
  detail: string;
  /** The screen that fixes it. */
  href: string;
  /** The link's words: "Edit offers", "See the run". */
  fix: string;
  /** When the situation began (ms), when known: a "done" mark older than that no longer holds. */
  since: number | null;
  /** What the subject earned in the last 30 days' clicks × earnings per click, in hundredths of the site's currency; null when unknown. */
  money: number | null;
}

/** Most money first; items without a figure after, by rule, oldest first. Stable for equal items. */
export function rankTodayItems<T extends TodayItem>(items: readonly T[]): T[] {
  const order = (rule: TodayRule) => TODAY_RULES.indexOf(rule);
  return [...items].sort(
    (a, b) =>
      (b.money ?? 0) - (a.money ?? 0) ||
      order(a.rule) - order(b.rule) ||
      (a.since ?? Number.MAX_SAFE_INTEGER) - (b.since ?? Number.MAX_SAFE_INTEGER) ||
      a.subject.localeCompare(b.subject),
  );
}

export const SNOOZE_DAYS = 7;
export const SNOOZE_MS = SNOOZE_DAYS * 86_400_000;

export interface TodayMark {
  rule: string;
  subject: string;
  state: "snoozed" | "done";
  /** End of a snooze (ms). */
  until: number | null;
  /** When it was marked (ms). */
  markedAt: number;
}

export const markKey = (rule: string, subject: string) => `${rule}\u0000${subject}`;

/**
 * Whether a mark hides the item now. A snooze hides it until it ends. "Done" hides it while the
 * situation is the one the owner saw: a situation that began after the mark is a new one.
 */
export function markHides(mark: TodayMark, item: Pick<TodayItem, "since">, now: number): boolean {
  if (mark.state === "snoozed") return mark.until !== null && mark.until > now;
  return item.since === null || item.since <= mark.markedAt;
}

/** The items no mark hides, ranked. */
export function openItems<T extends TodayItem>(items: readonly T[], marks: readonly TodayMark[], now: number): T[] {
  const byKey = new Map(marks.map((mark) => [markKey(mark.rule, mark.subject), mark]));
  return rankTodayItems(
    items.filter((item) => {
      const mark = byKey.get(markKey(item.rule, item.subject));
      return !mark || !markHides(mark, item, now);
    }),
  );
}

/** A subject is "<kind>:<id or slug>": short, printable, no more than a line. */
export function isSubject(value: string): boolean {
  return /^[a-z-]+:[A-Za-z0-9_.:/-]{1,200}$/.test(value);
}
