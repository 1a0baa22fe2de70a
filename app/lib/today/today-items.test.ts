import { describe, expect, it } from "vitest";
import { isSubject, markHides, openItems, rankTodayItems, SNOOZE_MS, type TodayItem, type TodayMark } from "./today-items";

const item = (over: Partial<TodayItem>): TodayItem => ({
  rule: "review-stale",
  subject: "product:1",
  title: "T",
  detail: "D",
  href: "/admin",
  fix: "Fix",
  since: null,
  money: null,
  ...over,
});

describe("rankTodayItems: most money first, then by rule, then oldest", () => {
  it("puts the item with most money at stake first whatever its rule", () => {
    const ranked = rankTodayItems([
      item({ rule: "pick-unavailable", subject: "product:1", money: 1_000 }),
      item({ rule: "review-stale", subject: "product:2", money: 9_000 }),
      item({ rule: "mail-failed", subject: "outbox:failed" }),
    ]);
    expect(ranked.map((entry) => entry.subject)).toEqual(["product:2", "product:1", "outbox:failed"]);
  });
  it("orders items without money by rule, then the oldest first", () => {
    const ranked = rankTodayItems([
      item({ rule: "mail-failed", subject: "outbox:failed" }),
      item({ rule: "feed-failed", subject: "feed:2", since: 2_000 }),
      item({ rule: "feed-failed", subject: "feed:1", since: 1_000 }),
      item({ rule: "pick-unavailable", subject: "product:9" }),
    ]);
    expect(ranked.map((entry) => entry.subject)).toEqual(["product:9", "feed:1", "feed:2", "outbox:failed"]);
  });
});

describe("marks", () => {
  const now = Date.UTC(2026, 10, 29);
  const snoozed: TodayMark = { rule: "feed-failed", subject: "feed:1", state: "snoozed", until: now + SNOOZE_MS, markedAt: now };
  const done: TodayMark = { rule: "feed-failed", subject: "feed:1", state: "done", until: null, markedAt: now };

  it("a snooze hides for 7 days, then no more", () => {
    expect(markHides(snoozed, { since: null }, now + SNOOZE_MS - 1)).toBe(true);
    expect(markHides(snoozed, { since: null }, now + SNOOZE_MS)).toBe(false);
  });
  it("done hides the situation the owner saw, not a newer one", () => {
    expect(markHides(done, { since: now - 1 }, now + 10)).toBe(true);
    expect(markHides(done, { since: null }, now + 10)).toBe(true);
    expect(markHides(done, { since: now + 5 }, now + 10)).toBe(false);
  });
  it("openItems leaves out what a mark hides, and only that", () => {
    const items = [item({ rule: "feed-failed", subject: "feed:1", since: now - 1 }), item({ rule: "feed-failed", subject: "feed:2" })];
    expect(openItems(items, [done], now + 1).map((entry) => entry.subject)).toEqual(["feed:2"]);
  });
});

describe("isSubject", () => {
  it("takes a kind and an id, refuses anything else", () => {
    expect(isSubject("product:12")).toBe(true);
    expect(isSubject("source:collection:best-barrel")).toBe(true);
    expect(isSubject("product:")).toBe(false);
    expect(isSubject("<script>")).toBe(false);
  });
});
