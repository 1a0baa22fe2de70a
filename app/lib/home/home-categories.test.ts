import { describe, expect, it } from "vitest";
import { browseByCategoryCards, categoryHref, reviewsIndexTiles } from "./home-categories";
import { makeCollection } from "../../../tests/support/catalog-fixtures";

const tile = (slug: string, imageUrl: string | null) => makeCollection({ slug, imageUrl });
const slugs = (list: { slug: string }[]) => list.map((c) => c.slug);

describe("browseByCategoryCards", () => {
  it("moves traditional-finnish-saunas to the front and keeps the rest in order", () => {
    const list = [
      tile("barrel-saunas", "/images/collections/barrel-saunas.webp"),
      tile("infrared-saunas", "/images/collections/infrared-saunas.webp"),
      tile("traditional-finnish-saunas", "/images/collections/traditional-finnish-saunas.webp"),
      tile("luxury-saunas", "luxury.jpg"),
    ];
    expect(slugs(browseByCategoryCards(list))).toEqual(["traditional-finnish-saunas", "barrel-saunas", "infrared-saunas", "luxury-saunas"]);
  });

  it("drops collections whose link contains electric-saunas", () => {
    const list = [
      tile("electric-saunas", "/images/collections/electric-saunas.webp"),
      tile("best-electric-saunas", "/a.webp"),
      tile("barrel-saunas", "/b.webp"),
    ];
    expect(slugs(browseByCategoryCards(list))).toEqual(["barrel-saunas"]);
  });

  it("drops missing, placeholder, fallback and stock-photo images", () => {
    const list = [
      tile("a", null),
      tile("b", ""),
      tile("c", "/images/placeholders/sauna-1.webp"),
      tile("d", "/images/fallbacks/barrel.webp"),
      tile("e", "https://images.unsplash.com/photo-1"),
      tile("f", "/placeholder.svg"),
      tile("g", "/images/collections/g.webp"),
    ];
    expect(slugs(browseByCategoryCards(list))).toEqual(["g"]);
  });

  it("gives an empty list when nothing qualifies", () => {
    expect(browseByCategoryCards([tile("a", null)])).toEqual([]);
  });

  it("links each card to its collection page", () => {
    expect(categoryHref("barrel-saunas")).toBe("/reviews/barrel-saunas");
  });
});

describe("reviewsIndexTiles", () => {
  it("hides empty, placeholder and fallback images and keeps the order (electric stays)", () => {
    const list = [
      tile("electric-saunas", "/images/collections/electric-saunas.webp"),
      tile("a", ""),
      tile("b", "/images/fallbacks/generic.webp"),
      tile("c", "/images/placeholders/generic.webp"),
      tile("traditional-finnish-saunas", "/images/collections/t.webp"),
    ];
    expect(slugs(reviewsIndexTiles(list))).toEqual(["electric-saunas", "traditional-finnish-saunas"]);
  });
});
