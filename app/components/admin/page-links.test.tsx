import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AdminPageLinks } from "./page-links";

function linksAt(page: number, pages: number) {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <AdminPageLinks
        page={page}
        pages={pages}
        path="/admin/products"
        query={{ q: "cedar", category: undefined }}
        label="Pages of products"
      />
    </MemoryRouter>,
  );
  const links = [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map(([, href, inner]) => [
    inner!.replace(/<[^>]+>/g, "").trim(),
    href!.replace(/&amp;/g, "&"),
  ]);
  return { html, links };
}

describe("AdminPageLinks", () => {
  it("reaches the first and the last of 4,001 pages in one click, search kept", () => {
    const { html, links } = linksAt(2000, 4001);
    expect(links).toEqual([
      ["First", "/admin/products?q=cedar"],
      ["Previous", "/admin/products?q=cedar&page=1999"],
      ["Next", "/admin/products?q=cedar&page=2001"],
      ["Last", "/admin/products?q=cedar&page=4001"],
    ]);
    expect(html).toContain("Page 2,000 of 4,001");
    expect(html).toContain('aria-label="Pages of products"');
  });

  it("names its page in its own parameter, so that two paged lists on one page keep each other's place", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <AdminPageLinks page={2} pages={3} param="links_page" path="/admin/links" query={{ page: "4" }} label="Pages of the link report" />
      </MemoryRouter>,
    );
    expect(html.replace(/&amp;/g, "&")).toContain('href="/admin/links?page=4&links_page=3"');
    expect(html.replace(/&amp;/g, "&")).toContain('href="/admin/links?page=4"');
  });

  it("offers no link that would lead to the page shown or to its neighbour twice", () => {
    expect(linksAt(1, 3).links.map(([name]) => name)).toEqual(["Next", "Last"]);
    expect(linksAt(2, 3).links.map(([name]) => name)).toEqual(["Previous", "Next"]);
    expect(linksAt(3, 3).links.map(([name]) => name)).toEqual(["First", "Previous"]);
    expect(linksAt(1, 2).links.map(([name]) => name)).toEqual(["Next"]);
  });

  it("renders nothing for a list of one page", () => {
    expect(linksAt(1, 1).html).toBe("");
  });
});
