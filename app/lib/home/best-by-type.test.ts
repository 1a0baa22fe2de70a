import { describe, expect, it } from "vitest";
import { bestByType, bestByTypeCard, bestByTypeCards, isTraditionalPick } from "./best-by-type";
import { makeProduct } from "../../../tests/support/catalog-fixtures";

describe("bestByType", () => {
  const byRating = [
    makeProduct({ name: "ir category, electric heater", rating: 4.9, categoryId: "infrared", heaterType: "Electric" }),
    makeProduct({ name: "cube electric", rating: 4.8, categoryId: "cube", heaterType: "Electric" }),
    makeProduct({ name: "infrared pod", rating: 4.7, categoryId: "infrared", heaterType: "Infrared" }),
    makeProduct({ name: "barrel", rating: 4.6, categoryId: "barrel", heaterType: "Wood-burning" }),
    makeProduct({ name: "barrel 2", rating: 4.5, categoryId: "barrel", heaterType: "Electric" }),
  ];

  it("picks the first of each type in rating order", () => {
    const picks = bestByType(byRating);
    expect(picks.infrared?.name).toBe("infrared pod");
    expect(picks.barrel?.name).toBe("barrel");
    // The 4.9 product has an electric heater but an infrared category: not traditional.
    expect(picks.traditional?.name).toBe("cube electric");
  });

  it("gives null for a type with no product", () => {
    expect(bestByType([])).toEqual({ traditional: null, infrared: null, barrel: null });
    expect(bestByType([makeProduct({ categoryId: "cube", heaterType: "Infrared" })]).barrel).toBeNull();
  });

  it("traditional: traditional category, or wood or electric heater; never an infrared category", () => {
    expect(isTraditionalPick(makeProduct({ categoryId: "traditional", heaterType: null }))).toBe(true);
    expect(isTraditionalPick(makeProduct({ categoryId: "cabin", heaterType: "Wood-burning" }))).toBe(true);
    expect(isTraditionalPick(makeProduct({ categoryId: "cabin", heaterType: "Electric" }))).toBe(true);
    expect(isTraditionalPick(makeProduct({ categoryId: "cabin", heaterType: "Infrared" }))).toBe(false);
    expect(isTraditionalPick(makeProduct({ categoryId: "infrared traditional", heaterType: "Wood" }))).toBe(false);
  });
});

describe("best-by-type cards", () => {
  it("titles a found product by its name under 'Best {type} Sauna'", () => {
    const product = makeProduct({ name: "Hearth 4" });
    expect(bestByTypeCard("traditional", product)).toEqual({
      type: "traditional",
      label: "Traditional Finnish",
      heading: "Best Traditional Finnish Sauna",
      title: "Hearth 4",
      product,
      collectionHref: "/reviews/traditional-finnish-saunas",
    });
  });

  it("says 'No {type} sauna found' when there is none", () => {
    expect(bestByTypeCard("infrared", null).title).toBe("No Infrared sauna found");
    expect(bestByTypeCard("barrel", null).heading).toBe("Best Barrel Sauna");
  });

  it("lists Traditional Finnish, Infrared, Barrel with their collection links", () => {
    const cards = bestByTypeCards({ traditional: null, infrared: null, barrel: null });
    expect(cards.map((c) => c.label)).toEqual(["Traditional Finnish", "Infrared", "Barrel"]);
    expect(cards.map((c) => c.collectionHref)).toEqual([
      "/reviews/traditional-finnish-saunas",
      "/reviews/infrared-saunas",
      "/reviews/barrel-saunas",
    ]);
  });
});
