import { describe, expect, it } from "vitest";
import { lineDiff } from "./line-diff";

describe("lineDiff", () => {
  it("keeps the common lines and marks what was removed and added, in reading order", () => {
    expect(lineDiff("a\nb\nc\nd", "a\nB\nc\nd\ne")).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "added", text: "B" },
      { kind: "same", text: "c" },
      { kind: "same", text: "d" },
      { kind: "added", text: "e" },
    ]);
  });

  it("finds a moved-in paragraph as one addition, not a rewrite of everything after it", () => {
    const before = ["## Heat", "Dry heat.", "## Care", "Oil the wood."].join("\n");
    const after = ["## Heat", "Dry heat.", "New line.", "## Care", "Oil the wood."].join("\n");
    expect(lineDiff(before, after).filter((line) => line.kind !== "same")).toEqual([{ kind: "added", text: "New line." }]);
  });

  it("says nothing changed for equal texts", () => {
    expect(lineDiff("x\ny", "x\ny").every((line) => line.kind === "same")).toBe(true);
  });
});
