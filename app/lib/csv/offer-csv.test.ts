import { describe, expect, it } from "vitest";
import { offerCsvRecord, OFFER_EXPORT_HEADER } from "./catalog-export";
import { csvLine } from "./csv-writer";
import { planOfferRow } from "./import-plan";
import {
  OFFER_CSV_COLUMNS,
  parseOfferCsv,
  readAvailability,
  type OfferCsvResult,
  type OfferFieldColumn,
  type OfferFields,
} from "./offer-csv";

const HEADER = "product_slug,merchant,link,price,currency,sale_price,sale_end,availability,shipping_note,countries";

function parsed(csv: string): OfferCsvResult {
  const outcome = parseOfferCsv(csv, { today: "2026-11-26" });
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome;
}

function refused(csv: string): string {
  const outcome = parseOfferCsv(csv, { today: "2026-11-26" });
  if (outcome.ok) throw new Error("the file was accepted");
  return outcome.error;
}

describe("the offers CSV", () => {
  it("reads a row: money in major units to minor units, currency, availability in any spelling, countries as a list", () => {
    const result = parsed(
      [
        HEADER,
        'Tyyni-Barrel-6,Nordic Bath Supply,https://nordic.example/tyyni?ref=me,"8,499.00",usd,7999.5,2026-12-31,in stock,Free delivery,"[us, ca]"',
        "tyyni-barrel-6,saunahaus-de,https://saunahaus.example/t,7990,eur,,,Out Of Stock,,DE",
        "cube-4,japan-sauna,,150000,JPY,,,pre-order,,",
      ].join("\n"),
    );
    expect(result.offers).toEqual([
      {
        rowNumber: 1,
        productSlug: "tyyni-barrel-6",
        merchant: "Nordic Bath Supply",
        link: "https://nordic.example/tyyni?ref=me",
        priceMinor: 849_900,
        currency: "USD",
        salePriceMinor: 799_950,
        saleEndsAt: "2026-12-31",
        availability: "InStock",
        availableFrom: null,
        shippingNote: "Free delivery",
        countries: ["US", "CA"],
      },
      expect.objectContaining({ rowNumber: 2, priceMinor: 799_000, currency: "EUR", availability: "OutOfStock", countries: ["DE"] }),
      // No minor unit in yen: 150000 is 150000.
      expect.objectContaining({ rowNumber: 3, priceMinor: 150_000, currency: "JPY", availability: "PreOrder", link: null, countries: [] }),
    ]);
    expect(result.columns).toEqual(["link", "price", "currency", "sale_price", "sale_end", "availability", "shipping_note", "countries"]);
    expect(result.warnings).toEqual([]);
  });

  it("allows one product at several merchants in different currencies", () => {
    const result = parsed(
      [HEADER, "sauna-1,shop-a,,1000,USD,,,,,", "sauna-1,shop-b,,900,EUR,,,,,", "sauna-1,shop-c,,800,GBP,,,,,"].join("\n"),
    );
    expect(result.offers.map((offer) => offer.currency)).toEqual(["USD", "EUR", "GBP"]);
  });

  it("refuses an unknown currency ('EURO') and a price of 'free', naming each row and the value", () => {
    const error = refused(
      [HEADER, "sauna-1,shop-a,,1000,EURO,,,,,", "sauna-2,shop-a,,free,USD,,,,,", "sauna-3,shop-a,,1000,USD,cheap,,,,"].join("\n"),
    );
    expect(error).toBe(
      'Row 1: currency "EURO" is not an ISO 4217 currency code (three letters, such as USD, EUR or GBP); ' +
        'Row 2: price "free" is not a number (write it like 1299.00); ' +
        'Row 3: sale_price "cheap" is not a number (write it like 1299.00). Nothing is saved until they are fixed.',
    );
  });

  it("refuses an availability, a date, a link and a country it cannot read", () => {
    expect(refused([HEADER, "sauna-1,shop-a,,1000,USD,,,maybe,,"].join("\n"))).toBe(
      'Row 1: availability "maybe" is not one of InStock, OutOfStock, PreOrder, BackOrder, Discontinued or unknown. Nothing is saved until it is fixed.',
    );
    expect(refused([HEADER, "sauna-1,shop-a,,1000,USD,900,31/12/2026,,,"].join("\n"))).toContain(
      'Row 1: sale_end "31/12/2026" is not a date written YYYY-MM-DD',
    );
    expect(refused([HEADER, "sauna-1,shop-a,javascript:alert(1),1000,USD,,,,,"].join("\n"))).toContain(
      'Row 1: link "javascript:alert(1)" is not an http(s) link',
    );
    expect(refused([HEADER, 'sauna-1,shop-a,,1000,USD,,,,,"[DE, UK, XX]"'].join("\n"))).toContain(
      'Row 1: countries "UK" (the code is GB), "XX" are not ISO 3166-1 two-letter country codes',
    );
  });

  it("refuses a row without its product or merchant, and the same offer twice", () => {
    expect(refused([HEADER, ",shop-a,,1000,USD,,,,,"].join("\n"))).toContain("Row 1: product_slug is empty");
    expect(refused([HEADER, "sauna-1,shop-a,,1000,USD,,,,,", "sauna-2,,,1,USD,,,,,", "SAUNA-1,Shop-A,,1100,USD,,,,,"].join("\n"))).toBe(
      "Row 2: merchant is empty; Rows 1 and 3 name the same offer, sauna-1 at shop-a (a product has one offer per merchant). Nothing is saved until they are fixed.",
    );
  });

  it("names the missing required headers", () => {
    expect(refused("product_slug,price\nsauna-1,1000")).toBe("CSV is missing required headers: merchant");
  });

  it("an empty currency is USD, and prices without a currency column are compared and saved as USD", () => {
    const result = parsed("product_slug,merchant,price\nsauna-1,shop-a,1000");
    expect(result.offers[0]).toMatchObject({ priceMinor: 100_000, currency: "USD" });
    expect(result.columns).toEqual(["price", "currency"]);
    expect(parsed("product_slug,merchant,availability\nsauna-1,shop-a,InStock").columns).toEqual(["availability"]);
  });

  it("warns, without refusing, about a sale the pages would not show", () => {
    const result = parsed([HEADER, "sauna-1,shop-a,,1000,USD,1200,2026-01-01,,,"].join("\n"));
    expect(result.warnings).toEqual([
      "Row 1: sale_price is not below price (no sale is shown)",
      "Row 1: sale_end 2026-01-01 has passed (no sale is shown)",
    ]);
  });

  it("reads availability as schema.org writes it, in any case and with spaces", () => {
    expect(["InStock", "in stock", "IN_STOCK", "https://schema.org/InStock"].map(readAvailability)).toEqual([
      "InStock",
      "InStock",
      "InStock",
      "InStock",
    ]);
    expect(["back order", "Discontinued", "", "UNKNOWN"].map(readAvailability)).toEqual([
      "BackOrder",
      "Discontinued",
      "unknown",
      "unknown",
    ]);
    expect(readAvailability("sold out")).toBeNull();
  });

  it("reads back what the export writes, formula-looking text and all", () => {
    const offer = {
      productSlug: "sauna-1",
      merchantSlug: "shop-a",
      link: "https://shop.example/p?a=1,2&q=x",
      priceMinor: 129_950,
      currency: "EUR",
      salePriceMinor: 119_900,
      saleEndsAt: "2027-01-31",
      availability: "BackOrder",
      availableFrom: "2027-02-01",
      shippingNote: '=HYPERLINK("https://evil.example")',
      countries: ["DE", "AT"],
    };
    const text = csvLine(OFFER_EXPORT_HEADER) + csvLine(offerCsvRecord(offer));
    expect(text).toContain("\"'=HYPERLINK");
    expect(parsed(text).offers[0]).toEqual({
      rowNumber: 1,
      productSlug: "sauna-1",
      merchant: "shop-a",
      link: offer.link,
      priceMinor: 129_950,
      currency: "EUR",
      salePriceMinor: 119_900,
      saleEndsAt: "2027-01-31",
      availability: "BackOrder",
      availableFrom: "2027-02-01",
      shippingNote: offer.shippingNote,
      countries: ["DE", "AT"],
    });
  });
});

