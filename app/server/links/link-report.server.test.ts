import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LinkOutcome } from "~/lib/links/link-outcomes";
import { insertLinkedOffer } from "../../../tests/support/offer-rows";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { countLinkStates, linkReportPage } from "./link-report.server";

// /admin/links's report as the database counts and pages it: which links there are, the state of
// each from the check of its current address, the order, the filters and the search.

describe.each(testDialects)("the link health report on %s", (dialect) => {
  let test: TestDatabase;
  const ids: Record<string, number> = {};
  const offers: Record<string, number> = {};

  const all = (options: { show?: "broken" | "unchecked" | "ok" | null; search?: string; limit?: number; offset?: number } = {}) =>
    linkReportPage(test.db, {
      show: options.show ?? null,
      search: options.search ?? "",
      limit: options.limit ?? 1_000,
      offset: options.offset,
    });

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    const product = async (name: string, affiliate: string | null, website: string | null = null) => {
      const row = await test.db
        .insertInto("products")
        .values({ slug: name.toLowerCase().replace(/\W+/g, "-"), name, brand: "Test", affiliate_link: affiliate, website })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids[name] = Number(row.id);
    };
    await product("zeta", " https://z.example/a ", "https://z.example/w");
    await product("Alpha", "https://a.example/a");
    await product("beta", "https://b.example/a", "https://b.example/w");
    await product("Gamma", "https://g.example/a");
    await product("Inside", "http://127.0.0.1:3999/admin");
    await product("Edited", "https://e.example/new");
    await product("Blank", "   ", null);
    await product("100% cedar_cube", "https://c.example/100");

    const merchant = async (slug: string, name: string) =>
      (await test.db.insertInto("merchants").values({ slug, name, countries: "[]" }).returning("id").executeTakeFirstOrThrow()).id;
    const north = await merchant("north", "North Shop");
    const own = await merchant("own", "Own Shop");
    const offer = async (key: string, productName: string, merchantId: number, link: string | null, primary = false) => {
      offers[key] = await insertLinkedOffer(test.db, { productId: ids[productName]!, merchantId, link, primary });
    };
    // The primary offer carrying the product's own affiliate link is that link: listed once.
    await offer("primary", "Alpha", own, "https://a.example/a", true);
    await offer("other", "Alpha", north, "https://north.example/alpha");
    await offer("unknown", "Gamma", north, "https://north.example/gamma");
    await offer("no-link", "Gamma", own, null);

    const result = (
      product: string,
      link: "affiliate" | "website",
      url: string,
      outcome: LinkOutcome | string,
      status: number | null = null,
    ) => ({
      product_id: ids[product]!,
      link,
      url,
      outcome,
      status_code: status,
      final_url: url,
      error: outcome === "ok" ? null : "broken",
      checked_at: "2026-11-24T08:00:00.000Z",
      duration_ms: 12,
    });
    await test.db
      .insertInto("link_check_results")
      .values([
        result("zeta", "affiliate", "https://z.example/a", "ok", 200),
        result("zeta", "website", "https://z.example/w", "dns-error"),
        result("Alpha", "affiliate", "https://a.example/a", "ok", 200),
        result("beta", "affiliate", "https://b.example/a", "client-error", 404),
        result("beta", "website", "https://b.example/w", "timeout"),
        result("Inside", "affiliate", "http://127.0.0.1:3999/admin", "internal-address"),
        // The owner changed the link after this check: it no longer describes the link.
        result("Edited", "affiliate", "https://e.example/old", "client-error", 404),
      ])
      .execute();
    await test.db
      .insertInto("offer_link_results")
      .values([
        {
          offer_id: offers["other"]!,
          url: "https://north.example/alpha",
          outcome: "server-error",
          status_code: 503,
          final_url: null,
          error: "503",
          checked_at: "2026-11-24T08:00:00.000Z",
          duration_ms: 30,
        },
        // Written by a newer version of the site: shown as broken, never as working.
        {
          offer_id: offers["unknown"]!,
          url: "https://north.example/gamma",
          outcome: "some-new-outcome",
          status_code: null,
          final_url: null,
          error: "?",
          checked_at: "2026-11-24T08:00:00.000Z",
          duration_ms: 30,
        },
      ])
      .execute();
  });
  afterAll(async () => {
    await test?.drop();
  });

  it("lists broken links first, then the ones not checked, then working ones, by product name; each link once", async () => {
    const { rows, matched } = await all();
    expect(rows.map((row) => `${row.state} ${row.productName} ${row.link}${row.merchantName ? ` ${row.merchantName}` : ""}`)).toEqual([
      "broken Alpha offer North Shop",
      "broken beta affiliate",
      "broken beta website",
      "broken Gamma offer North Shop",
      "broken zeta website",
      "unchecked 100% cedar_cube affiliate",
      "unchecked Edited affiliate",
      "unchecked Gamma affiliate",
      "unchecked Inside affiliate",
      "ok Alpha affiliate",
      "ok zeta affiliate",
    ]);
    expect(matched).toBe(11);
    expect(await countLinkStates(test.db)).toEqual({ broken: 5, unchecked: 4, ok: 2 });
  });

  it("gives each row its check: trimmed addresses match, an edited link keeps its old check as history, an unknown outcome reads as broken", async () => {
    const { rows } = await all();
    const row = (name: string, link: string) => rows.find((each) => each.productName === name && each.link === link)!;
    expect(row("zeta", "affiliate")).toMatchObject({
      url: "https://z.example/a",
      result: { outcome: "ok", statusCode: 200 },
      previous: null,
    });
    expect(row("Edited", "affiliate")).toMatchObject({
      state: "unchecked",
      result: null,
      previous: { url: "https://e.example/old", statusCode: 404, checkedAt: "2026-11-24T08:00:00.000Z" },
    });
    // The site refused to fetch an internal address: not checked, never broken.
    expect(row("Inside", "affiliate")).toMatchObject({ state: "unchecked", result: { outcome: "internal-address" } });
    expect(rows.find((each) => each.offerId === offers["unknown"])).toMatchObject({
      state: "broken",
      result: { outcome: "unexpected-response" },
    });
    expect(rows.find((each) => each.offerId === offers["other"])).toMatchObject({
      productId: ids["Alpha"],
      merchantName: "North Shop",
      result: { outcome: "server-error", statusCode: 503, durationMs: 30 },
    });
  });

  it("filters by state and by a product name, an address or a shop, ignoring case; % and _ are plain characters", async () => {
    const names = async (options: Parameters<typeof all>[0]) => (await all(options)).rows.map((row) => `${row.productName} ${row.link}`);
    expect(await names({ show: "ok" })).toEqual(["Alpha affiliate", "zeta affiliate"]);
    expect(await names({ search: "BETA" })).toEqual(["beta affiliate", "beta website"]);
    expect(await names({ search: "z.example/w" })).toEqual(["zeta website"]);
    expect(await names({ search: "north shop", show: "broken" })).toEqual(["Alpha offer", "Gamma offer"]);
    expect(await names({ search: "100%" })).toEqual(["100% cedar_cube affiliate"]);
    expect(await names({ search: "r_c" })).toEqual(["100% cedar_cube affiliate"]);
    expect(await names({ search: "a%b" })).toEqual([]);
    expect(await names({ show: "ok", search: "beta" })).toEqual([]);
  });

  it("pages: the first rows, and how many match in all", async () => {
    const { rows, matched } = await all({ limit: 3 });
    expect(rows).toHaveLength(3);
    expect(matched).toBe(11);
    expect(await all({ search: "nothing like this" })).toEqual({ rows: [], matched: 0 });
  });

  it("pages on: every row once, in the report's order, across pages of 3", async () => {
    const key = (row: { productId: number; link: string; offerId?: number }) => `${row.productId} ${row.link} ${row.offerId ?? ""}`;
    const whole = (await all()).rows.map(key);
    const paged = [];
    for (let offset = 0; offset < 11; offset += 3) {
      const page = await all({ limit: 3, offset });
      expect(page.matched).toBe(11);
      paged.push(...page.rows.map(key));
    }
    expect(paged).toEqual(whole);
    expect(await all({ limit: 3, offset: 12 })).toEqual({ rows: [], matched: 0 });
  });
});
