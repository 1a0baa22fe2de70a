import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_CASES, startLinkTestServer, type LinkTestServer } from "../../../tests/support/link-test-server";
import { insertLinkedOffer } from "../../../tests/support/offer-rows";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import {
  budgetedTargets,
  checkAllLinks,
  listCheckTargets,
  latestLinkCheckRun,
  listArticleLinkTargets,
  listLinkTargets,
  listStoredResults,
  type LinkCheckSettings,
} from "./link-check-runs.server";
import { articleLinkReport } from "./article-link-report.server";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import { linkReportPage } from "./link-report.server";

// The links readers click most are the offers' (Where to buy, /go), many written by feeds: each is
// checked once, beside the products' own links, and its result goes with the offer.

describe.each(testDialects)("offer links in the link check on %s", (dialect) => {
  let test: TestDatabase;
  let shop: LinkTestServer;
  let settings: LinkCheckSettings;
  const offers: Record<string, number> = {};

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    shop = await startLinkTestServer({});
    settings = {
      timeoutMs: 5_000,
      userAgent: "Mozilla/5.0 (compatible; test link checker)",
      outbound: { allowPrivate: ["127.0.0.1/32"], allowPorts: [[1024, 65535]] },
      perHostIntervalMs: 0,
    };
    const o = shop.origin;
    const product = await test.db
      .insertInto("products")
      .values({ slug: "aurora", name: "Aurora", brand: "Test", affiliate_link: `${o}${LINK_CASES.ok}?own` })
      .returning("id")
      .executeTakeFirstOrThrow();
    const merchant = async (slug: string) =>
      (
        await test.db
          .insertInto("merchants")
          .values({ slug, name: `Shop ${slug}`, countries: "[]" })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const offer = async (key: string, merchantId: number, link: string | null, primary = false) => {
      offers[key] = await insertLinkedOffer(test.db, { productId: product.id, merchantId, link, primary });
    };
    // The primary offer carries the product's own affiliate link: that address is checked once.
    await offer("primary", await merchant("own"), `${o}${LINK_CASES.ok}?own`, true);
    await offer("working", await merchant("north"), `${o}${LINK_CASES.ok}?north`);
    await offer("gone", await merchant("south"), `${o}${LINK_CASES.notFound}`);
    await offer("no-link", await merchant("east"), null);
  });
  afterAll(async () => {
    await shop?.close();
    await test?.drop();
  });

  it("checks every offer's link once, beside the product's own, and lists it with its shop", async () => {
    const targets = await listLinkTargets(test.db);
    expect(targets.map((target) => `${target.link}:${target.merchantName ?? "-"}`).sort()).toEqual([
      "affiliate:-",
      "offer:Shop north",
      "offer:Shop south",
    ]);
    expect(await checkAllLinks(test.db, "manual", settings)).toBe(true);
    const { rows } = await linkReportPage(test.db, { show: null, search: "", limit: 1_000 });
    expect(rows.map((row) => [row.link, row.merchantName ?? "-", row.state])).toEqual([
      ["offer", "Shop south", "broken"],
      ["affiliate", "-", "ok"],
      ["offer", "Shop north", "ok"],
    ]);
    expect(await latestLinkCheckRun(test.db)).toMatchObject({ total: 3, checked: 3, broken: 1 });
    // Each row says where readers meet it: the product's page (no article links to these offers).
    expect(rows.map((row) => row.usedOn)).toEqual(Array(3).fill({ productSlug: "aurora", articles: [] }));
  });

  it("forgets an offer's result with the offer", async () => {
    await test.db.deleteFrom("offers").where("id", "=", offers.gone!).execute();
    const results = await listStoredResults(test.db);
    expect(results.filter((result) => result.link === "offer").map((result) => result.offerId)).toEqual([offers.working]);
  });

  it("checks the published articles' own links to other sites in the same run, and names the articles of a broken one", async () => {
    const o = shop.origin;
    const body = [
      `Read [the maker's guide](${o}${LINK_CASES.ok}?guide) and [an old study](${o}${LINK_CASES.notFound}?study).`,
      `[Twice](${o}${LINK_CASES.notFound}?study) is checked once.`,
    ].join("\n\n");
    const now = Date.now();
    const row = await test.db
      .insertInto("articles")
      .values({
        slug: "sauna-science",
        title: "Sauna science",
        excerpt: "E",
        category_slug: "guides",
        tags: "[]",
        author_id: null,
        image: "/images/a.jpg",
        image_alt: "A",
        featured: false,
        body,
        read_time_minutes: 3,
        status: "published",
        publish_at: now - 86_400_000,
        last_updated: null,
        is_sample: false,
        created_at: now - 86_400_000,
        updated_at: now - 86_400_000,
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    invalidateCatalog(test.db);
    expect((await listArticleLinkTargets(test.db)).map((target) => target.url).sort()).toEqual([
      `${o}${LINK_CASES.notFound}?study`,
      `${o}${LINK_CASES.ok}?guide`,
    ]);
    const before = await articleLinkReport(test.db);
    expect(before.counts).toEqual({ broken: 0, unchecked: 2, ok: 0 });

    expect(await checkAllLinks(test.db, "manual", settings)).toBe(true);
    const report = await articleLinkReport(test.db);
    expect(report.counts).toEqual({ broken: 1, unchecked: 0, ok: 1 });
    expect(report.rows).toEqual([
      {
        url: `${o}${LINK_CASES.notFound}?study`,
        state: "broken",
        outcome: "Page missing or refused (404)",
        checkedAt: expect.any(String),
        articles: [{ id: Number(row.id), title: "Sauna science" }],
      },
    ]);
    // The shop links' report is unchanged by them.
    expect(
      (await linkReportPage(test.db, { show: null, search: "", limit: 1_000 })).rows.every((entry) => entry.link !== ("article" as never)),
    ).toBe(true);
  });

  it("keeps a shop within its daily budget: never-checked links first, then those checked longest ago; the rest wait", async () => {
    const targets = await listCheckTargets(test.db);
    // Every link here is at the one stand-in shop; one offer's last check is months old.
    await test.db
      .updateTable("offer_link_results")
      .set({ checked_at: "2026-01-01T00:00:00.000Z" })
      .where("offer_id", "=", offers.working!)
      .execute();
    const tomorrow = Date.now() + 86_400_000;
    const { run, deferred } = await budgetedTargets(test.db, targets, 1, tomorrow);
    expect(deferred).toBe(targets.length - 1);
    expect(run).toEqual([expect.objectContaining({ link: "offer", offerId: offers.working })]);
    // Today the shop has had its checks already: with a budget of one, this run checks nothing.
    expect(await checkAllLinks(test.db, "manual", { ...settings, perHostDaily: 1 })).toBe(true);
    expect(await latestLinkCheckRun(test.db)).toMatchObject({ total: 0, checked: 0, deferred: targets.length });
  });
});
