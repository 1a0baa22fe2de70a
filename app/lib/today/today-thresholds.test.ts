import { describe, expect, it } from "vitest";
import {
  comparedWeeks,
  feedIsStale,
  feedShrank,
  moneyAtStake,
  percentChange,
  priceMoved,
  reviewStaleBefore,
  trafficFall,
} from "./today-thresholds";

const HOUR = 3_600_000;

describe("priceMoved: 10% or more either way", () => {
  it("fires at 10% up or down, not below", () => {
    expect(priceMoved(100_000, 110_000)).toBe(true);
    expect(priceMoved(100_000, 90_000)).toBe(true);
    expect(priceMoved(100_000, 109_999)).toBe(false);
    expect(priceMoved(100_000, 90_001)).toBe(false);
  });
  it("says nothing without two prices", () => {
    expect(priceMoved(0, 50_000)).toBe(false);
    expect(priceMoved(50_000, 0)).toBe(false);
  });
  it("writes the change as a signed percent", () => {
    expect(percentChange(100_000, 112_000)).toBe("+12%");
    expect(percentChange(100_000, 70_000)).toBe("-30%");
  });
});

describe("feedIsStale: no success for longer than twice the schedule", () => {
  const now = Date.UTC(2026, 10, 29, 12);
  it("an hourly feed is stale after more than 2 hours", () => {
    expect(feedIsStale(HOUR, now - 2 * HOUR, 0, now)).toBe(false);
    expect(feedIsStale(HOUR, now - 2 * HOUR - 1, 0, now)).toBe(true);
  });
  it("a daily feed last good 47 hours ago is not stale; 49 hours is", () => {
    expect(feedIsStale(24 * HOUR, now - 47 * HOUR, 0, now)).toBe(false);
    expect(feedIsStale(24 * HOUR, now - 49 * HOUR, 0, now)).toBe(true);
  });
  it("a feed that never succeeded counts from when it was added", () => {
    expect(feedIsStale(HOUR, null, now - HOUR, now)).toBe(false);
    expect(feedIsStale(HOUR, null, now - 3 * HOUR, now)).toBe(true);
  });
  it("a feed without a schedule is never stale", () => {
    expect(feedIsStale(null, null, 0, now)).toBe(false);
  });
});

describe("feedShrank: more than 10% of the items gone in one run", () => {
  it("11 of 100 is, 10 of 100 is not", () => {
    expect(feedShrank(11, 100)).toBe(true);
    expect(feedShrank(10, 100)).toBe(false);
  });
  it("an empty feed cannot shrink", () => {
    expect(feedShrank(0, 0)).toBe(false);
  });
});

describe("reviewStaleBefore: 12 months", () => {
  it("is the same day a year earlier", () => {
    expect(reviewStaleBefore(Date.UTC(2026, 10, 29, 9))).toBe("2025-11-29");
  });
});

describe("trafficFall: a third, week over week, with at least 30 clicks the week before", () => {
  it("clicks from 30 to 20 is a fall; to 21 is not", () => {
    expect(trafficFall({ clicks: 30, earned: 0 }, { clicks: 20, earned: 0 })).toEqual({ kind: "clicks", from: 30, to: 20 });
    expect(trafficFall({ clicks: 30, earned: 0 }, { clicks: 21, earned: 0 })).toBeNull();
  });
  it("29 clicks the week before is too few to mean anything", () => {
    expect(trafficFall({ clicks: 29, earned: 0 }, { clicks: 0, earned: 0 })).toBeNull();
  });
  it("earnings per click from 2.00 to 1.00 with steady clicks is a fall", () => {
    expect(trafficFall({ clicks: 50, earned: 10_000 }, { clicks: 50, earned: 5_000 })).toEqual({ kind: "epc", from: 200, to: 100 });
    expect(trafficFall({ clicks: 50, earned: 10_000 }, { clicks: 50, earned: 7_000 })).toBeNull();
  });
  it("compares the 7 days before today with the 7 before those", () => {
    expect(comparedWeeks(Date.UTC(2026, 10, 29, 15))).toEqual({
      earlier: { from: "2026-11-15", to: "2026-11-21" },
      later: { from: "2026-11-22", to: "2026-11-28" },
    });
  });
});

describe("moneyAtStake: clicks × earnings per click", () => {
  it("uses the subject's own EPC when it earned", () => {
    // 120 clicks that earned 60.00: 0.50 a click, 60.00 at stake.
    expect(moneyAtStake(120, 6_000, 10)).toBe(6_000);
  });
  it("falls back to the site's EPC when it earned nothing itself", () => {
    // 200 clicks at the site's 0.25 a click.
    expect(moneyAtStake(200, 0, 25)).toBe(5_000);
  });
  it("is unknown without clicks, or when nothing earns", () => {
    expect(moneyAtStake(0, 0, 25)).toBeNull();
    expect(moneyAtStake(100, 0, 0)).toBeNull();
  });
});
