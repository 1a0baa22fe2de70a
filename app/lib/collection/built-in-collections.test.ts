import { describe, expect, it } from "vitest";
import {
  builtInCollection,
  canonicalCollectionSlug,
  defaultCollectionDescription,
  lastResortCollections,
  titleFromSlug,
} from "./built-in-collections";

describe("canonicalCollectionSlug", () => {
  it("treats 'barrel' as barrel-saunas", () => {
    expect(canonicalCollectionSlug("barrel")).toBe("barrel-saunas");
    expect(canonicalCollectionSlug("Barrel")).toBe("barrel-saunas");
  });

  it("maps the short names and category words to their fixed collection", () => {
    expect(canonicalCollectionSlug("electric")).toBe("electric-saunas");
    expect(canonicalCollectionSlug("wood-fired")).toBe("wood-fired-saunas");
    expect(canonicalCollectionSlug("cube")).toBe("modern-outdoor-saunas");
    expect(canonicalCollectionSlug("outdoor")).toBe("outdoor-saunas");
  });

  it("keeps every other slug", () => {
    expect(canonicalCollectionSlug("barrel-saunas")).toBe("barrel-saunas");
    expect(canonicalCollectionSlug("my-garden-picks")).toBe("my-garden-picks");
  });
});

describe("titles and descriptions from a slug", () => {
  it.each([
    ["two-person-saunas", "Two Person Saunas"],
    ["eco-friendly-saunas", "Eco Friendly Saunas"],
    ["clt-saunas", "CLT Saunas"],
    ["infrared-saunas", "Infrared Saunas"],
  ])("%s → %s", (slug, title) => {
    expect(titleFromSlug(slug)).toBe(title);
  });

  it("describes a built-in collection as 'Top-rated {name}', without a year (no date stands behind one)", () => {
    expect(defaultCollectionDescription("Two Person Saunas")).toBe("Top-rated Two Person Saunas");
    expect(builtInCollection("two-person-saunas")).toEqual({
      slug: "two-person-saunas",
      title: "Two Person Saunas",
      description: "Top-rated Two Person Saunas",
      imageUrl: null,
      featured: false,
    });
  });
});

describe("lastResortCollections", () => {
  it("holds infrared, traditional Finnish, barrel, two-person and recovery, all featured", () => {
    const list = lastResortCollections();
    expect(list.map((c) => c.slug)).toEqual([
      "infrared-saunas",
      "traditional-finnish-saunas",
      "barrel-saunas",
      "two-person-saunas",
      "recovery-saunas",
    ]);
    expect(list.every((c) => c.featured)).toBe(true);
  });
});
