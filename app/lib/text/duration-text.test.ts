import { describe, expect, it } from "vitest";
import { formatDuration, parseDuration } from "./duration-text";

describe("durations in settings", () => {
  it("reads a number with its unit, alone or several together", () => {
    expect(parseDuration("90s")).toBe(90_000);
    expect(parseDuration("30m")).toBe(1_800_000);
    expect(parseDuration("6h")).toBe(21_600_000);
    expect(parseDuration("1d")).toBe(86_400_000);
    expect(parseDuration(" 1h 30m ")).toBe(5_400_000);
    expect(parseDuration("250ms")).toBe(250);
    expect(parseDuration("6H")).toBe(21_600_000);
  });

  it("refuses a bare number, a fraction, a sign or an unknown unit", () => {
    for (const text of ["10", "1.5h", "-1h", "6 hours", "h", "", "1w"]) expect(parseDuration(text), text).toBeNull();
  });

  it("prints a duration for people", () => {
    expect(formatDuration(800)).toBe("800 ms");
    expect(formatDuration(10_000)).toBe("10 s");
    expect(formatDuration(90 * 60_000)).toBe("1 h 30 min");
    expect(formatDuration(86_400_000)).toBe("1 d");
  });
});
