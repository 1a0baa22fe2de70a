import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ArticleLinkTable } from "./article-link-table";

describe("/admin/links' links in articles", () => {
  it("counts every address and lists the broken one with what went wrong and the articles to fix", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ArticleLinkTable
          report={{
            counts: { broken: 1, unchecked: 0, ok: 12 },
            rows: [
              {
                url: "https://study.test/gone",
                state: "broken",
                outcome: "Page missing or refused (404)",
                checkedAt: "2026-11-29T06:00:00.000Z",
                articles: [
                  { id: 3, title: "Sauna science" },
                  { id: 9, title: "Health benefits" },
                ],
              },
            ],
            hidden: 0,
          }}
        />
      </MemoryRouter>,
    );
    const text = html.replace(/<[^>]+>/g, "");
    expect(text).toContain("13 addresses in published articles, checked with the shop links: 1 broken, 0 not checked yet, 12 working.");
    expect(text).toContain("Page missing or refused (404)");
    expect(html).toContain('href="/admin/articles/3"');
    expect(html).toContain('href="/admin/articles/9"');
  });

  it("says so when articles link to no other site, with no table", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ArticleLinkTable report={{ counts: { broken: 0, unchecked: 0, ok: 0 }, rows: [], hidden: 0 }} />
      </MemoryRouter>,
    );
    expect(html).not.toContain("<table");
    expect(html).toContain("No published article links to another site");
  });
});
