import { describe, expect, it } from "vitest";
import { isPlausibleEmail, normalizeEmail, subscriberQuery } from "./newsletter";

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

describe("subscriberQuery", () => {
  it("reads the search and a known state, ignoring an unknown one", () => {
    expect(subscriberQuery(new URL("https://x/admin/subscribers?q=%20ann%20&status=confirmed"))).toEqual({
      search: "ann",
      status: "confirmed",
    });
    expect(subscriberQuery(new URL("https://x/admin/subscribers?status=bogus"))).toEqual({ search: "", status: undefined });
  });
});
