import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { UnearnedLinkTable } from "./unearned-link-table";

describe("/admin/links' links that earn nothing", () => {
  it("shows each address with its article's editor, shop-like ones marked, and pages that keep the filters", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <UnearnedLinkTable
          unearned={{
            rows: [{ articleId: 7, articleSlug: "guide", articleTitle: "The guide", url: "https://shop.test/p/1", shopLike: true }],
            page: 1,
            pages: 3,
            total: 101,
            shopLike: 1,
            tracked: 4,
          }}
          query={{ show: "broken", q: undefined }}
        />
      </MemoryRouter>,
    );
    expect(html).toContain('<a href="https://shop.test/p/1" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain("Looks like a shop");
    expect(html).toContain('href="/admin/articles/7"');
    expect(html).toContain('href="/admin/links?show=broken&amp;page=2"');
    expect(html.replace(/<[^>]+>/g, "").replace(/&#x27;|&apos;/g, "'")).toContain(
      "4 go through the site's tracked link to a shop; these 101 do not",
    );
  });
});
