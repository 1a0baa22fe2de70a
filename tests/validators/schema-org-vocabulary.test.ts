import { describe, expect, it } from "vitest";
import { jsonLdVocabularyFindings, schemaOrgVocabulary } from "./schema-org-vocabulary";

describe("schema.org vocabulary from schema-dts", () => {
  it("knows types with their inherited properties", () => {
    const { types } = schemaOrgVocabulary();
    expect(types.get("Product")).toContain("aggregateRating");
    expect(types.get("Product")).toContain("name"); // from Thing
    expect(types.get("AggregateOffer")).toContain("lowPrice");
    expect(types.get("AggregateOffer")).toContain("priceCurrency"); // from Offer
    expect(types.get("Article")).toContain("dateModified"); // from CreativeWork
  });

  it("passes valid markup, with schema.org's action annotations", () => {
    expect(
      jsonLdVocabularyFindings({
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: "Saunas",
        potentialAction: { "@type": "SearchAction", target: { "@type": "EntryPoint", urlTemplate: "x" }, "query-input": "required name=q" },
      }),
    ).toEqual([]);
  });

  it("names an invented type, a misspelt property and a property on the wrong type", () => {
    expect(
      jsonLdVocabularyFindings({
        "@type": "Product",
        nmae: "Typo",
        offers: { "@type": "Offer", price: "1", headline: "Not an offer's" },
        brand: { "@type": "Brnad", name: "B" },
      }),
    ).toEqual([
      '$: "nmae" is not a property of Product',
      '$.offers: "headline" is not a property of Offer',
      '$.brand: "Brnad" is not a schema.org type',
    ]);
  });
});
