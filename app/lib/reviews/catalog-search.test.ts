import { describe, expect, it } from "vitest";
import {
  collectionMatches,
  MAX_QUERY_LENGTH,
  normaliseQuery,
  productMatches,
  moreResultsHint,
  resultsCountText,
  resultsHeading,
  SEARCH_RESULTS_SHOWN,
  searchCatalog,
  searchPhrase,
  searchRank,
  searchTokens,
  searchWords,
} from "./catalog-search";
import { makeCollection, makeProduct } from "../../../tests/support/catalog-fixtures";

const cedarBarrel = makeProduct({
  name: "Classic 2 Barrel Sauna",
  brand: "Birchline Barrel Co.",
  categoryId: "barrel",
  heaterType: "Electric",
  keyFeatures: ["Western red cedar staves", "Tempered glass door"],
});
const infraredPod = makeProduct({
  name: "Solo Infrared Pod",
  brand: "Emberfold Wellness",
  categoryId: "infrared",
  heaterType: "Infrared (full-spectrum)",
  keyFeatures: ["Carbon panels", "Low EMF"],
});
const cltCube = makeProduct({
  name: "CLT Cube 4",
  brand: "Ridgeplank",
  categoryId: "clt",
  heaterType: "Wood-burning",
  keyFeatures: ["Cross-laminated timber walls"],
});
const products = [cedarBarrel, infraredPod, cltCube];

const barrels = makeCollection({ slug: "barrel-saunas", title: "Best Barrel Saunas of 2025" });
const twoPerson = makeCollection({ slug: "two-person-saunas", title: "Best Two-Person Saunas of 2025" });
const collections = [barrels, twoPerson];

describe("normaliseQuery", () => {
  it("trims and collapses whitespace", () => {
    expect(normaliseQuery("  cedar \n  barrel ")).toBe("cedar barrel");
    expect(normaliseQuery(null)).toBe("");
    expect(normaliseQuery(undefined)).toBe("");
  });

  it("cuts the query at 100 characters", () => {
    expect(normaliseQuery("x".repeat(150))).toHaveLength(MAX_QUERY_LENGTH);
  });
});

describe("searchTokens", () => {
  it("lower-cases, drops accents and splits at anything not a letter or digit", () => {
    expect(searchTokens("Löyly-Sauna, 4.5 kW (Wi-Fi)")).toEqual(["loyly", "sauna", "4", "5", "kw", "wi", "fi"]);
    expect(searchTokens("  ")).toEqual([]);
  });

  it("splits ASCII text (read by a quicker path) exactly as the general rule does", () => {
    const general = (text: string) =>
      text
        .normalize("NFKD")
        .replace(/\p{M}+/gu, "")
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((token) => token !== "");
    const everyAscii = Array.from({ length: 128 }, (_, code) => `Ab${String.fromCharCode(code)}9z`).join("");
    expect(searchTokens(everyAscii)).toEqual(general(everyAscii));
    expect(searchTokens("Cedar_Barrel/6-Person! KIT\t2")).toEqual(general("Cedar_Barrel/6-Person! KIT\t2"));
  });
});

describe("searchRank", () => {
  const words = searchWords("cedar barrel");
  it("puts the exact name first, then names holding the words whole, then by a word start, then the rest", () => {
    expect(searchRank({ name: "Cedar Barrel" }, words, searchPhrase("cedar barrel"))).toBe(0);
    expect(searchRank({ name: "Cedar Barrel 4" }, words, searchPhrase("cedar barrel"))).toBe(1);
    expect(searchRank({ name: "Cedarwood Barrels" }, words, searchPhrase("cedar barrel"))).toBe(2);
    expect(searchRank({ name: "Classic 2" }, words, searchPhrase("cedar barrel"))).toBe(3);
  });
});

describe("searchWords", () => {
  it("lower-cases, strips edge punctuation and removes duplicates", () => {
    expect(searchWords('"Cedar," CEDAR (barrel)')).toEqual(["cedar", "barrel"]);
  });

  it("reduces plurals but keeps short words and -ss words whole", () => {
    expect(searchWords("barrels kits gas glass")).toEqual(["barrel", "kit", "gas", "glass"]);
  });

  it("ignores 'sauna', 'saunas' and filler words", () => {
    expect(searchWords("the best saunas for a garden")).toEqual(["best", "garden"]);
    expect(searchWords("sauna")).toEqual([]);
  });
});

