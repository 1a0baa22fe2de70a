import { describe, expect, it } from "vitest";
import { earnedTotal, earningsRows, earningsTotal, formatMonies, notTiedTotal, sortEarnings, type EarningsFacts } from "./earnings";

const tyyni = { productId: 1, merchantId: 10, source: "product:tyyni-4", country: "DE", placement: "product:box", device: "phone" };
const barrel = {
  productId: 2,
  merchantId: 11,
  source: "collection:barrel-saunas",
  country: "US",
  placement: "collection:row",
  device: "desktop",
};

const facts: EarningsFacts = {
  viewsByPath: new Map([
    ["/reviews/product/tyyni-4", 400],
    ["/reviews/barrel-saunas", 50],
    ["/learn", 30],
  ]),
  viewsByKindDevice: new Map([
    ["product phone", 300],
    ["product desktop", 100],
    ["collection desktop", 50],
    ["learn desktop", 30],
  ]),
  clicks: [
    { ...tyyni, count: 40 },
    { ...barrel, count: 10 },
  ],
  orders: [
    { click: tyyni, status: "approved", commissionHundredths: 6_495, currency: "EUR" },
    { click: tyyni, status: "pending", commissionHundredths: 360, currency: "USD" },
    { click: tyyni, status: "reversed", commissionHundredths: 9_999, currency: "EUR" },
    { click: barrel, status: "pending", commissionHundredths: 1_000, currency: "USD" },
    { click: null, status: "approved", commissionHundredths: 500, currency: "USD" },
  ],
  products: new Map([
    [1, { name: "Tyyni 4", slug: "tyyni-4" }],
    [2, { name: "Barrel 4", slug: "barrel-4" }],
  ]),
  merchants: new Map([
    [10, "Saunahaus"],
    [11, "Nordic Retail"],
  ]),
};

describe("earnings", () => {
  it("per placement: the page kind's views on every device, clicks, CTR and EPC; placements without clicks still shown", () => {
    const rows = earningsRows("placement", facts);
    const byKey = new Map(rows.map((row) => [row.key, row]));
    expect(byKey.get("product:box")).toMatchObject({
      label: "Product page · buy box",
      views: 400,
      clicks: 40,
      ctr: 0.1,
      epc: { EUR: 6_495 / 40, USD: 9 },
    });
    expect(byKey.get("product:sticky-bar")).toMatchObject({ views: 400, clicks: 0, ctr: 0, epc: {} });
    expect(byKey.get("product:where-to-buy")).toMatchObject({ views: 400, clicks: 0 });
    expect(byKey.get("collection:row")).toMatchObject({ views: 50, clicks: 10, ctr: 0.2, epc: { USD: 100 } });
    // No views of an article or the home page in the period, no clicks there: no row.
    expect(byKey.has("article:box")).toBe(false);
    expect(byKey.has("home:picks")).toBe(false);
  });

  it("per device: views over every page kind, clicks, CTR and EPC", () => {
    const rows = sortEarnings(earningsRows("device", facts), "clicks", null);
    expect(rows.map((row) => [row.key, row.label, row.views, row.clicks, row.ctr])).toEqual([
      ["phone", "Phones", 300, 40, 40 / 300],
      ["desktop", "Desktops and laptops", 180, 10, 10 / 180],
    ]);
    expect(rows[1]!.epc).toEqual({ USD: 100 });
  });

  it("puts a placement or device it does not know under other and unknown, without views", () => {
    const odd = { ...tyyni, placement: "product:<script>", device: "toaster" };
    const oddFacts = { ...facts, clicks: [{ ...odd, count: 3 }], orders: [] };
    expect(earningsRows("placement", oddFacts).find((row) => row.key === "other")).toMatchObject({ clicks: 3, views: null });
    expect(earningsRows("device", oddFacts).find((row) => row.key === "unknown")).toMatchObject({ clicks: 3, views: null });
  });

  it("per page: views, clicks, CTR, orders, conversion, commission per currency apart, EPC and per 1,000 views", () => {
    const rows = sortEarnings(earningsRows("page", facts), "clicks", null);
    expect(rows[0]).toEqual({
      key: "/reviews/product/tyyni-4",
      label: "/reviews/product/tyyni-4",
      href: "/reviews/product/tyyni-4",
      views: 400,
      clicks: 40,
      ctr: 0.1,
      orders: 2,
      conversion: 0.05,
      pending: { USD: 360 },
      approved: { EUR: 6_495 },
      epc: { EUR: 6_495 / 40, USD: 9 },
      perThousandViews: { EUR: 6_495 * 2.5, USD: 900 },
      few: false,
    });
    // 50 views: too few to mean anything.
    expect(rows[1]).toMatchObject({ key: "/reviews/barrel-saunas", views: 50, clicks: 10, ctr: 0.2, few: true });
    expect(rows[2]).toMatchObject({ key: "/learn", views: 30, clicks: 0, conversion: null, epc: {} });
  });

  it("per merchant and country: no views, few marked by clicks", () => {
    const merchants = sortEarnings(earningsRows("merchant", facts), "commission", "EUR");
    expect(merchants.map((row) => [row.label, row.views, row.clicks, row.few])).toEqual([
      ["Saunahaus", null, 40, false],
      ["Nordic Retail", null, 10, true],
    ]);
    expect(
      earningsRows("country", facts)
        .map((row) => row.key)
        .sort(),
    ).toEqual(["DE", "US"]);
  });

  it("per source kind: product pages and collections with their views", () => {
    const sources = earningsRows("source", facts);
    expect(sources.find((row) => row.key === "product")).toMatchObject({ views: 400, clicks: 40, orders: 2 });
    expect(sources.find((row) => row.key === "learn")).toMatchObject({ views: 30, clicks: 0 });
  });

  it("sums mixed currencies apart: every order not reversed, with those no click ties to a page counted apart too", () => {
    const total = earningsTotal(facts);
    expect(total).toMatchObject({ views: 480, clicks: 50, orders: 4, pending: { USD: 1_360 }, approved: { EUR: 6_495, USD: 500 } });
    expect(notTiedTotal(facts.orders)).toEqual({ orders: 1, earned: { USD: 500 } });
    // The dashboard's card reads the same orders by the same rule.
    expect(earnedTotal(facts.orders)).toEqual({
      orders: 4,
      earned: { EUR: 6_495, USD: 1_860 },
      notTied: { orders: 1, earned: { USD: 500 } },
    });
    expect(formatMonies(total.pending)).toBe("USD 13.60");
    expect(formatMonies({ USD: 100, EUR: 6_495 })).toBe("EUR 64.95 · USD 1.00");
  });
});
