import { describe, expect, it } from "vitest";
import { readFeedForm, readMappingForm } from "./feed-form";

describe("readFeedForm", () => {
  it("reads a URL feed", () => {
    const read = readFeedForm(
      { name: " Nordic feed ", merchant_id: "3", source_kind: "url", url: "https://shop.example/feed.xml", format: "", schedule: "daily" },
      { hasUpload: false },
    );
    expect(read).toEqual({
      ok: true,
      feed: {
        name: "Nordic feed",
        merchantId: 3,
        sourceKind: "url",
        url: "https://shop.example/feed.xml",
        format: null,
        schedule: "daily",
      },
    });
  });

  it("refuses other schemes, a missing shop and an upload without a file", () => {
    const read = readFeedForm({ name: "x", merchant_id: "", source_kind: "url", url: "ftp://shop.example/feed" }, { hasUpload: false });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(Object.keys(read.errors).sort()).toEqual(["merchant_id", "url"]);
    const upload = readFeedForm({ name: "x", merchant_id: "1", source_kind: "upload" }, { hasUpload: false });
    expect(upload.ok ? null : upload.errors.file).toMatch(/Choose the feed file/);
  });
});

describe("readMappingForm", () => {
  it("keeps the chosen columns and requires id and price", () => {
    expect(readMappingForm({ map_id: "SKU", map_price: "Cost", map_link: "" }, ["SKU", "Cost", "URL"])).toEqual({
      ok: true,
      mapping: { id: "SKU", price: "Cost" },
    });
    const missing = readMappingForm({ map_id: "SKU" }, ["SKU", "Cost"]);
    expect(missing.ok ? "" : missing.error).toMatch(/price/);
    expect(readMappingForm({ map_id: "Nope", map_price: "Cost" }, ["SKU", "Cost"]).ok).toBe(false);
  });
});
