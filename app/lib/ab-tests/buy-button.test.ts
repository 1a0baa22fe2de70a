import { describe, expect, it } from "vitest";
import {
  buyButtonText,
  DEFAULT_BUY_BUTTON,
  orderRows,
  parseVariantTag,
  readBuyButtonSettings,
  settingsForVariant,
  withVariantTag,
} from "./buy-button";

describe("the buy button's options", () => {
  it("reads stored settings, keeping only known options", () => {
    expect(readBuyButtonSettings({ label: "check-price", style: "purple", order: 3 })).toEqual({
      ...DEFAULT_BUY_BUTTON,
      label: "check-price",
    });
    expect(readBuyButtonSettings(null)).toEqual(DEFAULT_BUY_BUTTON);
  });

  it("changes only the test's element for a variant, and nothing for the control or an unknown variant", () => {
    const test = { id: 4, element: "label" as const, variants: ["buy-now", "todays-price"] };
    expect(settingsForVariant(DEFAULT_BUY_BUTTON, test, 1)).toEqual({ ...DEFAULT_BUY_BUTTON, label: "todays-price" });
    expect(settingsForVariant(DEFAULT_BUY_BUTTON, test, 0)).toEqual(DEFAULT_BUY_BUTTON);
    expect(settingsForVariant(DEFAULT_BUY_BUTTON, test, 5)).toEqual(DEFAULT_BUY_BUTTON);
    expect(settingsForVariant(DEFAULT_BUY_BUTTON, null, 1)).toEqual(DEFAULT_BUY_BUTTON);
  });

  it("names the shop only when the option asks and the shop is known", () => {
    expect(buyButtonText("check-price", "Sauna Supply")).toBe("Check price at Sauna Supply");
    expect(buyButtonText("check-price", null)).toBe("Check price");
    expect(buyButtonText("todays-price", "Sauna Supply")).toBe("See today's price");
    expect(buyButtonText("buy-now", "Sauna Supply", "Buy Now")).toBe("Buy Now");
  });

  it("tags tracked links with the variant and reads the tag back; nothing else is tagged", () => {
    expect(withVariantTag("/go/tyyni-4?from=product:tyyni-4:box", "12.1")).toBe("/go/tyyni-4?from=product:tyyni-4:box&ab=12.1");
    expect(withVariantTag("/go/tyyni-4", "12.0")).toBe("/go/tyyni-4?ab=12.0");
    expect(withVariantTag("https://shop.example/x", "12.0")).toBe("https://shop.example/x");
    expect(withVariantTag("/go/tyyni-4", null)).toBe("/go/tyyni-4");
    expect(parseVariantTag("12.1")).toEqual({ testId: 12, variant: 1 });
    for (const bad of ["12", "12.10", "a.1", "", null, "1.1&x"]) expect(parseVariantTag(bad)).toBeNull();
  });

  it("moves the featured shop's row to the top only for that order", () => {
    const rows = [{ merchantSlug: "a" }, { merchantSlug: "b" }, { merchantSlug: "c" }];
    expect(orderRows(rows, "featured-first", "c").map((row) => row.merchantSlug)).toEqual(["c", "a", "b"]);
    expect(orderRows(rows, "cheapest", "c")).toBe(rows);
    expect(orderRows(rows, "featured-first", "z")).toBe(rows);
    expect(orderRows(rows, "featured-first", null)).toBe(rows);
  });
});
