import { describe, expect, it } from "vitest";
import { FOCUS_REVALIDATE_WINDOW_MS, isStaleForFocusRefresh } from "./focus-revalidation";

describe("isStaleForFocusRefresh", () => {
  it("uses the spec's 30 second window", () => {
    expect(FOCUS_REVALIDATE_WINDOW_MS).toBe(30_000);
  });

  it("is fresh under 30 s and stale from 30 s on", () => {
    const loadedAt = 1_000_000;
    expect(isStaleForFocusRefresh(loadedAt, loadedAt)).toBe(false);
    expect(isStaleForFocusRefresh(loadedAt, loadedAt + 29_999)).toBe(false);
    expect(isStaleForFocusRefresh(loadedAt, loadedAt + 30_000)).toBe(true);
    expect(isStaleForFocusRefresh(loadedAt, loadedAt + 120_000)).toBe(true);
  });

  it("never refreshes when the clock went backwards", () => {
    expect(isStaleForFocusRefresh(1_000_000, 900_000)).toBe(false);
  });

  it("takes another window when given", () => {
    expect(isStaleForFocusRefresh(0, 5_000, 5_000)).toBe(true);
    expect(isStaleForFocusRefresh(0, 4_999, 5_000)).toBe(false);
  });
});
