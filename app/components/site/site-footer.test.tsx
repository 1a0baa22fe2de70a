import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { bestSaunasMenu } from "~/lib/site/site-navigation";
import { SiteFooter } from "./site-footer";

/**
 * The 'Best Saunas' panel is not in a closed page's HTML, so the footer is where crawlers find
 * the menu's pages: every target of the menu must stay linked there (docs/decisions/0046).
 */
describe("SiteFooter", () => {
  it("links every target of the Best Saunas menu", () => {
    const html = renderToString(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    const footerHrefs = new Set([...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1]));
    const menuUrls = bestSaunasMenu.flat().flatMap((group) => group.links.map((link) => link.url));

    expect(menuUrls).toHaveLength(16);
    expect(menuUrls.filter((url) => !footerHrefs.has(url))).toEqual([]);
  });
});
