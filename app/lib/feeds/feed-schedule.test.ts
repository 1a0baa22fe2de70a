import { describe, expect, it } from "vitest";
import { isFeedDue, readFeedSchedule } from "./feed-schedule";

const now = Date.parse("2026-11-26T12:00:00Z");
const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

describe("isFeedDue", () => {
  it("never runs a feed that is off", () => {
    expect(isFeedDue("off", null, now)).toBe(false);
    expect(isFeedDue("off", ago(10_000), now)).toBe(false);
  });

  it("runs a scheduled feed that never ran at once", () => {
    expect(isFeedDue("daily", null, now)).toBe(true);
  });

  it("waits a full period, less half a look, from the last run", () => {
    expect(isFeedDue("hourly", ago(30), now)).toBe(false);
    expect(isFeedDue("hourly", ago(58), now)).toBe(true);
    expect(isFeedDue("hourly", ago(57), now)).toBe(false);
    expect(isFeedDue("6h", ago(5 * 60), now)).toBe(false);
    expect(isFeedDue("6h", ago(6 * 60), now)).toBe(true);
    expect(isFeedDue("daily", ago(23 * 60), now)).toBe(false);
    expect(isFeedDue("daily", ago(24 * 60), now)).toBe(true);
  });

  it("reads Date values as well as text", () => {
    expect(isFeedDue("hourly", new Date(now - 61 * 60_000), now)).toBe(true);
  });
});

describe("readFeedSchedule", () => {
  it("accepts only the four schedules", () => {
    expect(readFeedSchedule("6h")).toBe("6h");
    expect(readFeedSchedule("weekly")).toBeNull();
    expect(readFeedSchedule(null)).toBeNull();
  });
});
