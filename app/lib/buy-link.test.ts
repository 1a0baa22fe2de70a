import { describe, expect, it } from "vitest";
import { buyLink, isTyyni, safeHttpUrl } from "./buy-link";

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

describe("buyLink", () => {
  const both = { name: "Barrel 4", website: "https://maker.example/b4", affiliateLink: "https://maker.example/b4?ref=us" };

  it("prefers the website", () => {
    expect(buyLink(both)).toEqual({
      href: "https://maker.example/b4",
      kind: "website",
      rel: "sponsored noopener",
      external: true,
    });
  });

  it("uses the affiliate link when there is no website", () => {
    expect(buyLink({ ...both, website: "" })).toEqual({
      href: "https://maker.example/b4?ref=us",
      kind: "affiliate",
      rel: "sponsored noopener",
      external: true,
    });
    expect(buyLink({ ...both, website: null }).kind).toBe("affiliate");
  });

  it("skips a link that is not http(s)", () => {
    expect(buyLink({ ...both, website: "javascript:alert(1)" }).href).toBe("https://maker.example/b4?ref=us");
    expect(buyLink({ name: "X", website: "javascript:alert(1)", affiliateLink: "data:text/html,x" })).toEqual({
      href: "#",
      kind: "none",
      external: false,
    });
  });

  it("falls back to '#' with no link at all", () => {
    expect(buyLink({ name: "X", website: null, affiliateLink: null }).href).toBe("#");
  });

  it("sends a 'tyyni' sauna to the survey form when the setting is given", () => {
    expect(buyLink({ ...both, name: "Tyyni 4 Cube Sauna" }, survey)).toEqual({
      href: survey,
      kind: "survey",
      rel: "noopener",
      external: true,
    });
    expect(buyLink({ ...both, name: "The TYYNI cube" }, survey).href).toBe(survey);
  });

  it("keeps the normal link for a 'tyyni' sauna when the setting is unset or unsafe", () => {
    expect(buyLink({ ...both, name: "Tyyni 4" }).href).toBe("https://maker.example/b4");
    expect(buyLink({ ...both, name: "Tyyni 4" }, null).href).toBe("https://maker.example/b4");
    expect(buyLink({ ...both, name: "Tyyni 4" }, "javascript:alert(1)").href).toBe("https://maker.example/b4");
  });

  it("never sends other saunas to the survey form", () => {
    expect(buyLink(both, survey).href).toBe("https://maker.example/b4");
  });

  it("recognises 'tyyni' in any case", () => {
    expect(isTyyni("Tyyni 4")).toBe(true);
    expect(isTyyni("lumo TYYNI")).toBe(true);
    expect(isTyyni("Valo 2")).toBe(false);
    expect(isTyyni(null)).toBe(false);
  });
});
