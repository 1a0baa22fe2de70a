import { describe, expect, it } from "vitest";
import { buyDestination, buyLink, isTyyni, safeHttpUrl } from "./buy-link";

const survey = "https://forms.example/sauna-survey";

describe("safeHttpUrl", () => {
  it("accepts absolute http and https URLs", () => {
    expect(safeHttpUrl("https://shop.example/a?ref=x")).toBe("https://shop.example/a?ref=x");
    expect(safeHttpUrl(" http://shop.example ")).toBe("http://shop.example");
    expect(safeHttpUrl("HTTPS://shop.example")).toBe("HTTPS://shop.example");
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,x",
    "ftp://shop.example",
    "//shop.example",
    "/buy",
    "shop.example",
    "https://",
    "",
    null,
    undefined,
  ])("rejects %s", (value) => {
    expect(safeHttpUrl(value)).toBeNull();
  });
});

describe("buyDestination", () => {
  const both = { name: "Barrel 4", website: "https://maker.example/b4", affiliateLink: "https://maker.example/b4?ref=us" };

  it("prefers the website", () => {
    expect(buyDestination(both)).toEqual({ url: "https://maker.example/b4", kind: "website" });
  });

  it("uses the affiliate link when there is no website", () => {
    expect(buyDestination({ ...both, website: "" })).toEqual({ url: "https://maker.example/b4?ref=us", kind: "affiliate" });
    expect(buyDestination({ ...both, website: null })?.kind).toBe("affiliate");
  });

  it("skips a link that is not http(s)", () => {
    expect(buyDestination({ ...both, website: "javascript:alert(1)" })?.url).toBe("https://maker.example/b4?ref=us");
    expect(buyDestination({ name: "X", website: "javascript:alert(1)", affiliateLink: "data:text/html,x" })).toBeNull();
  });

  it("has no destination with no link at all", () => {
    expect(buyDestination({ name: "X", website: null, affiliateLink: null })).toBeNull();
  });

  it("sends a 'tyyni' sauna to the survey form when the setting is given", () => {
    expect(buyDestination({ ...both, name: "Tyyni 4 Cube Sauna" }, survey)).toEqual({ url: survey, kind: "survey" });
    expect(buyDestination({ ...both, name: "The TYYNI cube" }, survey)?.url).toBe(survey);
  });

  it("keeps the normal link for a 'tyyni' sauna when the setting is unset or unsafe", () => {
    expect(buyDestination({ ...both, name: "Tyyni 4" })?.url).toBe("https://maker.example/b4");
    expect(buyDestination({ ...both, name: "Tyyni 4" }, null)?.url).toBe("https://maker.example/b4");
    expect(buyDestination({ ...both, name: "Tyyni 4" }, "javascript:alert(1)")?.url).toBe("https://maker.example/b4");
  });

  it("never sends other saunas to the survey form", () => {
    expect(buyDestination(both, survey)?.url).toBe("https://maker.example/b4");
  });

  it("recognises 'tyyni' in any case", () => {
    expect(isTyyni("Tyyni 4")).toBe(true);
    expect(isTyyni("lumo TYYNI")).toBe(true);
    expect(isTyyni("Valo 2")).toBe(false);
    expect(isTyyni(null)).toBe(false);
  });
});

describe("buyLink", () => {
  const product = { slug: "barrel-4", name: "Barrel 4", website: "https://maker.example/b4", affiliateLink: null };

  it("links a shop through the tracked redirect, as a sponsored link", () => {
    expect(buyLink(product, { source: "collection:barrel-saunas" })).toEqual({
      href: "/go/barrel-4?from=collection:barrel-saunas",
      kind: "website",
      rel: "sponsored noopener",
      external: true,
    });
    expect(buyLink({ ...product, website: null, affiliateLink: "https://maker.example/b4?ref=us" }, { source: "home" })).toEqual({
      href: "/go/barrel-4?from=home",
      kind: "affiliate",
      rel: "sponsored noopener",
      external: true,
    });
  });

  it("tracks the survey form too, but not as a paid link", () => {
    expect(buyLink({ ...product, name: "Tyyni 4" }, { surveyFormUrl: survey, source: "product:barrel-4" })).toEqual({
      href: "/go/barrel-4?from=product:barrel-4",
      kind: "survey",
      rel: "noopener",
      external: true,
    });
  });

  it("falls back to '#' when there is nowhere to go", () => {
    expect(buyLink({ ...product, website: "javascript:alert(1)" }, { source: "home" })).toEqual({
      href: "#",
      kind: "none",
      external: false,
    });
  });
});
