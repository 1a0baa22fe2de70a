import { describe, expect, it } from "vitest";
import { containsText, equalsText, hasWholeWord, hasWordStartingWith } from "./text-match";

describe("containsText", () => {
  it("ignores case and treats missing text as no match", () => {
    expect(containsText("Electric (WiFi-controlled)", "electric")).toBe(true);
    expect(containsText("Wood-burning", "ELECTRIC")).toBe(false);
    expect(containsText(null, "wood")).toBe(false);
    expect(containsText("anything", "")).toBe(false);
  });
});

describe("equalsText", () => {
  it("compares trimmed text ignoring case", () => {
    expect(equalsText(" Barrel ", "barrel")).toBe(true);
    expect(equalsText("barrel-cabin", "barrel")).toBe(false);
    expect(equalsText("", "")).toBe(false);
    expect(equalsText(null, null)).toBe(false);
  });
});

describe("hasWordStartingWith", () => {
  it("finds a prefix only at a word start", () => {
    expect(hasWordStartingWith("Eco-friendly finish", "eco")).toBe(true);
    expect(hasWordStartingWith("an eco friendly finish", "eco")).toBe(true);
    expect(hasWordStartingWith("(eco) finish", "eco")).toBe(true);
    expect(hasWordStartingWith("Post-workout recovery", "eco")).toBe(false);
    expect(hasWordStartingWith("second bench", "eco")).toBe(false);
    expect(hasWordStartingWith("WiFi heater control", "wifi")).toBe(true);
    expect(hasWordStartingWith("Full-height glass front", "glass front")).toBe(true);
  });

  it("treats the prefix literally, not as a pattern", () => {
    expect(hasWordStartingWith("a+b ratio", "a+b")).toBe(true);
    expect(hasWordStartingWith("aab ratio", "a+b")).toBe(false);
    expect(hasWordStartingWith("anything", ".*")).toBe(false);
  });
});

describe("hasWholeWord", () => {
  it("needs the word on its own", () => {
    expect(hasWholeWord("CLT Cube 4", "clt")).toBe(true);
    expect(hasWholeWord("CLT-built studio", "CLT")).toBe(true);
    expect(hasWholeWord("ACLTX", "clt")).toBe(false);
    expect(hasWholeWord(undefined, "clt")).toBe(false);
  });
});
