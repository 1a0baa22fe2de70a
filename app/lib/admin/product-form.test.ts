import { describe, expect, it } from "vitest";
import { makeProduct } from "../../../tests/support/catalog-fixtures";
import { productFormValues, readProductForm } from "./product-form";

describe("the one-product form", () => {
  it("applies the CSV rules to a form", () => {
    const outcome = readProductForm({
      name: " Tyyni 6 ",
      brand: "",
      slug: "tyyni-6",
      price: "123456789",
      rating: "7.34",
      capacity: "6 people",
      images: "front.jpg\njavascript:alert(1)\nhttps://example.com/b.jpg",
      key_features: "Cedar\n\nGlass door",
      collection_ids: "barrel, six-person-saunas\nbudget-saunas",
      website: "javascript:alert(1)",
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.product).toMatchObject({
      name: "Tyyni 6",
      brand: "Unknown Brand",
      priceCents: 9_999_999_999,
      rating: 5,
      capacity: 6,
      images: ["front.jpg", "https://example.com/b.jpg"],
      keyFeatures: ["Cedar", "Glass door"],
      collectionIds: ["barrel-saunas", "six-person-saunas", "budget-saunas"],
      website: null,
    });
    expect(outcome.warnings).toEqual([
      'Missing brand (saved as "Unknown Brand")',
      'image "javascript:alert(1)" is not an http(s) link or a file name (dropped)',
      'price "123456789" is above the maximum 99999999.99 (saved as 99999999.99)',
      'website "javascript:alert(1)" is not an http(s) link (dropped)',
      'rating "7.34" is outside 0 to 5 (saved as 5.0)',
    ]);
  });

  it("asks for a name and a slug instead of dropping the row", () => {
    expect(readProductForm({ brand: "B", price: "abc" })).toEqual({
      ok: false,
      errors: { name: "Enter the product name.", slug: "Enter a slug, e.g. tyyni-barrel-6." },
      warnings: [],
    });
  });

  it("round-trips a saved product through the form", () => {
    const product = makeProduct({
      name: "Kettu",
      slug: "kettu",
      priceCents: 849_950,
      rating: 4.5,
      images: ["a.jpg", "https://x.example/b.jpg"],
      keyFeatures: ["Cedar", "Porch"],
      capacity: 4,
      weightLbs: 980.5,
      website: "https://x.example",
    });
    const values = productFormValues(product, ["barrel-saunas", "four-person-saunas"]);
    expect(values).toMatchObject({
      price: "8499.50",
      rating: "4.5",
      images: "a.jpg\nhttps://x.example/b.jpg",
      collection_ids: "barrel-saunas, four-person-saunas",
    });
    const again = readProductForm(values);
    expect(again.ok && again.product).toMatchObject({
      name: "Kettu",
      slug: "kettu",
      priceCents: 849_950,
      rating: 4.5,
      images: ["a.jpg", "https://x.example/b.jpg"],
      keyFeatures: ["Cedar", "Porch"],
      capacity: 4,
      weightLbs: 980.5,
      collectionIds: ["barrel-saunas", "four-person-saunas"],
    });
  });
});

describe("the product form's best seller box", () => {
  it("marks a best seller only when ticked, and shows the mark again when editing", () => {
    const ticked = readProductForm({ name: "Tyyni", slug: "tyyni", best_seller: "true" });
    expect(ticked.ok && ticked.product.bestSeller).toBe(true);
    const clear = readProductForm({ name: "Tyyni", slug: "tyyni" });
    expect(clear.ok && clear.product.bestSeller).toBe(false);
    expect(productFormValues(makeProduct({ bestSeller: true }), []).best_seller).toBe("true");
    expect(productFormValues(makeProduct({ bestSeller: false }), []).best_seller).toBe("");
  });

  it("asks again, on the field, for anything but yes or no", () => {
    const odd = readProductForm({ name: "Tyyni", slug: "tyyni", best_seller: "perhaps" });
    expect(odd.ok ? null : odd.errors.best_seller).toMatch(/Tick the box/);
  });
});

describe("the product form's GTIN and MPN", () => {
  it("keeps a valid GTIN and the MPN, and refuses a GTIN with a wrong check digit on its field", () => {
    const ok = readProductForm({ name: "Tyyni", slug: "tyyni", gtin: "4006 3813 3393 1", mpn: " NC-TB6 " });
    expect(ok.ok && [ok.product.gtin, ok.product.mpn]).toEqual(["4006381333931", "NC-TB6"]);
    const typo = readProductForm({ name: "Tyyni", slug: "tyyni", gtin: "4006381333932" });
    expect(typo.ok ? null : typo.errors.gtin).toMatch(/check digit/);
  });
});
