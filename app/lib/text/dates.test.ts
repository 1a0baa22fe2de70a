import { describe, expect, it } from "vitest";
import {
  dateAndSecondsUtc,
  formatDateTimeSecondsUtc,
  formatDateTimeUtc,
  formatLongUsDate,
  formatMonthYear,
  formatShortUsDate,
} from "./dates";

describe("dates in long US format", () => {
  it("prints a calendar date as that day, whatever the time zone", () => {
    expect(formatLongUsDate("2025-01-15")).toBe("January 15, 2025");
    expect(formatLongUsDate("2025-03-12")).toBe("March 12, 2025");
  });

  it("prints an instant by its UTC day", () => {
    expect(formatLongUsDate("2025-04-30T23:30:00.000Z")).toBe("April 30, 2025");
  });

  it("prints a short date for the price history's rows", () => {
    expect(formatShortUsDate("2026-11-20")).toBe("Nov 20, 2026");
  });

  it("prints month and year for 'Updated' lines", () => {
    expect(formatMonthYear("2025-04-02")).toBe("April 2025");
  });

  it("prints an instant to the minute in UTC for the admin pages", () => {
    expect(formatDateTimeUtc("2026-11-24T08:05:59.900Z")).toBe("Nov 24, 2026, 08:05 UTC");
    expect(formatDateTimeUtc("2026-01-02T23:30:00+02:00")).toBe("Jan 2, 2026, 21:30 UTC");
  });

  it("prints an instant to the second in UTC, so saves seconds apart read apart", () => {
    expect(formatDateTimeSecondsUtc("2026-11-24T08:05:59.900Z")).toBe("Nov 24, 2026, 08:05:59 UTC");
    expect(formatDateTimeSecondsUtc(Date.UTC(2026, 0, 2, 21, 30, 7))).toBe("Jan 2, 2026, 21:30:07 UTC");
    expect(dateAndSecondsUtc(Date.UTC(2026, 10, 29, 0, 0, 1))).toEqual({ day: "Nov 29, 2026", time: "00:00:01" });
  });
});
