import { describe, expect, it } from "vitest";
import { revisionPair } from "./revision-pair";

// Ids newest first, as the revisions list gives them.
const ids = [40, 31, 30, 12];
const none = { a: null, b: null };

describe("revisionPair", () => {
  it("opens on the newest revision against the one before it", () => {
    expect(revisionPair(ids, none)).toEqual({ a: 31, b: 40 });
  });

  it("compares nothing with one revision or none", () => {
    expect(revisionPair([7], none)).toEqual({ a: null, b: 7 });
    expect(revisionPair([7], { a: 7, b: 7 })).toEqual({ a: null, b: 7 });
    expect(revisionPair([], { a: 3, b: 4 })).toEqual(none);
  });

  it("shows an asked pair older first, whichever way round it was asked", () => {
    expect(revisionPair(ids, { a: 12, b: 31 })).toEqual({ a: 12, b: 31 });
    expect(revisionPair(ids, { a: 40, b: 30 })).toEqual({ a: 30, b: 40 });
  });

  it("never compares a revision with itself: one asked twice is compared with the one before it", () => {
    expect(revisionPair(ids, { a: 30, b: 30 })).toEqual({ a: 12, b: 30 });
    expect(revisionPair(ids, { a: 40, b: 40 })).toEqual({ a: 31, b: 40 });
    // The oldest has none before it: the one after it.
    expect(revisionPair(ids, { a: 12, b: 12 })).toEqual({ a: 12, b: 30 });
  });

  it("compares one revision asked alone with its neighbour, and ignores ids of other pages", () => {
    expect(revisionPair(ids, { a: null, b: 31 })).toEqual({ a: 30, b: 31 });
    expect(revisionPair(ids, { a: 31, b: null })).toEqual({ a: 30, b: 31 });
    expect(revisionPair(ids, { a: 31, b: 999 })).toEqual({ a: 30, b: 31 });
    expect(revisionPair(ids, { a: 999, b: 998 })).toEqual({ a: 31, b: 40 });
  });
});
