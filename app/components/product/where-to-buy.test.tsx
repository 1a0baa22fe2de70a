import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { WhereToBuyRow } from "~/lib/offers/where-to-buy";
import { PriceText } from "~/components/catalog/price-text";
import { WhereToBuy } from "./where-to-buy";

const row = (fields: Partial<WhereToBuyRow>): WhereToBuyRow => ({
  merchantSlug: "lumo-works",
  merchantName: "Lumo Works",
  priceText: "$15,400",
  listText: "$16,900",
  saleEndsText: "Sale ends December 31, 2026",
  asOfText: "Price as of November 26, 2026",
  availability: "InStock",
  availabilityText: "In stock",
  shipsFromText: null,
  buyable: true,
  shippingText: "Free curbside delivery",
  lowest: true,
  href: "/go/tyyni-4/lumo-works?from=product:tyyni-4",
  rel: "sponsored nofollow noopener",
  ...fields,
});

/** The where-to-buy table as the server sends it: the whole table in the HTML, no script needed. */
describe("WhereToBuy", () => {
  const html = renderToString(
    <WhereToBuy
      productName="Tyyni 4"
      whereToBuy={{
        rows: [
          row({}),
          row({
            merchantSlug: "backyard",
            merchantName: "Backyard Leisure Co",
            priceText: "$16,400",
            listText: null,
            saleEndsText: null,
            availability: "OutOfStock",
            availabilityText: "Out of stock",
            buyable: false,
            lowest: false,
            href: null,
          }),
        ],
      }}
    />,
  );

  it("draws each shop as a sponsored, new-tab /go link, with the sale struck through and 'Lowest price' once per layout", () => {
    expect(html).toContain('href="/go/tyyni-4/lumo-works?from=product:tyyni-4"');
    expect(html).toContain('rel="sponsored nofollow noopener"');
    expect(html).toContain('target="_blank"');
    expect(html).toMatch(/<s[^>]*>.*\$16,900.*<\/s>/);
    // The table (wide screens) and the stacked list (phones) each say it once.
    expect(html.match(/Lowest price/g)).toHaveLength(2);
    expect(html).toContain("Price as of November 26, 2026");
  });

  it("says a shop is out of stock, and offers no dead link when it has none", () => {
    expect(html).toContain("Out of stock");
    expect(html).toContain("No shop link yet");
    expect(html.match(/href="\/go\//g)).toHaveLength(2);
  });

  it("draws nothing without offers", () => {
    expect(renderToString(<WhereToBuy productName="X" whereToBuy={{ rows: [] }} />)).toBe("");
  });
});

describe("PriceText", () => {
  it("keeps the price's own text the price, with its date as title and description", () => {
    const html = renderToString(<PriceText text="$7,650" asOf="Price as of November 26, 2026" />);
    expect(html).toContain('title="Price as of November 26, 2026"');
    expect(html).toContain('aria-description="Price as of November 26, 2026"');
    expect(html).toMatch(/>\$7,650<\/span>$/);
    expect(renderToString(<PriceText text="Contact for Price" asOf={null} />)).toBe("<span>Contact for Price</span>");
  });
});
