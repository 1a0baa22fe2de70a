import { describe, expect, it } from "vitest";
import { googleColumns } from "./feed-columns";
import { presetById, presetMapping, recognisePreset } from "./feed-presets";
import { readFeedAvailability } from "./feed-values";

const AWIN = [
  "aw_deep_link",
  "product_name",
  "aw_product_id",
  "merchant_product_id",
  "search_price",
  "currency",
  "brand_name",
  "ean",
  "mpn",
  "in_stock",
  "product_GTIN",
];
const IMPACT = [
  "CatalogItemId",
  "Name",
  "Manufacturer",
  "Url",
  "CurrentPrice",
  "OriginalPrice",
  "Currency",
  "StockAvailability",
  "LaunchDate",
  "Gtin",
  "Mpn",
];

describe("network feed presets", () => {
  it("knows Awin's download by aw_deep_link and search_price, and maps its documented columns", () => {
    expect(googleColumns(AWIN)).toBeNull();
    const preset = recognisePreset(AWIN);
    expect(preset?.id).toBe("awin");
    expect(presetMapping(preset!, AWIN)).toEqual({
      id: "merchant_product_id",
      title: "product_name",
      link: "aw_deep_link",
      price: "search_price",
      currency: "currency",
      availability: "in_stock",
      brand: "brand_name",
      gtin: "ean",
      mpn: "mpn",
    });
  });

  it("takes the column that holds values when an export carries an empty one beside it", () => {
    const sample = [AWIN.map((name) => (name === "ean" ? "" : name === "product_GTIN" ? "4006381333931" : "x"))];
    expect(presetMapping(presetById("awin")!, AWIN, sample).gtin).toBe("product_GTIN");
  });

  it("knows Impact's catalog in any spelling of its names, and keeps the file's own", () => {
    const spaced = ["Catalog Item Id", "Name", "Url", "Current Price", "Currency", "Stock Availability", "Launch Date"];
    expect(recognisePreset(IMPACT)?.id).toBe("impact");
    expect(recognisePreset(spaced)?.id).toBe("impact");
    expect(presetMapping(presetById("impact")!, spaced)).toEqual({
      id: "Catalog Item Id",
      title: "Name",
      link: "Url",
      price: "Current Price",
      currency: "Currency",
      availability: "Stock Availability",
      availability_date: "Launch Date",
    });
  });

  it("recognises nothing else: a shop's own CSV still gets the owner's mapping", () => {
    expect(recognisePreset(["Artikelnummer", "Preis", "Waehrung"])).toBeNull();
    expect(recognisePreset(["id", "title", "price"])).toBeNull();
    expect(presetById("nope")).toBeNull();
  });

  it("reads the networks' stock words: Awin's 1 and 0, Impact's OutofStock and LimitedAvailability", () => {
    expect(readFeedAvailability("1")).toBe("InStock");
    expect(readFeedAvailability("0")).toBe("OutOfStock");
    expect(readFeedAvailability("OutofStock")).toBe("OutOfStock");
    expect(readFeedAvailability("LimitedAvailability")).toBe("InStock");
    expect(readFeedAvailability("BackOrder")).toBe("BackOrder");
    expect(readFeedAvailability("yes")).toBe("InStock");
  });
});
