import { describe, expect, it } from "vitest";
import {
  clampRating,
  MAX_PRICE,
  MAX_WEIGHT,
  readDecimal,
  readFlag,
  readImageRef,
  readInteger,
  readLines,
  readLink,
  readList,
  readPriceCents,
  readRating,
  readText,
  readWeight,
} from "./csv-values";

describe("text", () => {
  it("trims, and saves empty as null", () => {
    expect(readText("  Cedar  ")).toBe("Cedar");
    expect(readText("   ")).toBeNull();
    expect(readText(undefined)).toBeNull();
  });
});

describe("decimals (price and weight)", () => {
  it("reads plain and spreadsheet-formatted numbers", () => {
    expect(readDecimal("12499").value).toBe(12499);
    expect(readDecimal(" 12499.5 ").value).toBe(12499.5);
    expect(readDecimal("$12,499.00").value).toBe(12499);
    expect(readDecimal("1,234,567").value).toBe(1234567);
    expect(readDecimal(".5").value).toBe(0.5);
  });

  it("makes an invalid value null, with a note", () => {
    for (const text of ["call us", "12,49", "1.2.3", "-5", "12abc", "NaN", "Infinity"]) {
      expect(readDecimal(text), text).toEqual({ value: null, note: "is not a number (saved empty)" });
    }
    expect(readDecimal("")).toEqual({ value: null });
  });

  it("caps price at 99999999.99 with 2 decimals, in cents", () => {
    expect(readPriceCents("123456789")).toEqual({
      value: 9_999_999_999,
      note: `is above the maximum ${MAX_PRICE} (saved as ${MAX_PRICE})`,
    });
    expect(readPriceCents("99999999.99").value).toBe(9_999_999_999);
    expect(readPriceCents("8499.999").value).toBe(850_000);
    expect(readPriceCents("8499.994").value).toBe(849_999);
    expect(readPriceCents("0.1").value).toBe(10);
    expect(readPriceCents("call us")).toEqual({ value: null, note: "is not a number (saved empty)" });
  });

  it("caps weight at 9999999.99 with 2 decimals", () => {
    expect(readWeight("99999999.99").value).toBe(MAX_WEIGHT);
    expect(readWeight("12345678").value).toBe(9_999_999.99);
    expect(readWeight("980.456").value).toBe(980.46);
    expect(readWeight("heavy").value).toBeNull();
  });
});

describe("rating", () => {
  it("rounds to one decimal and clamps to 0..5", () => {
    expect(readRating("7.34")).toEqual({ value: 5, note: "is outside 0 to 5 (saved as 5.0)" });
    expect(readRating("4.26").value).toBe(4.3);
    expect(readRating("4.25").value).toBe(4.3);
    expect(readRating("4.24").value).toBe(4.2);
    expect(readRating("-1")).toEqual({ value: 0, note: "is outside 0 to 5 (saved as 0.0)" });
    expect(readRating("5").value).toBe(5);
    expect(readRating("0").value).toBe(0);
    expect(readRating("five")).toEqual({ value: null, note: "is not a number (saved empty)" });
    expect(readRating("")).toEqual({ value: null });
  });

  it("clampRating is the before-saving rule", () => {
    expect(clampRating(7.34)).toBe(5);
    expect(clampRating(4.449)).toBe(4.4);
    expect(clampRating(-0.04)).toBe(0);
  });
});

describe("integers (capacity and reviews_number)", () => {
  it("reads whole numbers", () => {
    expect(readInteger("4").value).toBe(4);
    expect(readInteger("4.0").value).toBe(4);
    expect(readInteger("1,250").value).toBe(1250);
  });

  it("makes anything else null, with a note", () => {
    for (const text of ["4.5", "four", "-3", "4 people"]) {
      expect(readInteger(text), text).toEqual({ value: null, note: "is not a whole number (saved empty)" });
    }
    expect(readInteger("99999999999")).toEqual({ value: null, note: "is too large (saved empty)" });
  });

  it("accepts a persons suffix for capacity", () => {
    expect(readInteger("4 people", { personSuffix: true }).value).toBe(4);
    expect(readInteger("6-person", { personSuffix: true }).value).toBe(6);
    expect(readInteger("2 Persons", { personSuffix: true }).value).toBe(2);
    expect(readInteger("a few people", { personSuffix: true }).value).toBeNull();
  });
});

describe("lists (collection_ids, key_features, images)", () => {
  it("reads a bracketed list, loosely or as JSON", () => {
    expect(readList("[Cedar, Glass door,  Porch ]")).toEqual(["Cedar", "Glass door", "Porch"]);
    expect(readList('["a", "b, with comma"]')).toEqual(["a", "b, with comma"]);
    expect(readList("['single quoted', \"double\"]")).toEqual(["single quoted", "double"]);
    expect(readList("[]")).toEqual([]);
    expect(readList("[ , a, ]")).toEqual(["a"]);
  });

  it("makes any other value a one-item list", () => {
    expect(readList("Cedar, glass")).toEqual(["Cedar, glass"]);
    expect(readList("https://example.com/a.jpg")).toEqual(["https://example.com/a.jpg"]);
    expect(readList("")).toEqual([]);
  });

  it("reads form textareas one item per line", () => {
    expect(readLines("a\r\n b \n\n c")).toEqual(["a", "b", "c"]);
  });
});

describe("links", () => {
  it("keeps absolute http(s) links", () => {
    expect(readLink("https://example.com/sauna?ref=1")).toEqual({ value: "https://example.com/sauna?ref=1" });
    expect(readLink("HTTP://EXAMPLE.COM")).toEqual({ value: "HTTP://EXAMPLE.COM" });
  });

  it("drops every other value with a note", () => {
    for (const text of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<b>x</b>",
      "www.example.com",
      "//evil.example",
      "ftp://x.example",
      "https://",
      "http://exa mple.com",
      'https://x.example/"onmouseover',
    ]) {
      expect(readLink(text), text).toEqual({ value: null, note: "is not an http(s) link (dropped)" });
    }
  });
});

describe("image references", () => {
  it("keeps http(s) URLs, site paths and bare file names", () => {
    expect(readImageRef("https://example.com/a.jpg").value).toBe("https://example.com/a.jpg");
    expect(readImageRef("/images/placeholders/generic.webp").value).toBe("/images/placeholders/generic.webp");
    expect(readImageRef("aurora side.jpg").value).toBe("aurora side.jpg");
  });

  it("drops other schemes, protocol-relative URLs and paths inside names", () => {
    for (const text of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "//evil.example/a.jpg",
      "../secret.jpg",
      "a\\b.jpg",
      "vbscript:x",
    ]) {
      expect(readImageRef(text), text).toEqual({ value: null, note: "is not an http(s) link or a file name (dropped)" });
    }
  });
});

describe("featured flag", () => {
  it("is true for 'true' or '1' only", () => {
    expect(readFlag("true")).toBe(true);
    expect(readFlag(" TRUE ")).toBe(true);
    expect(readFlag("1")).toBe(true);
    for (const text of ["yes", "0", "false", "", undefined]) expect(readFlag(text)).toBe(false);
  });
});
