import { HtmlValidate } from "html-validate";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { WhatChanged } from "~/components/site/what-changed";
import { toSaunaViewModel } from "~/lib/catalog/product-view-models";
import type { CollectionPick } from "~/lib/collection/collection-page";
import { DEFAULT_SITE_PRICES, priceSettingsAt } from "~/lib/offers/price-view";
import { makeProduct } from "../../../tests/support/catalog-fixtures";
import { AlsoTested } from "./also-tested";
import { OurPicks } from "./our-picks";

// The e2e suite's html-validate rule sets (tests/e2e/validation.ts), here on the blocks alone.
const validator = new HtmlValidate({
  extends: ["html-validate:standard", "html-validate:a11y"],
  rules: { "aria-label-misuse": ["error", { allowAnyNamable: true }] },
});

const context = { origin: "", linkSource: "collection:barrel-saunas", prices: priceSettingsAt(DEFAULT_SITE_PRICES, Date.now()) };
const sauna = (name: string, priceCents: number) =>
  toSaunaViewModel(makeProduct({ name, priceCents, isSample: false, images: ["/images/products/a.webp"] }), context);

const picks: CollectionPick[] = [
  { roleKey: "best-overall", role: "Best overall", reason: "Room for four and an even heat.", sauna: sauna("Panorama 4", 840_000) },
  { roleKey: "custom", role: "Best for steam lovers", reason: "Infrared plus stones.", sauna: sauna("Hybrid 3", 1_090_000) },
];

function page(): string {
  const body = renderToStaticMarkup(
    <MemoryRouter>
      <main>
        <h1>Best Barrel Saunas</h1>
        <OurPicks picks={picks} />
        <AlsoTested
          saunas={[
            {
              id: 9,
              slug: "classic-2",
              name: "Classic 2",
              brand: "Birchline",
              href: "/reviews/product/classic-2",
              reason: "Two seats only.",
            },
          ]}
        />
        <WhatChanged
          notes={[
            { date: "2026-11-18", text: "Price dropped at two shops." },
            { date: "2026-10-20", text: "Specs updated." },
          ]}
        />
      </main>
    </MemoryRouter>,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Picks</title></head><body>${body}</body></html>`;
}

describe("the picks, 'Also tested' and 'What changed' blocks", () => {
  it("are valid HTML with headings in order, lists, alt text and dated entries", async () => {
    const html = page();
    const report = await validator.validateString(html);
    expect(report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message}`))).toEqual([]);
    expect(
      [...html.matchAll(/<(h[1-6])[^>]*>(.*?)<\/h[1-6]>/g)].map(([, level, inner]) => `${level} ${inner!.replace(/<[^>]+>/g, "")}`),
    ).toEqual(["h1 Best Barrel Saunas", "h2 Our picks", "h3 Panorama 4", "h3 Hybrid 3", "h2 Also tested", "h2 What changed"]);
    expect(html).toContain('alt="');
    expect(html).toContain("Best for steam lovers");
    expect(html).toMatch(/<time datetime="2026-11-18"[^>]*>November 18, 2026<\/time>/i);
    expect(html.indexOf("2026-11-18")).toBeLessThan(html.indexOf("2026-10-20"));
  });

  it("render nothing when there is nothing to show", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <OurPicks picks={[]} />
        <AlsoTested saunas={[]} />
        <WhatChanged notes={[]} />
      </MemoryRouter>,
    );
    expect(html).toBe("");
  });
});
