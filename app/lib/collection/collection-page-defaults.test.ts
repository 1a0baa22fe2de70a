import { describe, expect, it } from "vitest";
import {
  allCollectionPageDefaults,
  collectionHeader,
  collectionPageDefaults,
  collectionPageTitle,
  EXAMPLE_SAUNAS,
  genericIntro,
} from "./collection-page-defaults";
import { FIXED_COLLECTION_SLUGS } from "./collection-rules";
import { makeCollection } from "../../../tests/support/catalog-fixtures";

const record = makeCollection({
  slug: "barrel-saunas",
  title: "Stored Barrel Title",
  description: "Stored description",
  intro: "Stored intro",
  imageUrl: "/storage/product-images/barrel-hero.webp",
});

describe("the themed defaults of the fixed pages", () => {
  it("has one entry for each of the 17 fixed slugs, in order", () => {
    expect(allCollectionPageDefaults().map((d) => d.slug)).toEqual([...FIXED_COLLECTION_SLUGS]);
    expect(FIXED_COLLECTION_SLUGS).toHaveLength(17);
  });

  it.each(FIXED_COLLECTION_SLUGS)("%s has a title, description, intro and its shipped picture, and no date or year of its own", (slug) => {
    const d = collectionPageDefaults(slug);
    expect(d.title).toMatch(/\S/);
    expect(d.description.length).toBeGreaterThan(20);
    expect(d.intro.length).toBeGreaterThan(80);
    expect(d.image).toBe(`/images/collections/${slug}.webp`);
    // A year in a title must come from the page's real last change; no default can know it.
    for (const text of [d.title, d.description, d.intro]) expect(text).not.toMatch(/\b20\d\d\b/);
    expect(d).not.toHaveProperty("lastUpdated");
    expect(["By Type", "By Size", "By Price", "Special Types"]).toContain(d.group);
  });

  it("labels the budget page 'Under $10,000' with BEST VALUE and the premium page 'Under $15,000'", () => {
    expect(collectionPageDefaults("budget-saunas")).toMatchObject({ label: "Under $10,000", badge: "BEST VALUE" });
    expect(collectionPageDefaults("premium-saunas").label).toBe("Under $15,000");
    expect(collectionPageDefaults("premium-saunas").description).toContain("$10,000 to under $15,000");
    expect(collectionPageDefaults("luxury-saunas").badge).toBeUndefined();
  });
});

describe("collectionHeader", () => {
  it("uses the record's values on a record-first page", () => {
    expect(collectionHeader("barrel-saunas", record, "2026-11-27T01:00:00.000Z")).toEqual({
      slug: "barrel-saunas",
      title: "Stored Barrel Title",
      description: "Stored description",
      intro: "Stored intro",
      image: "/storage/product-images/barrel-hero.webp",
      lastUpdated: "2026-11-27T01:00:00.000Z",
      group: "By Type",
      label: null,
      badge: null,
      recordMissing: false,
    });
  });

  it("falls back to each default the record lacks (blank counts as missing)", () => {
    const sparse = makeCollection({
      slug: "budget-saunas",
      title: "  ",
      description: null,
      intro: "",
      imageUrl: "null",
    });
    const header = collectionHeader("budget-saunas", sparse);
    const d = collectionPageDefaults("budget-saunas");
    expect(header).toMatchObject({
      title: d.title,
      description: d.description,
      intro: d.intro,
      image: "/images/collections/budget-saunas.webp",
      lastUpdated: null,
      label: "Under $10,000",
      badge: "BEST VALUE",
      recordMissing: false,
    });
  });

  it("uses every default, and says so, when a fixed page has no record", () => {
    const header = collectionHeader("infrared-saunas", undefined);
    const d = collectionPageDefaults("infrared-saunas");
    expect(header).toMatchObject({
      title: d.title,
      description: d.description,
      intro: d.intro,
      image: d.image,
      lastUpdated: null,
    });
    expect(header.recordMissing).toBe(true);
  });

  it.each(["six-person-saunas", "modern-outdoor-saunas"] as const)(
    "%s keeps its fixed title and description over the record's, but takes the record's intro and picture",
    (slug) => {
      const stored = { ...record, slug };
      const d = collectionPageDefaults(slug);
      expect(collectionHeader(slug, stored, "2026-11-27T01:00:00.000Z")).toMatchObject({
        title: d.title,
        description: d.description,
        lastUpdated: "2026-11-27T01:00:00.000Z",
        intro: "Stored intro",
        image: "/storage/product-images/barrel-hero.webp",
        recordMissing: false,
      });
      expect(d.recordUse).toBe("fixed-texts");
    },
  );

  it("gives the clt page its fixed record with slug clt-saunas whatever is stored", () => {
    const d = collectionPageDefaults("clt-saunas");
    for (const stored of [undefined, { ...record, slug: "clt-saunas" }]) {
      expect(collectionHeader("clt-saunas", stored)).toMatchObject({
        slug: "clt-saunas",
        title: d.title,
        description: d.description,
        intro: d.intro,
        image: "/images/collections/clt-saunas.webp",
        lastUpdated: null,
        recordMissing: false,
      });
    }
  });

  it("builds a generic page from its record, with the built-in description, a plain intro and the category fallback", () => {
    const generic = makeCollection({
      slug: "lakeside-barrels",
      title: "Lakeside Barrels",
      description: null,
      intro: null,
      imageUrl: null,
    });
    expect(collectionHeader("lakeside-barrels", generic)).toEqual({
      slug: "lakeside-barrels",
      title: "Lakeside Barrels",
      description: "Top-rated Lakeside Barrels",
      intro: genericIntro("Lakeside Barrels"),
      image: "/images/fallbacks/barrel.webp",
      lastUpdated: null,
      group: null,
      label: null,
      badge: null,
      recordMissing: false,
    });
  });

  it("refuses a generic page without a record", () => {
    expect(() => collectionHeader("no-such-list", undefined)).toThrow(/needs its record/);
  });
});

describe("collectionPageTitle", () => {
  it("is '{collection title} - Sauna Reviews'", () => {
    expect(collectionPageTitle("Best Barrel Saunas")).toBe("Best Barrel Saunas - Sauna Reviews");
  });
});

describe("the example saunas of the empty state", () => {
  it("are three shipped pictures, each named as an example, with no price, rating or link", () => {
    expect(EXAMPLE_SAUNAS).toHaveLength(3);
    for (const example of EXAMPLE_SAUNAS) {
      expect(example.name).toMatch(/^Example: /);
      expect(example.image).toMatch(/^\/images\/builtin\/[a-z-]+\.webp$/);
      expect(Object.keys(example).sort()).toEqual(["description", "features", "image", "name", "type"]);
    }
  });
});