describe("productMatches", () => {
  it("matches name, brand, category, heater type and features, ignoring case", () => {
    expect(productMatches(cedarBarrel, ["classic"])).toBe(true);
    expect(productMatches(cedarBarrel, ["birchline"])).toBe(true);
    expect(productMatches(cltCube, ["clt"])).toBe(true);
    expect(productMatches(infraredPod, searchWords("full-spectrum"))).toBe(true);
    expect(productMatches(cedarBarrel, ["cedar"])).toBe(true);
    expect(productMatches(infraredPod, ["cedar"])).toBe(false);
  });

  it("needs every word, each in any field", () => {
    expect(productMatches(cedarBarrel, ["cedar", "electric"])).toBe(true);
    expect(productMatches(cedarBarrel, ["cedar", "infrared"])).toBe(false);
  });

  it("matches the category label as well as the id", () => {
    const modernCube = makeProduct({ name: "Unit", categoryId: "modern-cube" });
    expect(productMatches(modernCube, searchWords("modern cube"))).toBe(true);
  });

  it("matches words by their start, never inside a word", () => {
    expect(productMatches(cedarBarrel, ["ced", "stave"])).toBe(true);
    expect(productMatches(cedarBarrel, ["edar"])).toBe(false);
    expect(productMatches(cltCube, searchWords("laminated"))).toBe(true);
  });

  it("ignores accents, and reads punctuation as a word break", () => {
    const loyly = makeProduct({ name: "Löyly-Sauna Ränta", keyFeatures: ["Wi-Fi control"] });
    expect(productMatches(loyly, searchWords("LOYLY ranta"))).toBe(true);
    expect(productMatches(loyly, searchWords("wi fi"))).toBe(true);
    expect(productMatches(loyly, searchWords("wifi"))).toBe(false);
  });

  it("does not search the description", () => {
    const product = makeProduct({ name: "Plain", description: "Made of cedar" });
    expect(productMatches(product, ["cedar"])).toBe(false);
  });
});

describe("collectionMatches", () => {
  it("matches the name and the slug's words", () => {
    expect(collectionMatches(barrels, ["barrel"])).toBe(true);
    expect(collectionMatches(twoPerson, ["two", "person"])).toBe(true);
    expect(collectionMatches(twoPerson, ["barrel"])).toBe(false);
  });
});

describe("searchCatalog", () => {
  it("finds products and collections by a brand, type or feature", () => {
    expect(searchCatalog("Birchline", products, collections)).toEqual({
      query: "Birchline",
      products: [cedarBarrel],
      collections: [],
    });
    const barrelResults = searchCatalog("barrel saunas", products, collections);
    expect(barrelResults.products).toEqual([cedarBarrel]);
    expect(barrelResults.collections).toEqual([barrels]);
    expect(searchCatalog("cedar", products, collections).products).toEqual([cedarBarrel]);
    expect(searchCatalog("INFRARED", products, collections).products).toEqual([infraredPod]);
  });

  it("keeps the given order", () => {
    const all = searchCatalog("c", products, collections);
    expect(all.products).toEqual([cedarBarrel, infraredPod, cltCube]);
  });

  it("returns nothing for a blank query and for a word found nowhere", () => {
    expect(searchCatalog("   ", products, collections)).toEqual({ query: "", products: [], collections: [] });
    expect(searchCatalog("jacuzzi", products, collections).products).toEqual([]);
  });

  it("matches everything when only ignored words are given", () => {
    const result = searchCatalog("saunas", products, collections);
    expect(result.products).toHaveLength(3);
    expect(result.collections).toHaveLength(2);
  });
});

describe("result texts", () => {
  it("heads the results with the query in quotes", () => {
    expect(resultsHeading("cedar")).toBe("Results for “cedar”");
  });

  it("counts saunas and collections in words", () => {
    expect(resultsCountText(0, 0)).toBe("No saunas or collections");
    expect(resultsCountText(1, 0)).toBe("1 sauna");
    expect(resultsCountText(3, 0)).toBe("3 saunas");
    expect(resultsCountText(0, 1)).toBe("1 collection");
    expect(resultsCountText(2, 3)).toBe("2 saunas and 3 collections");
    expect(resultsCountText(1000, 0)).toBe("1,000 saunas");
  });

  it("says when a search shows only its best matches, and how to see others", () => {
    expect(resultsCountText(SEARCH_RESULTS_SHOWN, 0, true)).toBe("More than 1,000 saunas");
    expect(resultsCountText(SEARCH_RESULTS_SHOWN, 2, true)).toBe("More than 1,000 saunas and 2 collections");
    expect(moreResultsHint(SEARCH_RESULTS_SHOWN)).toBe("The best 1,000 are listed. Add a word to narrow the search.");
  });
});
