import { describe, expect, it } from "vitest";
import { describeFeedCounts } from "./feed-run";

describe("describeFeedCounts", () => {
  it("names every count, with thousands separated", () => {
    expect(describeFeedCounts({ new: 3, changed: 12, unchanged: 19_980, gone: 2, unmatched: 1, rejected: 4 })).toBe(
      "3 new, 12 changed, 19,980 unchanged, 2 gone, 1 unmatched, 4 rejected",
    );
  });
});
