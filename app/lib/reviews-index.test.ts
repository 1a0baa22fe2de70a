import { describe, expect, it } from "vitest";
import { reviewsIndexView, searchSuggestions } from "./reviews-index";
import { makeCollection, makeProduct } from "./test-fixtures";

const context = { origin: "", surveyFormUrl: null };

const products = [
  makeProduct({ name: "Pod", slug: "pod", brand: "Emberfold", categoryId: "infrared", rating: 3.9 }),
  makeProduct({ name: "Barrel 4", slug: "barrel-4", brand: "Birchline", categoryId: "barrel", rating: 4.6, keyFeatures: ["Cedar staves"] }),
];
const collections = [
  makeCollection({ slug: "barrel-saunas", title: "Best Barrel Saunas", imageUrl: "/images/collections/barrel-saunas.webp", featured: true }),
  makeCollection({ slug: "no-picture", title: "Barrel Picks", imageUrl: null }),
  makeCollection({ slug: "fallback", title: "Fallback", imageUrl: "/images/fallbacks/barrel.webp" }),
  makeCollection({ slug: "placeholder", title: "Placeholder", imageUrl: "/images/placeholders/sauna-1.webp" }),
  makeCollection({ slug: "infrared-saunas", title: "Best Infrared Saunas", imageUrl: "/images/collections/infrared-saunas.webp" }),
];

describe("reviewsIndexView without a query", () => {
  it("shows tiles for collections with a picture of their own and every product, best rated first", () => {
    for (const query of [null, "", "   "]) {
      const view = reviewsIndexView(query, products, collections, context);
      expect(view.mode).toBe("index");
      if (view.mode !== "index") return;
      expect(view.tiles.map((t) => t.slug)).toEqual(["barrel-saunas", "infrared-saunas"]);
      expect(view.tiles[0]).toMatchObject({ href: "/reviews/barrel-saunas", name: "Best Barrel Saunas" });
      expect(view.products.map((p) => p.name)).toEqual(["Barrel 4", "Pod"]);
    }
  });
});

describe("reviewsIndexView with a query", () => {
  it("gives the matching products and collections (a collection needs no picture to be found)", () => {
    const view = reviewsIndexView("  barrel ", products, collections, context);
    expect(view).toMatchObject({ mode: "search", query: "barrel" });
    if (view.mode !== "search") return;
    expect(view.products.map((p) => p.href)).toEqual(["/reviews/product/barrel-4"]);
    expect(view.collections.map((c) => c.slug)).toEqual(["barrel-saunas", "no-picture"]);
  });

  it("finds by brand and by feature", () => {
    const byBrand = reviewsIndexView("emberfold", products, collections, context);
    expect(byBrand.products.map((p) => p.name)).toEqual(["Pod"]);
    const byFeature = reviewsIndexView("cedar", products, collections, context);
    expect(byFeature.products.map((p) => p.name)).toEqual(["Barrel 4"]);
  });

  it("returns empty lists and suggestions when nothing matches", () => {
    const view = reviewsIndexView("hot tub", products, collections, context);
    expect(view).toMatchObject({ mode: "search", products: [], collections: [] });
    if (view.mode !== "search") return;
    expect(view.suggestions).toEqual([{ href: "/reviews/barrel-saunas", name: "Best Barrel Saunas" }]);
  });
});

describe("searchSuggestions", () => {
  it("suggests the featured collections, at most six", () => {
    const many = Array.from({ length: 8 }, (_, i) => makeCollection({ slug: `c${i}`, title: `C${i}`, featured: i !== 0 }));
    expect(searchSuggestions(many).map((s) => s.name)).toEqual(["C1", "C2", "C3", "C4", "C5", "C6"]);
  });

  it("falls back to the last-resort fixed pages when none is featured", () => {
    expect(searchSuggestions([]).map((s) => s.href)).toEqual([
      "/reviews/infrared-saunas",
      "/reviews/traditional-finnish-saunas",
      "/reviews/barrel-saunas",
      "/reviews/two-person-saunas",
      "/reviews/recovery-saunas",
    ]);
  });
});
