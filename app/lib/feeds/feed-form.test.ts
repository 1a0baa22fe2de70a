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
        currency: null,
        decimalMark: null,
      },
    });
  });

  it("reads the feed's own currency and decimal separator, and refuses a word for a code", () => {
    const base = { name: "DE", merchant_id: "1", source_kind: "url", url: "https://shop.example/preise.csv" };
    const read = readFeedForm({ ...base, currency: " eur ", decimal_mark: "," }, { hasUpload: false });
    expect(read.ok && [read.feed.currency, read.feed.decimalMark]).toEqual(["EUR", ","]);
    const bad = readFeedForm({ ...base, currency: "Euro", decimal_mark: ";" }, { hasUpload: false });
    expect(bad.ok ? null : Object.keys(bad.errors).sort()).toEqual(["currency", "decimal_mark"]);
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
      currency: null,
    });
    const missing = readMappingForm({ map_id: "SKU" }, ["SKU", "Cost"]);
    expect(missing.ok ? "" : missing.error).toMatch(/price/);
    expect(readMappingForm({ map_id: "Nope", map_price: "Cost" }, ["SKU", "Cost"]).ok).toBe(false);
  });
});

describe("the mapping's currency", () => {
  const columns = ["SKU", "Preis", "Waehrung"];
  const sample = [["A-1", "14.990,00", "EUR"]];

  it("asks which currency when the prices name none and no column holds it", () => {
    const read = readMappingForm({ map_id: "SKU", map_price: "Preis" }, columns, sample);
    expect(read.ok ? "" : read.error).toMatch(/^Which currency are these prices in\? Prices like "14\.990,00" name none/);
  });

  it("is satisfied by a currency column, the owner's currency, or prices that name theirs", () => {
    expect(readMappingForm({ map_id: "SKU", map_price: "Preis", map_currency: "Waehrung" }, columns, sample)).toMatchObject({
      ok: true,
      currency: null,
    });
    expect(readMappingForm({ map_id: "SKU", map_price: "Preis", feed_currency: "eur" }, columns, sample)).toMatchObject({
      ok: true,
      currency: "EUR",
    });
    expect(readMappingForm({ map_id: "SKU", map_price: "Preis" }, columns, [["A-1", "15400.00 USD", ""]])).toMatchObject({ ok: true });
    expect(readMappingForm({ map_id: "SKU", map_price: "Preis", feed_currency: "Euro" }, columns, sample).ok).toBe(false);
  });
});
