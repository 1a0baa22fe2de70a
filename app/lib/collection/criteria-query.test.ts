import { describe, expect, it } from "vitest";
import type { CriteriaType, Product } from "../catalog/catalog";
import { criteriaPredicate, productsMatchingCriteria } from "./criteria-query";
import { makeProduct } from "../../../tests/support/catalog-fixtures";

const names = (products: readonly Product[]) => products.map((p) => p.name);
const query = (criteriaType: CriteriaType, criteriaValue: string | null, products: Product[]) =>
  names(productsMatchingCriteria({ criteriaType, criteriaValue }, products));

describe("criteria query", () => {
  it("category: category equals the value, ignoring case", () => {
    const products = [
      makeProduct({ name: "barrel", categoryId: "barrel" }),
      makeProduct({ name: "Barrel caps", categoryId: "Barrel" }),
      makeProduct({ name: "barrel cabin", categoryId: "barrel-cabin" }),
      makeProduct({ name: "none", categoryId: null }),
    ];
    expect(query("category", "barrel", products)).toEqual(["barrel", "Barrel caps"]);
    expect(query("category", " BARREL ", products)).toEqual(["barrel", "Barrel caps"]);
  });

  it("brand: brand equals the value, ignoring case", () => {
    const products = [
      makeProduct({ name: "a", brand: "Birchline" }),
      makeProduct({ name: "b", brand: "birchline" }),
      makeProduct({ name: "c", brand: "Birchline Pro" }),
    ];
    expect(query("brand", "Birchline", products)).toEqual(["a", "b"]);
  });

  describe("price", () => {
    const products = [
      makeProduct({ name: "$9,999", priceCents: 999_900 }),
      makeProduct({ name: "$10,000", priceCents: 1_000_000 }),
      makeProduct({ name: "$14,999", priceCents: 1_499_900 }),
      makeProduct({ name: "$15,000", priceCents: 1_500_000 }),
      makeProduct({ name: "no price", priceCents: null }),
    ];

    it.each([
      ["budget", ["$9,999"]],
      ["premium", ["$10,000", "$14,999"]],
      ["luxury", ["$15,000"]],
      ["Premium", ["$10,000", "$14,999"]],
      ["cheap", []],
    ])("%s", (value, expected) => {
      expect(query("price", value, products)).toEqual(expected);
    });
  });

  describe("size", () => {
    const products = [2, 3, 4, 5, 6, 7].map((capacity) => makeProduct({ name: `${capacity}p`, capacity }));

    it.each([
      ["2", ["2p"]],
      ["4", ["4p"]],
      ["6", ["6p"]],
      ["6 person", ["6p"]],
      ["six", []],
    ])("capacity equals %s", (value, expected) => {
      expect(query("size", value, products)).toEqual(expected);
    });
  });

  describe("heater_type", () => {
    const products = [
      makeProduct({ name: "electric heater", heaterType: "Electric (WiFi)" }),
      makeProduct({ name: "Electric Cabin", heaterType: null }),
      makeProduct({ name: "wood", heaterType: "Wood-burning" }),
      makeProduct({ name: "ir", heaterType: "Infrared (full-spectrum)" }),
    ];

    it("electric uses the electric match (heater type or name)", () => {
      expect(query("heater_type", "electric", products)).toEqual(["electric heater", "Electric Cabin"]);
      expect(query("heater_type", "Electric", products)).toEqual(["electric heater", "Electric Cabin"]);
    });

    it("any other value: heater type contains it", () => {
      expect(query("heater_type", "wood", products)).toEqual(["wood"]);
      expect(query("heater_type", "infrared", products)).toEqual(["ir"]);
    });
  });

  describe("features", () => {
    const products = [
      makeProduct({ name: "eco", keyFeatures: ["Eco-friendly finish"] }),
      makeProduct({ name: "recovery", keyFeatures: ["Recovery presets"] }),
      makeProduct({ name: "second", keyFeatures: ["A second bench"] }),
      makeProduct({ name: "wifi", keyFeatures: ["WiFi heater control"] }),
    ];

    it("a key feature has the value at a word start, ignoring case", () => {
      expect(query("features", "eco", products)).toEqual(["eco"]);
      expect(query("features", "WIFI", products)).toEqual(["wifi"]);
      expect(query("features", "heater control", products)).toEqual(["wifi"]);
    });
  });

  describe("use_case", () => {
    const products = [
      makeProduct({ name: "recovery", capacity: 2, keyFeatures: ["Post-workout recovery"] }),
      makeProduct({ name: "5p", capacity: 5 }),
      makeProduct({ name: "6p", capacity: 6 }),
      makeProduct({ name: "8p", capacity: 8 }),
    ];

    it("recovery: a key feature mentions recovery", () => {
      expect(query("use_case", "recovery", products)).toEqual(["recovery"]);
    });

    it("commercial: capacity 6 or more", () => {
      expect(query("use_case", "commercial", products)).toEqual(["6p", "8p"]);
    });

    it("anything else selects nothing", () => {
      expect(query("use_case", "family", products)).toEqual([]);
    });
  });

  it("custom selects nothing (it uses stored membership)", () => {
    expect(criteriaPredicate("custom", "barrel")).toBeNull();
    expect(query("custom", "barrel", [makeProduct({ categoryId: "barrel" })])).toEqual([]);
  });

  it("an empty value selects nothing", () => {
    expect(query("category", null, [makeProduct({ categoryId: "barrel" })])).toEqual([]);
    expect(query("features", "  ", [makeProduct({ keyFeatures: ["x"] })])).toEqual([]);
  });

  it("keeps the rating order of the input", () => {
    const products = [
      makeProduct({ name: "4.9", rating: 4.9, categoryId: "barrel" }),
      makeProduct({ name: "4.5", rating: 4.5, categoryId: "cube" }),
      makeProduct({ name: "4.1", rating: 4.1, categoryId: "barrel" }),
    ];
    expect(query("category", "barrel", products)).toEqual(["4.9", "4.1"]);
  });
});
