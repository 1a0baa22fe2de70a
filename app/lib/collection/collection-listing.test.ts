import { describe, expect, it } from "vitest";
import { collectionListing, collectionRule, storingReplacesRule } from "./collection-listing";
import { makeCollection } from "../../../tests/support/catalog-fixtures";

describe("how a collection lists its saunas", () => {
  const barrel = makeCollection({ slug: "barrel-saunas" });
  const byBrand = makeCollection({ slug: "north-picks", criteriaType: "brand", criteriaValue: "North" });
  const custom = makeCollection({ slug: "editors-picks" });

  it("has a rule on a fixed page (its own) and with criteria; a custom collection has none", () => {
    expect(collectionRule(barrel)).toEqual({ kind: "tag", tag: "barrel-saunas" });
    expect(collectionRule(byBrand)).toEqual({ kind: "brand", key: "north" });
    expect(collectionRule(custom)).toBeNull();
  });

  it("is by rule, hand-picked, rule plus extras, or stand-ins", () => {
    expect(collectionListing(barrel, false)).toBe("rule");
    expect(collectionListing(barrel, true)).toBe("hand-picked");
    expect(collectionListing({ ...barrel, keepsRule: true }, true)).toBe("rule-and-extras");
    expect(collectionListing({ ...byBrand, keepsRule: true }, true)).toBe("rule-and-extras");
    expect(collectionListing(custom, false)).toBe("stand-ins");
    // Keeping a rule it does not have changes nothing: its stored products are the list.
    expect(collectionListing({ ...custom, keepsRule: true }, true)).toBe("hand-picked");
    // clt-saunas reads nothing stored: always its rule.
    expect(collectionListing(makeCollection({ slug: "clt-saunas" }), true)).toBe("rule");
  });

  it("asks before stored products replace a rule: only for a rule with nothing stored that does not keep it", () => {
    expect(storingReplacesRule(barrel, false)).toBe(true);
    expect(storingReplacesRule(byBrand, false)).toBe(true);
    expect(storingReplacesRule(barrel, true)).toBe(false);
    expect(storingReplacesRule({ ...barrel, keepsRule: true }, false)).toBe(false);
    expect(storingReplacesRule(custom, false)).toBe(false);
    expect(storingReplacesRule(makeCollection({ slug: "clt-saunas" }), false)).toBe(false);
  });
});
