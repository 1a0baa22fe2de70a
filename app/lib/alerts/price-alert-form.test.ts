import { describe, expect, it } from "vitest";
import { parseForm } from "../forms/parse-form";
import { priceAlertSchema } from "./price-alert-form";
import { PRICE_ALERT_MESSAGES, productPathOrNull } from "./price-alert-messages";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return parseForm(data, priceAlertSchema);
}

describe("the price alert form", () => {
  it("reads a target written like the admin's price fields, and none when empty", () => {
    for (const [typed, major] of [
      ["1,299", 1299],
      ["1299.00", 1299],
      ["$1,299.50", 1299.5],
      [" 7650 ", 7650],
      ["", null],
    ] as const) {
      const parsed = form({ email: "A@Example.com ", product_id: "12", target: typed });
      expect(parsed.ok && parsed.value, typed).toEqual({ email: "a@example.com", product_id: 12, target: major });
    }
  });

  it("refuses a target that is not a price, and a bad address, each beside its field", () => {
    for (const typed of ["abc", "12,99", "-5", "0"]) {
      const parsed = form({ email: "a@example.com", product_id: "12", target: typed });
      expect(!parsed.ok && parsed.fieldErrors.target, typed).toBe(PRICE_ALERT_MESSAGES.invalidTarget);
    }
    const parsed = form({ email: "not an address", product_id: "12", target: "" });
    expect(!parsed.ok && parsed.fieldErrors.email).toBe(PRICE_ALERT_MESSAGES.invalidEmail);
    expect(form({ email: "a@example.com", product_id: "x", target: "" }).ok).toBe(false);
  });

  it("links back only to one of our review pages", () => {
    expect(productPathOrNull("/reviews/product/alpha-4")).toBe("/reviews/product/alpha-4");
    expect(productPathOrNull("https://evil.example/")).toBeNull();
    expect(productPathOrNull("//evil.example/reviews/product/a")).toBeNull();
    expect(productPathOrNull("/reviews/product/a/../../admin")).toBeNull();
  });
});
