import { describe, expect, it } from "vitest";
import { daysBefore, monthsBefore, startOfUtcDay } from "./retention-cut-offs";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe("retention cut-offs", () => {
  it("cuts months at the start of the UTC day, the same day of the month", () => {
    expect(iso(monthsBefore(at("2027-12-15T18:30:00Z"), 13))).toBe("2026-11-15T00:00:00.000Z");
    expect(iso(monthsBefore(at("2027-01-01T00:00:00Z"), 1))).toBe("2026-12-01T00:00:00.000Z");
  });

  it("takes the last day of a shorter month", () => {
    expect(iso(monthsBefore(at("2027-03-31T12:00:00Z"), 1))).toBe("2027-02-28T00:00:00.000Z");
    expect(iso(monthsBefore(at("2028-03-31T12:00:00Z"), 1))).toBe("2028-02-29T00:00:00.000Z");
    expect(iso(monthsBefore(at("2028-03-31T12:00:00Z"), 13))).toBe("2027-02-28T00:00:00.000Z");
  });

  it("counts days as whole days back from the instant, and finds a day's start", () => {
    expect(iso(daysBefore(at("2027-03-31T12:00:00Z"), 90))).toBe("2026-12-31T12:00:00.000Z");
    expect(iso(startOfUtcDay(at("2027-03-31T23:59:59.999Z")))).toBe("2027-03-31T00:00:00.000Z");
  });
});
