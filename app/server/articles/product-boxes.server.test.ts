import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { renderArticleBody } from "./article-markdown.server";
import { seedSampleContent } from "../seed/seed.server";
import { productsForBodies, readDirective, renderDirective } from "./product-boxes.server";

describe("product directives", () => {
  it("read a product box and a comparison, and nothing else", () => {
    expect(readDirective('::product{slug="Tyyni-4"}')).toEqual({ kind: "product", slug: "tyyni-4" });
    expect(readDirective('::compare{slugs="a, b,c"}')).toEqual({ kind: "compare", slugs: ["a", "b", "c"] });
    expect(readDirective('::product{slugs="a,b"}')).toBeNull();
    expect(readDirective("::note{x=1}")).toBeNull();
    expect(readDirective('Some ::product{slug="a"} in a sentence')).toBeNull();
  });
});

describe.each(testDialects)("product boxes in an article (%s)", (dialect) => {
  let test: TestDatabase;
  const slug = "lumo-works-tyyni-4-cube-sauna";
  const body = `Intro.\n\n::product{slug="${slug}"}\n\n::compare{slugs="${slug},no-such-sauna"}\n\n::product{slug="no-such-sauna"}\n\n\`\`\`\n::product{slug="${slug}"}\n\`\`\`\n`;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db);
  });
  afterAll(async () => test?.drop());

  const render = async (preview: boolean) => {
    const products = await productsForBodies(test.db, [body]);
    return renderArticleBody(body, (line) => {
      const directive = readDirective(line);
      return directive && renderDirective(directive, products, "cedar-care", preview);
    });
  };

  it("renders the card and the table with the tracked link naming the article; a missing product leaves nothing", async () => {
    const html = await render(false);
    expect(html).toContain('<aside class="article-product" aria-label="Tyyni 4 Cube Sauna">');
    expect(html).toContain(`href="/go/${slug}?from=article:cedar-care:box"`);
    expect(html).toContain('<table class="article-compare">');
    expect(html).toMatch(/Rated \d\.\d out of 5/);
    // The price by the one price rule, dated the day it was last confirmed, as every price is.
    expect(html).toMatch(
      /<p class="article-product-price">\$[\d,]+ <span class="article-product-asof">as of <time datetime="\d{4}-\d{2}-\d{2}">[A-Z][a-z]+ \d{1,2}, \d{4}<\/time><\/span><\/p>/,
    );
    expect(html).not.toContain("no-such-sauna");
    expect(html).not.toContain("article-block-warning");
    // A directive inside a code block is text.
    expect(html).toContain("<pre><code>::product{slug=");
  });

  it("warns in the preview about the missing product, and never throws", async () => {
    const html = await render(true);
    expect(html.match(/article-block-warning/g)).toHaveLength(2);
    expect(html).toContain("“no-such-sauna”");
  });

  it("renders nothing for a directive when no catalog is given (the seed's and the import's checks)", () => {
    expect(renderArticleBody(`A.\n\n::product{slug="${slug}"}\n`)).toBe("<p>A.</p>");
  });
});
