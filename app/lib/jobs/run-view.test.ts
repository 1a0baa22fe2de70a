import { describe, expect, it } from "vitest";
import { runDurationText, runFraction, runProgressText, runStateText } from "./run-view";

describe("a run as the admin shows it", () => {
  it("says how far it has got, with and without a known total", () => {
    expect(runProgressText({ done: 12_000, total: 20_000, note: "items read" })).toBe("12,000 of 20,000 items read");
    expect(runProgressText({ done: 3_400, total: null, note: "rows read" })).toBe("3,400 rows read");
    expect(runProgressText({ done: 0, total: null, note: null })).toBe("");
    expect(runFraction({ done: 5, total: 20, note: null })).toBe(0.25);
    expect(runFraction({ done: 0, total: 0, note: null })).toBe(1);
    expect(runFraction({ done: 5, total: null, note: null })).toBeUndefined();
  });

  it("names its state, and a cancel that has been asked for but not yet heard", () => {
    expect(runStateText({ state: "queued", cancelRequested: false })).toBe("Waiting");
    expect(runStateText({ state: "running", cancelRequested: true })).toBe("Cancelling");
    expect(runStateText({ state: "failed", cancelRequested: false })).toBe("Failed");
  });

  it("gives durations in seconds, then minutes", () => {
    expect(runDurationText("2026-11-28T10:00:00.000Z", "2026-11-28T10:00:04.200Z")).toBe("4.2 s");
    expect(runDurationText("2026-11-28T10:00:00.000Z", "2026-11-28T10:03:05.000Z")).toBe("3 min 05 s");
  });
});
