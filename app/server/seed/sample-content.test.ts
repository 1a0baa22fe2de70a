import { describe, expect, it } from "vitest";
import { sampleMeasuredValues, sampleMeasurements } from "./sample-measurements";
import { displayPrice, type PriceSettings } from "~/lib/offers/display-price";
import { dailyLowestPrices, isLowestInDays, priceDropPercent, type ListedOffer, type PriceHistoryEntry } from "~/lib/offers/price-series";
import { sampleCollections } from "./sample-collections";
import { sampleMerchants, sampleOffers } from "./sample-offers";
import { DROPPED_SAMPLES, sampleOfferStates, samplePriceHistory } from "./sample-price-history";
import { sampleProducts } from "./sample-products";
import { sampleReviews } from "./sample-reviews";
import { sampleAuthorDetails } from "./sample-authors";
import { sampleArticleFiles } from "./sample-article-files";
import { tagSlug } from "~/lib/learn/articles";
import { readProfileLinks } from "~/lib/learn/author-profile";
import { MAX_ALTERNATIVES, MAX_SCORE, overallFromScores } from "~/lib/catalog/review";
import type { SampleCollection, SampleProduct } from "./sample-types";

const has = (text: string, word: string): boolean => text.toLowerCase().includes(word.toLowerCase());
const anyFeature = (p: SampleProduct, ...words: string[]): boolean => p.key_features.some((f) => words.some((w) => has(f, w)));

/**
 * The slug rules that pick a collection page's products, restated here independently of the
 * app code so the sample data is checked against the rules themselves. Price tiers read `price`, the
 * price the site lists, not a temporary sale price.
 */
const collectionRules = {
  "outdoor-saunas": () => true,
  "modern-outdoor-saunas": (p) => p.category_id === "modern" || p.category_id === "cube",
  "traditional-finnish-saunas": (p) =>
    (has(p.heater_type, "wood") && !has(p.heater_type, "infrared") && !has(p.category_id, "infrared")) ||
    has(p.category_id, "traditional") ||
    has(p.name, "finnish") ||
    anyFeature(p, "finnish"),
  "infrared-saunas": (p) => has(p.heater_type, "infrared"),
  "barrel-saunas": (p) => has(p.category_id, "barrel"),
  "wood-fired-saunas": (p) => has(p.heater_type, "wood"),
  "electric-saunas": (p) => has(p.heater_type, "electric") || has(p.name, "electric"),
  "clt-saunas": (p) => p.category_id === "clt" || p.name.includes("CLT"),
  "custom-saunas": (p) => p.category_id === "custom" || has(p.name, "custom"),
  "two-person-saunas": (p) => p.capacity === 2,
  "four-person-saunas": (p) => p.capacity === 4,
  "six-person-saunas": (p) => p.capacity === 6,
  "budget-saunas": (p) => p.price < 10000,
  "premium-saunas": (p) => p.price >= 10000 && p.price < 15000,
  "luxury-saunas": (p) => p.price >= 15000,
  "recovery-saunas": (p) => anyFeature(p, "recovery"),
  "eco-friendly-saunas": (p) => anyFeature(p, "eco", "sustainable", "green"),
} satisfies Record<string, (p: SampleProduct) => boolean>;

type FixedSlug = keyof typeof collectionRules;
const fixedSlugs = Object.keys(collectionRules) as FixedSlug[];

/** The criteria each collection is seeded with; the rest are custom with no value. */
const expectedCriteria: Record<string, [SampleCollection["criteria_type"], string | null]> = {
  "budget-saunas": ["price", "budget"],
  "premium-saunas": ["price", "premium"],
  "luxury-saunas": ["price", "luxury"],
  "two-person-saunas": ["size", "2"],
  "four-person-saunas": ["size", "4"],
  "six-person-saunas": ["size", "6"],
  "electric-saunas": ["heater_type", "electric"],
  "wood-fired-saunas": ["heater_type", "wood"],
  "infrared-saunas": ["heater_type", "infrared"],
  "barrel-saunas": ["category", "barrel"],
  "recovery-saunas": ["use_case", "recovery"],
  "eco-friendly-saunas": ["features", "eco"],
};

const categories = ["barrel", "traditional", "infrared", "modern", "clt", "custom", "cabin", "cube"];
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

