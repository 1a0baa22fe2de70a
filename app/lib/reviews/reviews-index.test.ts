import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_PRICES, priceSettingsAt } from "../offers/price-view";
import { productMatches } from "./catalog-search";
import { topRatedProducts } from "../home/home-page";
import { pageInfo } from "../catalog/pagination";
import { foundNothing, reviewsIndexRequest, reviewsIndexView, searchSuggestions } from "./reviews-index";
import { makeCollection, makeProduct } from "../../../tests/support/catalog-fixtures";

const context = {
  origin: "",
  surveyFormUrl: null,
  linkSource: "reviews",
  prices: priceSettingsAt(DEFAULT_SITE_PRICES, Date.parse("2026-11-26T12:00:00Z")),
};

const products = [
  makeProduct({ name: "Pod", slug: "pod", brand: "Emberfold", categoryId: "infrared", rating: 3.9 }),
  makeProduct({ name: "Barrel 4", slug: "barrel-4", brand: "Birchline", categoryId: "barrel", rating: 4.6, keyFeatures: ["Cedar staves"] }),
];
const collections = [
  makeCollection({
    slug: "barrel-saunas",
    title: "Best Barrel Saunas",
    imageUrl: "/images/collections/barrel-saunas.webp",
    featured: true,
  }),
  makeCollection({ slug: "no-picture", title: "Barrel Picks", imageUrl: null }),
  makeCollection({ slug: "fallback", title: "Fallback", imageUrl: "/images/fallbacks/barrel.webp" }),
  makeCollection({ slug: "placeholder", title: "Placeholder", imageUrl: "/images/placeholders/sauna-1.webp" }),
  makeCollection({ slug: "infrared-saunas", title: "Best Infrared Saunas", imageUrl: "/images/collections/infrared-saunas.webp" }),
];

/** The page as the loader builds it, with the database's part (select, order, page) done in memory. */
function view(query: string | null, page = 1, pageSize = 24) {
  const request = reviewsIndexRequest(query);
  const words = request.selection.kind === "search" ? request.selection.words : [];
  const selected = topRatedProducts(products, products.length).filter((p) => productMatches(p, words));
  return reviewsIndexView(
    {
      request,
      products: selected.slice((page - 1) * pageSize, page * pageSize),
      pagination: pageInfo(page, selected.length, pageSize),
      more: false,
      collections,
    },
    context,
  );
}

describe("reviewsIndexRequest", () => {
  it("lists every product without a query, and for a query of ignored words only", () => {
    for (const query of [null, "", "   "]) expect(reviewsIndexRequest(query)).toEqual({ query: "", selection: { kind: "all" } });
    expect(reviewsIndexRequest(" saunas ")).toEqual({ query: "saunas", selection: { kind: "all" } });
  });

  it("asks for every search word, singular and lower-cased", () => {
    expect(reviewsIndexRequest("Cedar  Barrels")).toEqual({
      query: "Cedar Barrels",
      selection: { kind: "search", words: ["cedar", "barrel"], phrase: "cedar barrels" },
    });
  });
});

describe("reviewsIndexView without a query", () => {
  it("shows tiles for collections with a picture of their own and the page's products", () => {
    for (const query of [null, "", "   "]) {
      const page = view(query);
      expect(page.mode).toBe("index");
      if (page.mode !== "index") return;
      expect(page.tiles.map((t) => t.slug)).toEqual(["barrel-saunas", "infrared-saunas"]);
      expect(page.tiles[0]).toMatchObject({ slug: "barrel-saunas", name: "Best Barrel Saunas" });
      expect(page.products.map((p) => p.name)).toEqual(["Barrel 4", "Pod"]);
      expect(page.pagination).toMatchObject({ page: 1, pageCount: 1, totalItems: 2 });
    }
  });

  it("shows the tiles on the first page only", () => {
    const second = view(null, 2, 1);
    expect(second).toMatchObject({ mode: "index", tiles: [], pagination: { page: 2, pageCount: 2, totalItems: 2 } });
    expect(second.products.map((p) => p.name)).toEqual(["Pod"]);
  });
});

describe("reviewsIndexView with a query", () => {
  it("gives the matching products and collections (a collection needs no picture to be found)", () => {
    const page = view("  barrel ");
    expect(page).toMatchObject({ mode: "search", query: "barrel", collectionCount: 2 });
    if (page.mode !== "search") return;
    expect(page.products.map((p) => p.slug)).toEqual(["barrel-4"]);
    expect(page.collections.map((c) => c.slug)).toEqual(["barrel-saunas", "no-picture"]);
  });

  it("finds by brand and by feature", () => {
    expect(view("emberfold").products.map((p) => p.name)).toEqual(["Pod"]);
    expect(view("cedar").products.map((p) => p.name)).toEqual(["Barrel 4"]);
  });

  it("lists the matching collections on the first page only, and still counts them", () => {
    const second = view("saunas", 2, 1);
    expect(second).toMatchObject({ mode: "search", collections: [], collectionCount: 5 });
  });

  it("returns empty lists and suggestions when nothing matches", () => {
    const page = view("hot tub");
    expect(page).toMatchObject({ mode: "search", products: [], collections: [], collectionCount: 0 });
    if (page.mode !== "search") return;
    expect(foundNothing(page)).toBe(true);
    const found = view("barrel");
    expect(found.mode === "search" && foundNothing(found)).toBe(false);
    expect(page.suggestions).toEqual([{ href: "/reviews/barrel-saunas", name: "Best Barrel Saunas" }]);
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
