import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ProductOffers, type OfferFormFeedback, type ProductOfferRow } from "./product-offers";

/** The product screen's offers, rendered as the server sends them (they must work before any script runs). */
function render(offers: ProductOfferRow[], feedback: OfferFormFeedback | null = null): string {
  const merchants = [
    { id: 1, name: "Nordic Bath" },
    { id: 2, name: "Sauna Depot" },
    { id: 3, name: "Saunahaus" },
  ];
  const Stub = createRoutesStub([
    {
      path: "/admin/products",
      Component: () => <ProductOffers productId={7} offers={offers} merchants={merchants} feedback={feedback} busy={false} />,
    },
  ]);
  // React marks where text pieces meet with empty comments; the reader sees one text.
  return renderToString(<Stub initialEntries={["/admin/products"]} />).replaceAll("<!-- -->", "");
}

const nordic: ProductOfferRow = {
  id: 11,
  merchantId: 1,
  merchantName: "Nordic Bath",
  isPrimary: true,
  priceText: "$8,499",
  salePriceText: "$7,999",
  saleEndsAt: "2026-12-31",
  availability: "InStock",
  countries: ["US", "CA"],
  source: "csv",
  confirmedAt: "2026-11-25T10:00:00.000Z",
  values: { link: "https://nordic.example/a", price: "8499.00", currency: "USD", availability: "InStock", countries: "US, CA" },
};

describe("ProductOffers", () => {
  it("lists each offer with its price, sale, availability, countries and confirmation, and offers only the other merchants to add", () => {
    const html = render([nordic]);
    expect(html).toContain("Offers (1)");
    for (const text of [
      "Nordic Bath",
      "primary",
      "$8,499",
      "sale $7,999 until 2026-12-31",
      "In stock",
      "US, CA",
      "confirmed 2026-11-25 (csv)",
    ]) {
      expect(html).toContain(text);
    }
    // Each form is a plain POST with its intent, so it works without JavaScript.
    expect(html).toMatch(/<input type="hidden" name="intent" value="save-offer"\/>/);
    expect(html).toContain('name="offer_id" value="11"');
    expect(html).toContain('value="https://nordic.example/a"');
    const select = html.slice(html.indexOf('name="merchant_id"'), html.indexOf("</select>", html.indexOf('name="merchant_id"')));
    expect(select).not.toContain("Nordic Bath");
    expect(select).toContain("Sauna Depot");
    expect(select).toContain("Saunahaus");
  });

  it("opens the form a refused save came from, with the typed values and the error beside the field", () => {
    const html = render([nordic], {
      key: "11",
      values: { currency: "EURO", price: "8499" },
      fieldErrors: { currency: '"EURO" is not an ISO 4217 currency code.' },
    });
    expect(html).toMatch(/<details class="mt-2" open="">/);
    expect(html).toContain('value="EURO"');
    expect(html).toContain("&quot;EURO&quot; is not an ISO 4217 currency code.");
  });
});
