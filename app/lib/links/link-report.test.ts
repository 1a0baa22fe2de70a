import { describe, expect, it } from "vitest";
import {
  countByState,
  filterReport,
  linkReport,
  linkTargetsOf,
  parseStateFilter,
  productEditHref,
  stateOfOutcome,
  type StoredLinkResult,
} from "./link-report";

const result = (
  productId: number,
  link: "affiliate" | "website",
  url: string,
  outcome: StoredLinkResult["outcome"],
  statusCode: number | null = null,
): StoredLinkResult => ({
  productId,
  link,
  url,
  outcome,
  statusCode,
  finalUrl: url,
  error: outcome === "ok" ? null : "broken",
  checkedAt: "2026-11-24T08:00:00.000Z",
  durationMs: 12,
});

describe("the link health report", () => {
  it("takes each non-empty link of a product, trimmed, affiliate link first", () => {
    expect(linkTargetsOf({ id: 3, name: "Cube", affiliateLink: " https://a.example.org/x ", website: "https://b.example.org" })).toEqual([
      { productId: 3, productName: "Cube", link: "affiliate", url: "https://a.example.org/x" },
      { productId: 3, productName: "Cube", link: "website", url: "https://b.example.org" },
    ]);
    expect(linkTargetsOf({ id: 4, name: "None", affiliateLink: "  ", website: null })).toEqual([]);
  });

  it("puts a link the site refused to fetch (internal address, port) with the unchecked ones, never with the broken", () => {
    expect(stateOfOutcome("internal-address")).toBe("unchecked");
    expect(stateOfOutcome("port-not-allowed")).toBe("unchecked");
    expect(stateOfOutcome("ok")).toBe("ok");
    expect(stateOfOutcome("dns-error")).toBe("broken");
    const rows = linkReport(
      [{ productId: 1, productName: "Inside", link: "affiliate", url: "http://127.0.0.1:3999/admin" }],
      [result(1, "affiliate", "http://127.0.0.1:3999/admin", "internal-address")],
    );
    expect(rows[0]).toMatchObject({ state: "unchecked", result: { outcome: "internal-address" } });
    expect(countByState(rows)).toEqual({ broken: 0, unchecked: 1, ok: 0 });
  });

  it("lists broken links first, then unchecked, then working; by product name within each", () => {
    const targets = [
      ...linkTargetsOf({ id: 1, name: "zeta", affiliateLink: "https://z/a", website: "https://z/w" }),
      ...linkTargetsOf({ id: 2, name: "Alpha", affiliateLink: "https://a/a", website: null }),
      ...linkTargetsOf({ id: 3, name: "beta", affiliateLink: "https://b/a", website: "https://b/w" }),
      ...linkTargetsOf({ id: 4, name: "Gamma", affiliateLink: "https://g/a", website: null }),
    ];
    const rows = linkReport(targets, [
      result(1, "affiliate", "https://z/a", "ok", 200),
      result(1, "website", "https://z/w", "dns-error"),
      result(2, "affiliate", "https://a/a", "ok", 200),
      result(3, "affiliate", "https://b/a", "client-error", 404),
      result(3, "website", "https://b/w", "timeout"),
    ]);
    expect(rows.map((row) => `${row.state} ${row.productName} ${row.link}`)).toEqual([
      "broken beta affiliate",
      "broken beta website",
      "broken zeta website",
      "unchecked Gamma affiliate",
      "ok Alpha affiliate",
      "ok zeta affiliate",
    ]);
    expect(countByState(rows)).toEqual({ broken: 3, unchecked: 1, ok: 2 });
  });

  it("a link edited since its check is 'not checked yet', with the old result kept as history", () => {
    const targets = linkTargetsOf({ id: 7, name: "Edited", affiliateLink: "https://shop/new", website: null });
    const [row] = linkReport(targets, [result(7, "affiliate", "https://shop/old", "client-error", 404)]);
    expect(row).toMatchObject({ state: "unchecked", result: null, previous: { url: "https://shop/old", statusCode: 404 } });
  });

  it("reads the page's filter and builds the edit address", () => {
    expect(parseStateFilter("broken")).toBe("broken");
    expect(parseStateFilter("all")).toBeNull();
    expect(parseStateFilter(null)).toBeNull();
    expect(productEditHref(42)).toBe("/admin/products?edit=42");
  });

  it("filters by state and by a product name or address, ignoring case", () => {
    const targets = [
      ...linkTargetsOf({ id: 1, name: "Cedar Cube", affiliateLink: "https://shop-a.example.org/cube", website: null }),
      ...linkTargetsOf({ id: 2, name: "Barrel", affiliateLink: "https://shop-b.example.org/barrel", website: null }),
    ];
    const rows = linkReport(targets, [result(1, "affiliate", "https://shop-a.example.org/cube", "client-error", 404)]);
    expect(filterReport(rows, "broken", "").map((row) => row.productName)).toEqual(["Cedar Cube"]);
    expect(filterReport(rows, null, "cedar").map((row) => row.productName)).toEqual(["Cedar Cube"]);
    expect(filterReport(rows, null, "SHOP-B").map((row) => row.productName)).toEqual(["Barrel"]);
    expect(filterReport(rows, "ok", "cedar")).toEqual([]);
    expect(filterReport(rows, null, "  ")).toHaveLength(2);
  });
});
