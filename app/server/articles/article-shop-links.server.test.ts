import { requestContext } from "~/server/load-context";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildShopLinkIndex, coversLink, httpAddressesIn } from "~/lib/learn/article-shop-links";
import type { ArticleLinkReport } from "~/lib/learn/article-shop-links";
import type { LinkReportRow } from "~/lib/links/link-report";
import type { UnearnedLinkPage } from "~/lib/learn/unearned-links";
import * as articleRoute from "~/routes/learn/article";
import * as linksRoute from "~/routes/admin/links";
import * as previewRoute from "~/routes/admin/articles-preview";
import { callAdminRoute, answerOf, type AdminHandler } from "../../../tests/support/admin-routes";
import { makeAuthContext, SAME_SITE, signedInAs, TEST_BASE_URL, type AuthTestContext } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import { ClickRecorder } from "../clicks/click-recorder.server";
import { createOutboundRedirects, merchantLinkDestination } from "../clicks/outbound-redirect.server";
import { renderArticleBody } from "./article-markdown.server";
import { articleLinkRewriter, readShopLinkIndex } from "./article-shop-links.server";
import { seedSampleArticles } from "./sample-articles.server";

const SPONSORED = 'target="_blank" rel="sponsored nofollow noopener"';

describe("an article's off-site links as the page renders them", () => {
  const index = buildShopLinkIndex(
    [{ slug: "nordic", name: "Nordic Bath", domain: "nordic.example", affiliateParams: "tag=site-20", subIdTemplate: null }],
    [
      {
        productSlug: "barrel-6",
        productName: "Barrel 6",
        merchantSlug: "nordic",
        link: "https://nordic.example/saunas/barrel-6?tag=site-20",
      },
    ],
  );
  const render = (body: string, report?: ArticleLinkReport[]) =>
    renderArticleBody(body, undefined, articleLinkRewriter(index, "guide", report));

  it("sends a merchant's page through the merchant's /go and an offer's page through the offer's, sponsored, in a new tab", () => {
    const html = render(
      "[heaters](https://nordic.example/heaters?a=1&b=2) and [the barrel](https://www.nordic.example/saunas/barrel-6/)\n",
    );
    expect(html).toBe(
      `<p><a href="/go/-/nordic?from=article:guide:shop-link&amp;to=https%3A%2F%2Fnordic.example%2Fheaters%3Fa%3D1%26b%3D2" ${SPONSORED}>heaters</a>` +
        ` and <a href="/go/barrel-6/nordic?from=article:guide:shop-link" ${SPONSORED}>the barrel</a></p>`,
    );
  });

  it("leaves a link to another site exactly as before, and reports every off-site link in order", () => {
    const report: ArticleLinkReport[] = [];
    const html = render("[wiki](https://en.wikipedia.org/wiki/Sauna) [shop](https://nordic.example/) [in](/learn)\n", report);
    expect(html).toContain('<a href="https://en.wikipedia.org/wiki/Sauna" target="_blank" rel="noopener">wiki</a>');
    expect(html).toContain('<a href="/learn">in</a>');
    expect(report).toEqual([
      { url: "https://en.wikipedia.org/wiki/Sauna", kind: "none", shopLike: false },
      { url: "https://nordic.example/", kind: "merchant", merchantName: "Nordic Bath" },
    ]);
  });

  it("keeps the title, drops what the sanitizer drops (handlers, classes, the author's own rel and target)", () => {
    const html = render(
      '<a href="https://nordic.example/x" title="Our pick" onclick="steal()" class="big" rel="opener" target="_top" style="color:red">go</a>\n',
    );
    expect(html).toBe(
      `<p><a href="/go/-/nordic?from=article:guide:shop-link&amp;to=https%3A%2F%2Fnordic.example%2Fx" title="Our pick" ${SPONSORED}>go</a></p>`,
    );
  });

  it("never produces a javascript:, data: or protocol-relative link, however the merchant's domain is dressed up", () => {
    const html = render(
      "[a](javascript:location='nordic.example') [b](data:text/html,nordic.example) [c](//nordic.example/x)\n" +
        '<a href="java&#x09;script:alert(1)">e</a>\n',
    );
    expect(html).not.toMatch(/javascript|data:|href="\/\/|\/go\//i);
  });

  it("takes from a rewriter only a path on this site: anything else keeps the written link", () => {
    for (const href of ["javascript:alert(1)", "//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      const html = renderArticleBody("[x](https://nordic.example/)\n", undefined, () => ({ href, rel: "sponsored" }));
      expect(html).toBe('<p><a href="https://nordic.example/" target="_blank" rel="noopener">x</a></p>');
    }
  });

  it("is linear in the article: one lookup per off-site link, a small part of the render", () => {
    const body = Array.from(
      { length: 1_500 },
      (_, i) => `- [page ${i}](https://nordic.example/p/${i}) and [wiki](https://wiki.example/${i})`,
    ).join("\n");
    let calls = 0;
    const rewrite = articleLinkRewriter(index, "guide");
    let started = performance.now();
    const html = renderArticleBody(body, undefined, (href) => {
      calls++;
      return rewrite(href);
    });
    const rendered = performance.now() - started;
    expect(calls).toBe(3_000);
    expect(html.match(/\/go\/-\/nordic/g)).toHaveLength(1_500);
    // The matching alone, for the same links: what the rewrite adds to a render.
    const hrefs = [...body.matchAll(/\((https:[^)]+)\)/g)].map((match) => match[1]!);
    started = performance.now();
    for (const href of hrefs) rewrite(href);
    const matching = performance.now() - started;
    console.info(`3,000 links: rendered in ${rendered.toFixed(0)} ms, of which matching ${matching.toFixed(0)} ms`);
    expect(matching).toBeLessThan(1_000);
  });
});

describe.each(testDialects)("published articles' shop links on %s", (dialect) => {
  let test: TestDatabase;
  let ctx: AuthTestContext;
  let adminCookie: string;
  const BODY = [
    "Read [our pick](https://nordic.example/saunas/barrel-6) or browse [their heaters](https://www.nordic.example/heaters).",
    "",
    "Background: [Sauna on Wikipedia](https://en.wikipedia.org/wiki/Sauna) and [a marketplace](https://www.amazon.com/dp/B000).",
  ].join("\n");

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    ctx = makeAuthContext(test);
    adminCookie = await signedInAs(ctx.auth, "owner@example.com", { admin: true });
    const merchant = await test.db
      .insertInto("merchants")
      .values({ slug: "nordic", name: "Nordic Bath", domain: "nordic.example", affiliate_params: "tag=site-20" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const product = await test.db
      .insertInto("products")
      .values({ slug: "barrel-6", name: "Barrel 6", brand: "B" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await test.db
      .insertInto("offers")
      .values({
        product_id: product.id,
        merchant_id: merchant.id,
        link: "https://nordic.example/saunas/barrel-6?tag=site-20",
        is_primary: true,
        source: "form",
        currency: "USD",
        availability: "InStock",
      })
      .execute();
    await seedSampleArticles(test.db);
    await test.db.updateTable("articles").set({ body: BODY }).where("slug", "=", "diy-sauna-bench").execute();
    invalidateCatalog(test.db);
  });
  afterAll(async () => {
    await ctx?.close();
    await test?.drop();
  });

  const articleHtml = async () => {
    const request = new Request(`${TEST_BASE_URL}/learn/diy-sauna-bench`);
    const answer = await answerOf(() =>
      articleRoute.loader({ request, context: requestContext(ctx.context), params: { articleId: "diy-sauna-bench" } } as never),
    );
    expect(answer.status).toBe(200);
    return (answer.data as { article: { html: string } }).article.html;
  };

  it("the article's page, through its loader, sends the shop links through /go and leaves the others; the stored Markdown is unchanged", async () => {
    const html = await articleHtml();
    expect(html).toContain(`<a href="/go/barrel-6/nordic?from=article:diy-sauna-bench:shop-link" ${SPONSORED}>our pick</a>`);
    expect(html).toContain(
      `<a href="/go/-/nordic?from=article:diy-sauna-bench:shop-link&amp;to=https%3A%2F%2Fwww.nordic.example%2Fheaters" ${SPONSORED}>their heaters</a>`,
    );
    expect(html).toContain('<a href="https://en.wikipedia.org/wiki/Sauna" target="_blank" rel="noopener">Sauna on Wikipedia</a>');
    const stored = await test.db.selectFrom("articles").select("body").where("slug", "=", "diy-sauna-bench").executeTakeFirstOrThrow();
    expect(stored.body).toBe(BODY);
  });

  it("is kept with the page until a catalog change: a merchant's new domain shows after the save announces it", async () => {
    await test.db.updateTable("merchants").set({ domain: "nordic-bath.example" }).where("slug", "=", "nordic").execute();
    expect(await articleHtml()).toContain("/go/-/nordic?");
    invalidateCatalog(test.db);
    const html = await articleHtml();
    expect(html).toContain('<a href="https://www.nordic.example/heaters" target="_blank" rel="noopener">their heaters</a>');
    // The offer's own page still names it.
    expect(html).toContain("/go/barrel-6/nordic?from=article:diy-sauna-bench:shop-link");
    await test.db.updateTable("merchants").set({ domain: "nordic.example" }).where("slug", "=", "nordic").execute();
    invalidateCatalog(test.db);
  });

  it("the merchant's /go leads to the page written, with the affiliate parameters, only on that merchant's site", async () => {
    const index = await readShopLinkIndex(test.db, ["https://www.nordic.example/heaters#top", "https://evil.example/"]);
    expect(merchantLinkDestination(index, "nordic", "https://www.nordic.example/heaters#top")).toBe(
      "https://www.nordic.example/heaters?tag=site-20#top",
    );
    expect(merchantLinkDestination(index, "nordic", "https://nordic.example/x?tag=mine")).toBe("https://nordic.example/x?tag=mine");
    expect(merchantLinkDestination(index, "nordic", "https://evil.example/")).toBeNull();
    expect(merchantLinkDestination(index, "nordic", "https://nordic.example.evil.example/")).toBeNull();
    expect(merchantLinkDestination(index, "other", "https://nordic.example/")).toBeNull();
    expect(merchantLinkDestination(index, "nordic", "javascript:alert(1)")).toBeNull();
    expect(merchantLinkDestination(index, "nordic", null)).toBeNull();

    const recorder = new ClickRecorder(test.db, { flushEveryMs: 60_000 });
    const outbound = createOutboundRedirects({ db: test.db, recorder });
    const server = http.createServer((req, res) => {
      if (outbound.serveNow(req, res)) return;
      void outbound.serve(req, res).then((answered) => answered || res.writeHead(404).end());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const html = await articleHtml();
      const href = /href="(\/go\/-\/nordic[^"]*)"/.exec(html)![1]!.replace(/&amp;/g, "&");
      const answer = await fetch(origin + href, { redirect: "manual" });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("https://www.nordic.example/heaters?tag=site-20");
      expect(answer.headers.get("cache-control")).toBe("no-store");
      const elsewhere = await fetch(`${origin}/go/-/nordic?to=${encodeURIComponent("https://evil.example/")}`, { redirect: "manual" });
      expect(elsewhere.status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await recorder.close();
    }
  });

  it("the editor's preview lists each off-site link: tracked to which shop and product, or earning nothing", async () => {
    const request = new Request(`${TEST_BASE_URL}/admin/articles/preview`, {
      method: "POST",
      body: new URLSearchParams({ intent: "preview", body: BODY, slug: "diy-sauna-bench" }),
      headers: { ...SAME_SITE, cookie: adminCookie, "content-type": "application/x-www-form-urlencoded" },
    });
    const answer = await answerOf(() =>
      callAdminRoute(previewRoute.action as AdminHandler, { request, context: requestContext(ctx.context), params: {} }),
    );
    expect(answer.status).toBe(200);
    const { html, links } = answer.data as { html: string; links: ArticleLinkReport[] };
    expect(html).toContain("/go/barrel-6/nordic?from=article:diy-sauna-bench:shop-link");
    expect(links).toEqual([
      {
        url: "https://nordic.example/saunas/barrel-6",
        kind: "offer",
        merchantName: "Nordic Bath",
        productName: "Barrel 6",
        productSlug: "barrel-6",
        merchantSlug: "nordic",
      },
      { url: "https://www.nordic.example/heaters", kind: "merchant", merchantName: "Nordic Bath" },
      { url: "https://en.wikipedia.org/wiki/Sauna", kind: "none", shopLike: false },
      { url: "https://www.amazon.com/dp/B000", kind: "none", shopLike: true },
    ]);
  });

  it("/admin/links lists the links that earn nothing with their article, shop-like ones first, a page at a time", async () => {
    const request = new Request(`${TEST_BASE_URL}/admin/links`, { headers: { cookie: adminCookie } });
    const answer = await answerOf(() =>
      callAdminRoute(linksRoute.loader as AdminHandler, { request, context: requestContext(ctx.context), params: {} }),
    );
    expect(answer.status).toBe(200);
    const unearned = (answer.data as { unearned: UnearnedLinkPage }).unearned;
    expect(unearned).toMatchObject({ page: 1, tracked: 2, shopLike: 1 });
    expect(unearned.rows[0]).toMatchObject({ url: "https://www.amazon.com/dp/B000", articleSlug: "diy-sauna-bench", shopLike: true });
    expect(unearned.rows).toContainEqual(
      expect.objectContaining({ url: "https://en.wikipedia.org/wiki/Sauna", articleSlug: "diy-sauna-bench" }),
    );
    // Every row names a published article the owner can open.
    const published = await test.db.selectFrom("articles").select("id").where("status", "=", "published").execute();
    const ids = new Set(published.map((row) => Number(row.id)));
    expect(unearned.rows.every((row) => ids.has(row.articleId))).toBe(true);
    expect(unearned.total).toBe(unearned.rows.length);
    // The offer an article sends readers through names that article among the pages that use it.
    const rows = (answer.data as { rows: LinkReportRow[] }).rows;
    const offer = rows.find((row) => row.link === "offer" && row.productName === "Barrel 6" && row.merchantName === "Nordic Bath");
    expect(offer?.usedOn).toMatchObject({ productSlug: "barrel-6", articles: [expect.objectContaining({ title: expect.any(String) })] });
  });

  it("reads only the offers on the hosts the links name, and still matches a link written so that a quick scan misses it", async () => {
    const forNordic = await readShopLinkIndex(test.db, ["https://eu.nordic.example/somewhere"]);
    expect([...forNordic.pages.keys()]).toEqual(["nordic.example/saunas/barrel-6"]);
    const forOthers = await readShopLinkIndex(test.db, ["https://en.wikipedia.org/wiki/Sauna"]);
    expect(forOthers.pages.size).toBe(0);
    expect(forOthers.merchants.has("nordic")).toBe(true);
    expect(coversLink(forOthers, "https://nordic.example/saunas/barrel-6")).toBe(false);

    // An entity in the scheme: the Markdown renders it as a link that httpAddressesIn does not see.
    const hidden = "A [hidden pick](h&#116;tps://nordic.example/saunas/barrel-6).";
    expect(httpAddressesIn(hidden)).toEqual([]);
    await test.db.updateTable("articles").set({ body: hidden }).where("slug", "=", "diy-sauna-bench").execute();
    invalidateCatalog(test.db);
    expect(await articleHtml()).toContain(
      `<a href="/go/barrel-6/nordic?from=article:diy-sauna-bench:shop-link" ${SPONSORED}>hidden pick</a>`,
    );
    await test.db.updateTable("articles").set({ body: BODY }).where("slug", "=", "diy-sauna-bench").execute();
    invalidateCatalog(test.db);
  });
});
