import { describe, expect, it } from "vitest";
import {
  hasCapacity,
  isBarrel,
  isCommercial,
  isEcoFeature,
  isEcoFriendly,
  isElectric,
  isInfrared,
  isInPriceTier,
  isTraditionalFinnish,
  isWoodFired,
  mentionsRecovery,
  priceTier,
} from "./product-match";
import { makeProduct } from "../../../tests/support/catalog-fixtures";

describe("priceTier", () => {
  it.each([
    [999_900, "budget"],
    [999_999, "budget"],
    [1_000_000, "premium"],
    [1_499_900, "premium"],
    [1_499_999, "premium"],
    [1_500_000, "luxury"],
    [3_800_000, "luxury"],
    [100, "budget"],
  ] as const)("%s cents is %s", (cents, tier) => {
    expect(priceTier(cents)).toBe(tier);
  });

  it("has no tier without a price", () => {
    expect(priceTier(null)).toBeNull();
    expect(priceTier(0)).toBeNull();
  });

  it("reads the list price, not the sale price", () => {
    const onSale = makeProduct({ priceCents: 1_690_000, salePriceCents: 990_000 });
    expect(isInPriceTier(onSale, "luxury")).toBe(true);
    expect(isInPriceTier(onSale, "budget")).toBe(false);
  });
});

describe("type predicates", () => {
  it("electric: heater type or name", () => {
    expect(isElectric(makeProduct({ heaterType: "Electric (WiFi-controlled)" }))).toBe(true);
    expect(isElectric(makeProduct({ heaterType: "Infrared and electric (hybrid)" }))).toBe(true);
    expect(isElectric(makeProduct({ name: "Nordic 6 Electric Sauna Cabin", heaterType: null }))).toBe(true);
    expect(isElectric(makeProduct({ heaterType: "Wood-burning" }))).toBe(false);
    expect(isElectric(makeProduct({ categoryId: "electric" }))).toBe(false);
  });

  it("infrared and wood read the heater type only", () => {
    expect(isInfrared(makeProduct({ heaterType: "Infrared (full-spectrum)" }))).toBe(true);
    expect(isInfrared(makeProduct({ categoryId: "infrared", name: "Infrared pod" }))).toBe(false);
    expect(isWoodFired(makeProduct({ heaterType: "Wood-burning" }))).toBe(true);
    expect(isWoodFired(makeProduct({ name: "Wood cabin", heaterType: "Electric" }))).toBe(false);
  });

  it("barrel reads the category", () => {
    expect(isBarrel(makeProduct({ categoryId: "Barrel" }))).toBe(true);
    expect(isBarrel(makeProduct({ name: "Barrel 4", categoryId: "cabin" }))).toBe(false);
  });

  it("traditional Finnish: wood and not infrared, traditional category, or 'finnish'", () => {
    expect(isTraditionalFinnish(makeProduct({ heaterType: "Wood-burning", categoryId: "cabin" }))).toBe(true);
    expect(isTraditionalFinnish(makeProduct({ heaterType: "Wood and infrared", categoryId: "cabin" }))).toBe(false);
    expect(isTraditionalFinnish(makeProduct({ heaterType: "Wood-burning", categoryId: "infrared" }))).toBe(false);
    expect(isTraditionalFinnish(makeProduct({ heaterType: "Electric", categoryId: "traditional" }))).toBe(true);
    expect(isTraditionalFinnish(makeProduct({ heaterType: "Electric", name: "Finnish Classic" }))).toBe(true);
    expect(isTraditionalFinnish(makeProduct({ heaterType: "Electric", keyFeatures: ["Finnish-style heater"] }))).toBe(true);
    expect(isTraditionalFinnish(makeProduct({ heaterType: "Electric", categoryId: "cube" }))).toBe(false);
  });
});

describe("capacity", () => {
  it("matches the exact number of persons", () => {
    expect(hasCapacity(makeProduct({ capacity: 4 }), 4)).toBe(true);
    expect(hasCapacity(makeProduct({ capacity: 5 }), 4)).toBe(false);
    expect(hasCapacity(makeProduct({ capacity: null }), 4)).toBe(false);
  });

  it("commercial is 6 or more", () => {
    expect(isCommercial(makeProduct({ capacity: 5 }))).toBe(false);
    expect(isCommercial(makeProduct({ capacity: 6 }))).toBe(true);
    expect(isCommercial(makeProduct({ capacity: 8 }))).toBe(true);
    expect(isCommercial(makeProduct({ capacity: null }))).toBe(false);
  });
});

describe("recovery", () => {
  it("needs a key feature that mentions recovery", () => {
    expect(mentionsRecovery(makeProduct({ keyFeatures: ["Post-workout recovery presets"] }))).toBe(true);
    expect(mentionsRecovery(makeProduct({ keyFeatures: ["Helps you recover faster"] }))).toBe(true);
    expect(mentionsRecovery(makeProduct({ name: "CLT Recovery Suite", keyFeatures: ["Large benches"] }))).toBe(false);
  });
});

describe("eco-friendly features", () => {
  it.each([
    "Eco-friendly natural oil finishes",
    "eco friendly",
    "ECO mode",
    "Ecological timber",
    "Sustainable hemlock from managed forests",
    "Sustainably harvested spruce",
    "Sustainability report",
    "Flat roof rated for a green sedum layer",
    "Green roof option",
    "Green-certified factory",
  ])("'%s' counts", (feature) => {
    expect(isEcoFeature(feature)).toBe(true);
  });

  it.each([
    "Lower-temperature recovery mode",
    "Post-workout recovery presets",
    "A second bench",
    "Economical running costs",
    "Evergreen-style trim",
    "Greenhouse window",
    "Greenroof",
    "Decor lighting",
  ])("'%s' does not count", (feature) => {
    expect(isEcoFeature(feature)).toBe(false);
  });

  it("reads the key features of a product", () => {
    expect(isEcoFriendly(makeProduct({ keyFeatures: ["Cedar", "Eco-friendly finish"] }))).toBe(true);
    expect(isEcoFriendly(makeProduct({ name: "Eco Cabin", keyFeatures: ["Cedar"] }))).toBe(false);
  });
});
