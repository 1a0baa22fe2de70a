import { describe, expect, it } from "vitest";
import { safeRedirectPath, signInPathFor } from "./safe-redirect";

describe("redirectTo stays on this site", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirectPath("/admin/products")).toBe("/admin/products");
    expect(safeRedirectPath("/admin/products?page=2#form")).toBe("/admin/products?page=2#form");
    expect(safeRedirectPath("/admin/%2F%2Fevil.com")).toBe("/admin/%2F%2Fevil.com");
  });

  it("rejects other origins and the tricks browsers normalise into them", () => {
    for (const value of [
      "//evil.com",
      "https://evil.com",
      "http://evil.com/admin",
      "/\\evil.com",
      "\\\\evil.com",
      "/\t/evil.com",
      "/\n/evil.com",
      "javascript:alert(1)",
      "evil.com",
      "///evil.com",
      " //evil.com",
      "",
    ]) {
      expect(safeRedirectPath(value), JSON.stringify(value)).toBe("/admin");
    }
    expect(safeRedirectPath(null)).toBe("/admin");
    expect(safeRedirectPath(undefined, "/elsewhere")).toBe("/elsewhere");
  });

  it("judges the path after dot segments are resolved, not the text typed", () => {
    // Each of these is a single-slash path as typed, but URL parsing collapses the dot segments
    // into '//evil.com', which a browser reads as another host.
    for (const value of [
      "/.//evil.com",
      "/..//evil.com",
      "/a/..//evil.com",
      "/%2e//evil.com",
      "/%2E%2E//evil.com",
      "/a/%2e%2e//evil.com/x?y=1",
    ]) {
      expect(safeRedirectPath(value), value).toBe("/admin");
    }
    // Dot segments that leave a normal path are fine, and come back resolved.
    expect(safeRedirectPath("/admin/./products")).toBe("/admin/products");
    expect(safeRedirectPath("/admin/x/../collections")).toBe("/admin/collections");
    expect(safeRedirectPath("/a/../auth")).toBe("/admin");
  });

  it("does not loop back to the sign-in page", () => {
    expect(safeRedirectPath("/auth?redirectTo=/admin")).toBe("/admin");
    expect(safeRedirectPath("/auth/callback")).toBe("/admin");
    expect(safeRedirectPath("/authors")).toBe("/authors");
  });

  it("builds the sign-in link for a guarded page", () => {
    expect(signInPathFor("/admin/products?page=2")).toBe("/auth?redirectTo=%2Fadmin%2Fproducts%3Fpage%3D2");
    expect(signInPathFor("/admin")).toBe("/auth");
  });
});
