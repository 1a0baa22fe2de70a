import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_CASES, startLinkTestServer, type LinkTestServer } from "../../../tests/support/link-test-server";
import { insertLinkedOffer } from "../../../tests/support/offer-rows";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { checkAllLinks, latestLinkCheckRun, listLinkTargets, listStoredResults, type LinkCheckSettings } from "./link-check-runs.server";
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
  });

  it("forgets an offer's result with the offer", async () => {
    await test.db.deleteFrom("offers").where("id", "=", offers.gone!).execute();
    const results = await listStoredResults(test.db);
    expect(results.filter((result) => result.link === "offer").map((result) => result.offerId)).toEqual([offers.working]);
  });
});
