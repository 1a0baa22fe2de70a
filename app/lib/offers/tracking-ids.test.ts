import { describe, expect, it } from "vitest";
import { parseTrackingIds, readTrackingIds, trackingIdFor, trackingIdIndex, trackingIdsText, trackingKindOfSource } from "./tracking-ids";

describe("tracking IDs by kind of page", () => {
  it("reads one kind=tracking-id a line, and writes it back the same", () => {
    const read = readTrackingIds("product = mysite-prod-20\r\nlearn=mysite-guides-20, collection=mysite-coll-20\n");
    expect(read).toEqual({ ok: true, ids: { product: "mysite-prod-20", learn: "mysite-guides-20", collection: "mysite-coll-20" } });
    expect(trackingIdsText(read.ok ? read.ids : null)).toBe("product=mysite-prod-20\ncollection=mysite-coll-20\nlearn=mysite-guides-20");
    expect(readTrackingIds("  ")).toEqual({ ok: true, ids: null });
  });

  it("refuses what the report could not tell apart, in words", () => {
    expect(readTrackingIds("product mysite-20")).toEqual({
      ok: false,
      error: '"product mysite-20" is not kind=tracking-id, e.g. product=mysite-prod-20.',
    });
    expect(readTrackingIds("blog=mysite-20")).toMatchObject({ ok: false, error: expect.stringContaining('"blog" is not a kind of page') });
    expect(readTrackingIds("product=my site")).toMatchObject({ ok: false });
    expect(readTrackingIds("product=a-20\nproduct=b-20")).toEqual({ ok: false, error: "product is given twice." });
    expect(readTrackingIds("product=mysite-20\ncollection=MySite-20")).toEqual({
      ok: false,
      error: "MySite-20 is given for both product and collection: each kind needs its own to be told apart.",
    });
  });

  it("gives a link the ID of the kind of page it comes from, or none", () => {
    const ids = { product: "p-20", learn: "l-20", reviews: "r-20" };
    expect(trackingKindOfSource("product:tyyni-4")).toBe("product");
    expect(trackingIdFor(ids, "product:tyyni-4")).toBe("p-20");
    expect(trackingIdFor(ids, "article:infrared-vs-traditional")).toBe("l-20");
    expect(trackingIdFor(ids, "search")).toBe("r-20");
    expect(trackingIdFor(ids, "collection:barrel")).toBeNull();
    expect(trackingIdFor(null, "product:tyyni-4")).toBeNull();
  });

  it("finds the merchant and kind of a report's tracking ID in any letter case; a stored value it cannot read is none", () => {
    const index = trackingIdIndex([
      { id: 7, ids: { product: "Saunas-Prod-20" } },
      { id: 8, ids: null },
    ]);
    expect(index.get("saunas-prod-20")).toEqual({ merchantId: 7, kind: "product" });
    expect(parseTrackingIds('{"product":"p-20","blog":"b-20"}')).toEqual({ product: "p-20" });
    expect(parseTrackingIds("not json")).toBeNull();
    expect(parseTrackingIds(null)).toBeNull();
  });
});
