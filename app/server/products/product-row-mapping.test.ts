import { describe, expect, it } from "vitest";
import { columnsUpdatedByCsv, parseTextList } from "./product-row-mapping";

describe("parseTextList", () => {
  it("reads a JSON list of strings and drops anything else", () => {
    expect(parseTextList('["a.webp", 3, "b.webp"]')).toEqual(["a.webp", "b.webp"]);
    expect(parseTextList('{"a": 1}')).toEqual([]);
    expect(parseTextList("not json")).toEqual([]);
  });
});

describe("columnsUpdatedByCsv", () => {
  it("writes name, brand and the file's own columns, never the ones the file lacks", () => {
    expect(columnsUpdatedByCsv(["name", "brand", "slug", "price", "weight", "collection_ids"])).toEqual([
      "name",
      "brand",
      "price_cents",
      "weight_lbs",
      "is_sample",
      "updated_at",
    ]);
  });
});