describe("sample products", () => {
  it("has at least 26 products with unique kebab-case slugs", () => {
    expect(sampleProducts.length).toBeGreaterThanOrEqual(26);
    const slugs = sampleProducts.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("comes from 6 to 9 brands with 2 to 5 models each", () => {
    const perBrand = new Map<string, number>();
    for (const p of sampleProducts) perBrand.set(p.brand, (perBrand.get(p.brand) ?? 0) + 1);
    expect(perBrand.size).toBeGreaterThanOrEqual(6);
    expect(perBrand.size).toBeLessThanOrEqual(9);
    for (const [brand, count] of perBrand) {
      expect(count, brand).toBeGreaterThanOrEqual(2);
      expect(count, brand).toBeLessThanOrEqual(5);
    }
  });

  it("has exactly one 'tyyni' model, which the survey-link rule targets", () => {
    expect(sampleProducts.filter((p) => has(p.name, "tyyni"))).toHaveLength(1);
  });

  it.each(sampleProducts.map((p) => [p.slug, p] as const))("%s has sound fields", (_slug, p) => {
    expect(p.key_features.length).toBeGreaterThanOrEqual(3);
    expect(p.key_features.length).toBeLessThanOrEqual(8);
    expect(p.rating).toBeGreaterThanOrEqual(0);
    expect(p.rating).toBeLessThanOrEqual(5);
    expect(Math.round(p.rating * 10) / 10).toBe(p.rating);
    expect(categories).toContain(p.category_id);
    expect(Number.isInteger(p.capacity)).toBe(true);
    expect(p.capacity).toBeGreaterThanOrEqual(1);
    expect(p.capacity).toBeLessThanOrEqual(8);
    expect(Number.isInteger(p.price)).toBe(true);
    expect(p.price).toBeGreaterThan(0);
    expect(p.weight_lbs).toBeGreaterThan(0);
    for (const text of [p.name, p.brand, p.tagline, p.description, p.full_description, p.heater_type, p.heater_spec]) {
      expect(text.trim()).not.toBe("");
    }
    expect(p.full_description.split("\n\n").length).toBeGreaterThanOrEqual(2);
  });

  it.each(sampleProducts.map((p) => [p.slug, p] as const))("%s has safe links", (_slug, p) => {
    for (const url of [p.website, p.affiliate_link]) {
      expect(url === "" || url.startsWith("https://"), url).toBe(true);
    }
    // Without an affiliate link an empty website would leave the Buy button pointing at '#'.
    expect(p.affiliate_link).toMatch(/^https:\/\//);
  });

  it.each(sampleProducts.map((p) => [p.slug, p] as const))("%s has a consistent sale and review count", (_slug, p) => {
    if (p.sale_price === undefined) {
      expect(p.sale_ends_at).toBeUndefined();
    } else {
      expect(p.sale_price).toBeLessThan(p.price);
      expect(p.sale_ends_at).toMatch(isoDate);
    }
    expect(Number.isInteger(p.reviews_number)).toBe(true);
    if (p.review_count.endsWith("+")) {
      const shown = Number(p.review_count.slice(0, -1));
      expect(shown).toBeLessThanOrEqual(p.reviews_number);
    } else {
      expect(p.review_count).toBe(String(p.reviews_number));
    }
  });

  it("puts a product exactly on the $10,000 tier boundary", () => {
    const onBoundary = sampleProducts.filter((p) => p.price === 10000);
    expect(onBoundary.length).toBeGreaterThanOrEqual(1);
    for (const p of onBoundary) expect(collectionRules["premium-saunas"](p)).toBe(true);
  });
});

describe("sample collections", () => {
  it("covers exactly the 17 fixed slugs", () => {
    expect(fixedSlugs).toHaveLength(17);
    expect(sampleCollections.map((c) => c.slug).sort()).toEqual([...fixedSlugs].sort());
  });

  it.each(sampleCollections.map((c) => [c.slug, c] as const))("%s has its criteria", (slug, c) => {
    const [type, value] = expectedCriteria[slug] ?? ["custom", null];
    expect(c.criteria_type).toBe(type);
    expect(c.criteria_value).toBe(value);
    expect(c.title.trim()).not.toBe("");
    expect(c.description.trim()).not.toBe("");
    expect(c.intro.trim()).not.toBe("");
    // No year stands behind a sample title: the page dates itself by its real last change.
    expect(c.title).not.toMatch(/\b20\d\d\b/);
  });

  it.each(fixedSlugs)("%s has at least 3 products by the collection rules", (slug) => {
    const matches = sampleProducts.filter(collectionRules[slug]);
    expect(matches.length).toBeGreaterThanOrEqual(3);
  });
});

describe("sample price history", () => {
  const seededAt = "2026-11-26T09:30:00.000Z";
  const settings: PriceSettings = { country: "US", currency: "USD", maxAgeMs: 86_400_000, today: "2026-11-26", now: Date.parse(seededAt) };
  const states = sampleOfferStates(sampleProducts, sampleMerchants, sampleOffers);
  const history = samplePriceHistory(states, seededAt);
  const keyOf = (row: { product: string; merchant: string }) => `${row.product} ${row.merchant}`;
  const offerIds = new Map(states.map((state, index) => [keyOf(state), index + 1]));
  const listed: ListedOffer[] = states.map((state, index) => ({
    id: index + 1,
    merchantSlug: state.merchant,
    merchantName: state.merchantName,
    link: null,
    priceMinor: state.priceMinor,
    currency: state.currency,
    salePriceMinor: state.salePriceMinor,
    saleEndsAt: state.saleEndsAt,
    availability: state.availability,
    countries: state.countries,
    merchantCountries: state.merchantCountries,
    source: "form",
    confirmedAt: seededAt,
    priceChangedAt: seededAt,
    isPrimary: false,
  }));
  // The rows as the seed writes them, and the row the database's trigger adds when each offer is inserted.
  const entries = (product: string): PriceHistoryEntry[] =>
    [...history, ...states.map((state) => ({ ...state, recordedAt: seededAt }))]
      .filter((row) => row.product === product)
      .map((row, index) => ({
        id: index + 1,
        offerId: offerIds.get(keyOf(row))!,
        merchantName: row.merchant,
        merchantCountries: states.find((state) => keyOf(state) === keyOf(row))!.merchantCountries,
        priceMinor: row.priceMinor,
        salePriceMinor: row.salePriceMinor,
        saleEndsAt: row.saleEndsAt,
        currency: row.currency,
        availability: row.availability,
        recordedAt: row.recordedAt,
      }));
  const seriesOf = (product: string, days: number) =>
    dailyLowestPrices(
      entries(product),
      listed.filter((offer) => states[offer.id - 1]!.product === product),
      settings,
      days,
    );

  it("gives every offer at least 60 days of past that ends in the offer as seeded", () => {
    for (const state of states) {
      const rows = history.filter((row) => keyOf(row) === keyOf(state));
      expect(Date.parse(seededAt) - Date.parse(rows[0]!.recordedAt), keyOf(state)).toBeGreaterThanOrEqual(60 * 86_400_000);
      expect(rows.at(-1), keyOf(state)).toMatchObject({
        priceMinor: state.priceMinor,
        salePriceMinor: state.salePriceMinor,
        saleEndsAt: state.saleEndsAt,
        availability: state.availability,
      });
    }
    expect(new Set(states.map((state) => state.product))).toEqual(new Set(sampleProducts.map((product) => product.slug)));
  });

  it.each(sampleProducts.map((product) => [product.slug] as const))(
    "%s: 'Price dropped' only where the history shows a real drop",
    (slug) => {
      const series = seriesOf(slug, 31);
      const shown = displayPrice(
        listed.filter((offer) => states[offer.id - 1]!.product === slug),
        settings,
      );
      // The last day is the displayed price.
      expect(series.at(-1)?.amountMinor).toBe(shown.kind === "price" ? shown.amountMinor : null);
      if ((DROPPED_SAMPLES as readonly string[]).includes(slug)) expect(priceDropPercent(series)).toBe(7);
      else expect(priceDropPercent(series)).toBeNull();
    },
  );

  it("shows 'Lowest price in 90 days' on the sale that began this month, and not on every product", () => {
    const lowest = sampleProducts.filter((product) => isLowestInDays(seriesOf(product.slug, 91))).map((product) => product.slug);
    expect(lowest).toContain("birchline-ember-6-barrel-sauna");
    expect(lowest.length).toBeLessThan(sampleProducts.length / 2);
  });
});

describe("the sample reviews", () => {
  const slugs = new Set(sampleProducts.map((product) => product.slug));

  it("every sample product has every part of a full review, with alternatives that exist", () => {
    for (const product of sampleProducts) {
      const review = sampleReviews[product.slug];
      expect(review, product.slug).toBeDefined();
      expect(review!.verdict.length, product.slug).toBeGreaterThan(20);
      expect(review!.pros.length, product.slug).toBeGreaterThanOrEqual(2);
      expect(review!.cons.length, product.slug).toBeGreaterThanOrEqual(1);
      expect(
        review!.scores.every((score) => score >= 0 && score <= MAX_SCORE),
        product.slug,
      ).toBe(true);
      expect(review!.best_for && review!.skip_if && review!.reviewer, product.slug).toBeTruthy();
      expect(review!.tested_on, product.slug).toMatch(/^2026-\d{2}-\d{2}$/);
      expect(review!.alternatives.length, product.slug).toBeGreaterThan(0);
      expect(review!.alternatives.length, product.slug).toBeLessThanOrEqual(MAX_ALTERNATIVES);
      for (const alternative of review!.alternatives) {
        expect(slugs.has(alternative) && alternative !== product.slug, `${product.slug} → ${alternative}`).toBe(true);
      }
    }
    expect(Object.keys(sampleReviews).filter((slug) => !slugs.has(slug))).toEqual([]);
  });

  it("the scores give each sample its rating under the default weights, and the reviewers are badged as samples", () => {
    for (const product of sampleProducts) {
      const [scoreBuildQuality, scoreHeatEfficiency, scoreInstallation, scoreWarranty, scoreValue] = sampleReviews[product.slug]!.scores;
      expect(
        overallFromScores({ scoreBuildQuality, scoreHeatEfficiency, scoreInstallation, scoreWarranty, scoreValue }),
        product.slug,
      ).toBe(product.rating);
      expect(sampleReviews[product.slug]!.reviewer, product.slug).toMatch(/\(sample reviewer\)$/);
    }
  });
});

describe("the sample measurements", () => {
  it("measure most sample saunas, every value naming a product that exists and one value per measurement", () => {
    const slugs = new Set(sampleProducts.map((product) => product.slug));
    const measured = Object.keys(sampleMeasuredValues);
    expect(measured.every((slug) => slugs.has(slug))).toBe(true);
    expect(measured.length).toBeGreaterThan(sampleProducts.length / 2);
    for (const sample of Object.values(sampleMeasuredValues)) {
      expect(sample.values).toHaveLength(sampleMeasurements.length);
      expect(sample.measuredOn).toMatch(/^2026-\d{2}-\d{2}$/);
    }
  });

  it("have some heat-up times under the older method, so a page shows one not compared", () => {
    const heatUp = sampleMeasurements[0]!;
    expect(heatUp.slug).toBe("heat-up-time");
    expect(heatUp.methodVersion).toBe(2);
    const older = Object.values(sampleMeasuredValues).filter((sample) => sample.heatUpMethod !== undefined && sample.values[0] !== null);
    expect(older.length).toBeGreaterThanOrEqual(2);
    expect(older.every((sample) => sample.heatUpMethod! < heatUp.methodVersion)).toBe(true);
  });

  it("give every usage a weight and every measurement a method readers can read", () => {
    for (const usage of ["overall", "families", "quick-sessions"] as const) {
      expect(sampleMeasurements.some((measurement) => measurement.weights[usage] > 0)).toBe(true);
    }
    for (const measurement of sampleMeasurements) expect(measurement.method.length).toBeGreaterThan(40);
  });
});

describe("the sample authors", () => {
  const articleAuthors = new Map(sampleArticleFiles().map(({ meta }) => [tagSlug(meta.author.name), meta.author]));

  it("two authors of the sample articles have a bio, credentials and https profiles on the reserved .example domain", () => {
    expect(Object.keys(sampleAuthorDetails).sort()).toEqual(["maija-lehtonen", "tom-gallagher"]);
    for (const [slug, details] of Object.entries(sampleAuthorDetails)) {
      expect(articleAuthors.has(slug), slug).toBe(true);
      expect(details.bio.length, slug).toBeGreaterThan(80);
      expect(details.credentials, slug).toMatch(/\d+ years/);
      expect(details.credentials, slug).not.toMatch(/\n/);
      expect(readProfileLinks(details.profileLinks.join("\n")), slug).toEqual({ ok: true, links: details.profileLinks });
      expect(details.profileLinks.length, slug).toBeGreaterThan(0);
      for (const link of details.profileLinks) expect(new URL(link).hostname, link).toMatch(/\.example$/);
      // A photo is described; an author without one shows initials.
      expect(Boolean(details.imageAlt), slug).toBe(Boolean(articleAuthors.get(slug)!.image));
    }
  });

  it("every sample review is tested by one of them, so their pages list what they tested", () => {
    const testers = new Set(Object.values(sampleReviews).map((review) => tagSlug(review.tester)));
    expect([...testers].sort()).toEqual(["maija-lehtonen", "tom-gallagher"]);
  });
});