describe("the offers import's per-row plan", () => {
  const stored: OfferFields = {
    link: "https://shop.example/a",
    priceMinor: 100_000,
    currency: "USD",
    salePriceMinor: null,
    saleEndsAt: null,
    availability: "InStock",
    availableFrom: null,
    shippingNote: null,
    countries: ["US", "CA"],
  };
  const row = (fields: Partial<OfferFields>) => ({
    ...stored,
    ...fields,
    rowNumber: 4,
    slug: "sauna-1 @ shop-a",
    name: "Sauna 1 at Shop A",
  });
  /** Every offer field column: the file's own columns without the two that name the offer. */
  const all = OFFER_CSV_COLUMNS.filter((column): column is OfferFieldColumn => column !== "product_slug" && column !== "merchant");

  it("is new without a stored offer, unchanged when equal (countries as a set)", () => {
    expect(planOfferRow(undefined, row({}), all).status).toBe("new");
    expect(planOfferRow(stored, row({ countries: ["CA", "US"] }), all)).toMatchObject({ status: "unchanged", changes: [] });
  });

  it("shows each change in the admin's words, money in its currency", () => {
    expect(
      planOfferRow(stored, row({ priceMinor: 95_000, currency: "EUR", availability: "OutOfStock", countries: ["US"] }), all).changes,
    ).toEqual([
      { field: "price", kind: "value", from: "$1,000", to: "€950" },
      { field: "currency", kind: "value", from: "USD", to: "EUR" },
      { field: "availability", kind: "value", from: "InStock", to: "OutOfStock" },
      { field: "countries", kind: "list", added: [], removed: ["CA"], reordered: false },
    ]);
  });

  it("reads the day a pre-order ships, shows its change, and refuses a date it cannot read", () => {
    const result = parsed(["product_slug,merchant,availability,available_from", "cube-4,shop-a,pre-order,2027-03-02"].join("\n"));
    expect(result.offers[0]).toMatchObject({ availability: "PreOrder", availableFrom: "2027-03-02" });
    expect(result.columns).toEqual(["availability", "available_from"]);
    expect(planOfferRow(stored, row({ availability: "PreOrder", availableFrom: "2027-03-02" }), all).changes).toEqual([
      { field: "availability", kind: "value", from: "InStock", to: "PreOrder" },
      { field: "available_from", kind: "value", from: "(empty)", to: "2027-03-02" },
    ]);
    expect(refused(["product_slug,merchant,available_from", "cube-4,shop-a,March 2"].join("\n"))).toContain(
      'Row 1: available_from "March 2" is not a date written YYYY-MM-DD',
    );
  });

  it("does not compare a column the file lacks", () => {
    expect(planOfferRow(stored, row({ link: null, availability: "unknown" }), ["price", "currency"]).status).toBe("unchanged");
  });
});
