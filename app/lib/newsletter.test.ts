import { describe, expect, it } from "vitest";
import { csvLine, formulaSafeCsvCell, isPlausibleEmail, normalizeEmail, subscriberQuery } from "./newsletter";

describe("email addresses", () => {
  it("treats case and surrounding spaces as the same address", () => {
    expect(normalizeEmail("  Ann.Lee@Example.COM ")).toBe("ann.lee@example.com");
  });

  it("accepts ordinary addresses and refuses what cannot be one", () => {
    for (const ok of ["a@b.co", "first.last+news@mail.example.org"]) expect(isPlausibleEmail(ok)).toBe(true);
    for (const bad of ["", "plain", "a@b", "a@@b.com", "a b@c.com", "<a@b.com>", "a@b.c", `${"x".repeat(250)}@b.com`]) {
      expect(isPlausibleEmail(bad), bad).toBe(false);
    }
  });
});

describe("formula-safe CSV", () => {
  it("neutralises cells a spreadsheet would run as a formula", () => {
    expect(formulaSafeCsvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const start of ["+", "-", "@", "\t", "\r"]) expect(formulaSafeCsvCell(`${start}1`)).toBe(`"'${start}1"`);
    expect(formulaSafeCsvCell("ann@example.com")).toBe('"ann@example.com"');
  });

  it("ends lines with CRLF", () => {
    expect(csvLine(["a", "b,c"])).toBe('"a","b,c"\r\n');
  });
});

describe("subscriberQuery", () => {
  it("reads the search and a known state, ignoring an unknown one", () => {
    expect(subscriberQuery(new URL("https://x/admin/subscribers?q=%20ann%20&status=confirmed"))).toEqual({
      search: "ann",
      status: "confirmed",
    });
    expect(subscriberQuery(new URL("https://x/admin/subscribers?status=bogus"))).toEqual({ search: "", status: undefined });
  });
});
