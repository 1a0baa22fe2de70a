import { describe, expect, it } from "vitest";
import { clickPeriodFrom, fillDays, periodDays, utcDay } from "./click-period";

describe("click periods", () => {
  it("offers 7, 30 and 90 days and falls back to 30", () => {
    expect(clickPeriodFrom("7")).toBe(7);
    expect(clickPeriodFrom("90")).toBe(90);
    expect(clickPeriodFrom("31")).toBe(30);
    expect(clickPeriodFrom("abc")).toBe(30);
    expect(clickPeriodFrom(null)).toBe(30);
  });

  it("lists the days ending today (UTC), oldest first, across a month end", () => {
    const now = Date.parse("2026-03-02T23:59:59Z");
    expect(periodDays(7, now)).toEqual(["2026-02-24", "2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(periodDays(90, now)).toHaveLength(90);
    expect(periodDays(90, now).at(-1)).toBe("2026-03-02");
    expect(utcDay(Date.parse("2026-03-03T00:00:00Z"))).toBe("2026-03-03");
  });

  it("fills the days without clicks with zero and ignores days outside the period", () => {
    expect(
      fillDays(
        ["2026-01-01", "2026-01-02", "2026-01-03"],
        [
          { day: "2026-01-02", clicks: 5 },
          { day: "2025-12-31", clicks: 9 },
        ],
      ),
    ).toEqual([
      { day: "2026-01-01", clicks: 0 },
      { day: "2026-01-02", clicks: 5 },
      { day: "2026-01-03", clicks: 0 },
    ]);
  });
});
