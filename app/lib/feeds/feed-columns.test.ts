import { describe, expect, it } from "vitest";
import { fieldsOf, googleAttributeName, googleColumns, mappedColumns } from "./feed-columns";

describe("googleColumns", () => {
  it("finds Google's attribute names however the export wrote them", () => {
    expect(googleAttributeName(" Sale Price ")).toBe("sale_price");
    expect(googleAttributeName("g:sale_price_effective_date")).toBe("sale_price_effective_date");
    const index = googleColumns(["ID", "title", "g:price", "sale price", "color"]);
    expect(index && Object.fromEntries(index)).toEqual({ id: 0, title: 1, price: 2, sale_price: 3 });
  });

  it("needs id and price, else the file needs a mapping", () => {
    expect(googleColumns(["sku", "name", "cost"])).toBeNull();
    expect(googleColumns(["id", "title"])).toBeNull();
  });
});

describe("mappedColumns", () => {
  const header = ["SKU", "Product name", "Cost", "URL", "EAN"];

  it("maps the owner's columns, in any letter case", () => {
    const mapped = mappedColumns(header, { id: "sku", title: "Product name", price: "cost", link: "URL", gtin: "EAN" });
    expect(mapped.ok && Object.fromEntries(mapped.index)).toEqual({ id: 0, title: 1, price: 2, link: 3, gtin: 4 });
    if (!mapped.ok) return;
    expect(fieldsOf(["A-1", "Barrel", "4999.00 USD"], mapped.index)).toEqual({
      id: "A-1",
      title: "Barrel",
      price: "4999.00 USD",
      link: "",
      gtin: "",
    });
  });

  it("refuses a mapping without id or price, or naming a column the file no longer has", () => {
    expect(mappedColumns(header, { id: "SKU" })).toEqual({
      ok: false,
      reason: "The column mapping does not say which column holds the item's price; both are needed.",
    });
    const gone = mappedColumns(header, { id: "SKU", price: "Price (USD)" });
    expect(gone.ok).toBe(false);
    expect(!gone.ok && gone.reason).toContain('The file has no column "Price (USD)" (for price)');
    expect(!gone.ok && gone.reason).toContain('"SKU", "Product name", "Cost", "URL", "EAN"');
  });
});
