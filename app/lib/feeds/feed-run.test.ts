import { describe, expect, it } from "vitest";
import { describeFeedCounts, describeUnmatched, unchangedOffersNote } from "./feed-run";

describe("describeFeedCounts", () => {
  it("names every count, with thousands separated", () => {
    expect(describeFeedCounts({ new: 3, changed: 12, unchanged: 19_980, gone: 2, unmatched: 1, rejected: 4 })).toBe(
      "3 new, 12 changed, 19,980 unchanged, 2 gone, 1 unmatched, 4 rejected",
    );
  });
});

describe("the run page's sentences", () => {
  it("count in words that agree", () => {
    expect(describeUnmatched(1)).toBe("1 item had no product");
    expect(describeUnmatched(1_200)).toBe("1,200 items had no product");
  });

  it("never say a save writes nothing while offers gone from the feed are marked out of stock", () => {
    expect(unchangedOffersNote({ new: 0, changed: 0, gone: 1 }, false)).toBe(
      "Every item in the feed matches its offer; saving marks 1 offer out of stock (no longer in the feed).",
    );
    expect(unchangedOffersNote({ new: 0, changed: 0, gone: 2 }, true)).toBe(
      "Every item in the feed matched its offer; the run marked 2 offers out of stock (no longer in the feed).",
    );
    expect(unchangedOffersNote({ new: 0, changed: 0, gone: 0 }, false)).toBe("Every item matches its offer: saving writes nothing.");
    expect(unchangedOffersNote({ new: 1, changed: 0, gone: 1 }, false)).toBeNull();
  });
});
