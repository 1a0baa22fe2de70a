import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { createReaderCountry, type ReaderCountryOptions } from "../geo/reader-country.server";
import { ClickRecorder } from "./click-recorder.server";
import { createOutboundRedirects } from "./outbound-redirect.server";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

/**
 * /go for readers of different countries: the German reader is sent to the German shop, a reader
 * whose country is unknown (or has no offer) to the site's country's best offer, and a country
 * header is believed only behind a proxy (TRUST_PROXY), since anyone can send one.
 */
describe.each(testDialects)("country-aware /go on %s", (dialect) => {
  let test: TestDatabase;
  let recorder: ClickRecorder;
  const servers: http.Server[] = [];
  let clock = Date.now();
  const merchantIds: Record<string, number> = {};
  let productId = 0;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    const [product] = await test.db
      .insertInto("products")
      .values({ slug: "panorama-4", name: "Panorama 4", brand: "Birchline", website: "https://birchline.example/panorama" })
      .returning("id")
      .execute();
    productId = Number(product!.id);
    const merchants = await test.db
      .insertInto("merchants")
      .values([
        { slug: "birchline", name: "Birchline", domain: "birchline.example", countries: JSON.stringify(["US"]) },
        {
          slug: "nordic-retail",
          name: "Nordic Retail",
          domain: "nordic.example",
          countries: JSON.stringify(["US", "CA"]),
          affiliate_params: "tag=site-20",
        },
        { slug: "saunahaus-de", name: "Saunahaus", domain: "saunahaus.example", countries: JSON.stringify([]) },
      ])
      .returning(["id", "slug"])
      .execute();
    for (const merchant of merchants) merchantIds[merchant.slug] = Number(merchant.id);
    const defaults = { is_primary: false, currency: "USD", countries: "[]", availability: "InStock", source: "form" };
    await test.db
      .insertInto("offers")
      .values([
        {
          ...defaults,
          product_id: productId,
          merchant_id: merchantIds.birchline!,
          is_primary: true,
          link: "https://birchline.example/panorama?ref=site",
          price_minor: 840_000,
          currency: "USD",
          countries: "[]",
          availability: "InStock",
        },
        {
          ...defaults,
          product_id: productId,
          merchant_id: merchantIds["nordic-retail"]!,
          link: "https://nordic.example/p/panorama-4",
          price_minor: 799_900,
          currency: "USD",
          countries: "[]",
          availability: "InStock",
        },
        {
          ...defaults,
          product_id: productId,
          merchant_id: merchantIds["saunahaus-de"]!,
          link: "https://saunahaus.example/panorama-4",
          price_minor: 790_000,
          currency: "EUR",
          countries: JSON.stringify(["DE"]),
          availability: "InStock",
        },
      ])
      .execute();
    recorder = new ClickRecorder(test.db, { flushEveryMs: 60_000, now: () => clock });
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await recorder?.close();
    await test?.drop();
  });
  beforeEach(async () => {
    // A day apart: each test's clicks count, whatever the last test's readers and address did.
    clock += 86_400_000;
    await recorder.flush();
    await test.db.deleteFrom("clicks").execute();
  });

  /** A site wired like site.server.ts, with these proxy and geo settings. */
  async function site(geo: Omit<ReaderCountryOptions, "trustProxyHops">, trustProxyHops: number): Promise<string> {
    const outbound = createOutboundRedirects({
      db: test.db,
      recorder,
      trustProxyHops,
      readerCountry: createReaderCountry({ ...geo, trustProxyHops }),
      siteCountry: "US",
      now: () => clock,
    });
    const server = http.createServer((req, res) => {
      void outbound.serve(req, res).then((answered) => {
        if (!answered) res.writeHead(404).end();
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const go = async (origin: string, path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(origin + path, { redirect: "manual", headers: { "user-agent": BROWSER, ...headers } });
    expect(response.status).toBe(302);
    return response.headers.get("location");
  };
  const recorded = async () => {
    await recorder.flush();
    const rows = await test.db.selectFrom("clicks").select(["product_id", "country", "merchant_id"]).orderBy("id").execute();
    return rows.map((row) => [Number(row.product_id), row.country, row.merchant_id === null ? null : Number(row.merchant_id)]);
  };

  it("sends a reader with CF-IPCountry: DE behind a trusted proxy to the German offer, and records DE and the shop", async () => {
    const origin = await site({ header: "CF-IPCountry" }, 1);
    expect(await go(origin, "/go/panorama-4?from=home", { "cf-ipcountry": "DE" })).toBe("https://saunahaus.example/panorama-4");
    expect(await recorded()).toEqual([[productId, "DE", merchantIds["saunahaus-de"]]]);
  });

  it("sends a reader with no header, an unknown country or a country without offers to the site's country's best offer", async () => {
    const origin = await site({ header: "CF-IPCountry" }, 1);
    // The cheapest US offer with a link, with the shop's affiliate parameters added.
    const us = "https://nordic.example/p/panorama-4?tag=site-20";
    // Four readers at four addresses: one address counts at most 3 clicks of a product a day.
    const reader = (n: number) => ({ "user-agent": `${BROWSER} reader/${n}`, "x-forwarded-for": `203.0.113.${n}` });
    expect(await go(origin, "/go/panorama-4?from=home", reader(1))).toBe(us);
    expect(await go(origin, "/go/panorama-4?from=home", { ...reader(2), "cf-ipcountry": "XX" })).toBe(us);
    expect(await go(origin, "/go/panorama-4?from=home", { ...reader(3), "cf-ipcountry": "JP" })).toBe(us);
    expect(await go(origin, "/go/panorama-4?from=home", { ...reader(4), "cf-ipcountry": "<script>" })).toBe(us);
    expect(await recorded()).toEqual([
      [productId, null, merchantIds["nordic-retail"]],
      [productId, null, merchantIds["nordic-retail"]],
      [productId, "JP", merchantIds["nordic-retail"]],
      [productId, null, merchantIds["nordic-retail"]],
    ]);
  });

  it("ignores the country header without TRUST_PROXY: any client could send it", async () => {
    const origin = await site({ header: "CF-IPCountry" }, 0);
    expect(await go(origin, "/go/panorama-4?from=home", { "cf-ipcountry": "DE" })).toBe("https://nordic.example/p/panorama-4?tag=site-20");
    expect(await recorded()).toEqual([[productId, null, merchantIds["nordic-retail"]]]);
  });

  it("reads the country from the GeoIP database by the client's address when no trusted header says it", async () => {
    const lookups: string[] = [];
    const lookup = (address: string) => {
      lookups.push(address);
      return address === "203.0.113.7" ? "DE" : null;
    };
    const origin = await site({ header: "CF-IPCountry", lookup }, 1);
    const via = (address: string, n: number) => ({ "x-forwarded-for": address, "user-agent": `${BROWSER} geo/${n}` });
    expect(await go(origin, "/go/panorama-4", via("203.0.113.7", 1))).toBe("https://saunahaus.example/panorama-4");
    expect(await go(origin, "/go/panorama-4", via("198.51.100.9", 2))).toBe("https://nordic.example/p/panorama-4?tag=site-20");
    // A trusted header wins over the database.
    expect(await go(origin, "/go/panorama-4", { ...via("203.0.113.7", 3), "cf-ipcountry": "US" })).toBe(
      "https://nordic.example/p/panorama-4?tag=site-20",
    );
    expect(lookups).toEqual(["203.0.113.7", "198.51.100.9"]);
  });

  it("sends a shop's own link from the where-to-buy table to that shop, whatever the country", async () => {
    const origin = await site({ header: "CF-IPCountry" }, 1);
    expect(await go(origin, "/go/panorama-4/birchline?from=product:panorama-4")).toBe("https://birchline.example/panorama?ref=site");
    expect(await go(origin, "/go/panorama-4/BIRCHLINE?from=product:panorama-4", { "user-agent": `${BROWSER} other` })).toBe(
      "https://birchline.example/panorama?ref=site",
    );
    // A shop the product no longer has (a cached page can still name it): the product's best offer.
    expect(await go(origin, "/go/panorama-4/gone-shop?from=product:panorama-4", { "user-agent": `${BROWSER} third` })).toBe(
      "https://nordic.example/p/panorama-4?tag=site-20",
    );
    expect((await recorded()).map((row) => row[2])).toEqual([merchantIds.birchline, merchantIds.birchline, merchantIds["nordic-retail"]]);
  });

  it("adds a counted click's sub-ID in the merchant's format, kept with the click; a bot or a merchant without a template gets none", async () => {
    await test.db
      .updateTable("merchants")
      .set({ sub_id_template: "clickref={id}" })
      .where("id", "=", merchantIds["saunahaus-de"]!)
      .execute();
    try {
      const origin = await site({ header: "CF-IPCountry" }, 1);
      const location = await go(origin, "/go/panorama-4?from=product:panorama-4", {
        "cf-ipcountry": "DE",
        "user-agent": `${BROWSER} sub/1`,
      });
      const match = /^https:\/\/saunahaus\.example\/panorama-4\?clickref=([a-z2-9]{10})$/.exec(location ?? "");
      expect(match, location ?? "").not.toBeNull();
      const bot = await go(origin, "/go/panorama-4", {
        "cf-ipcountry": "DE",
        "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)",
      });
      expect(bot).toBe("https://saunahaus.example/panorama-4");
      // Nordic Retail has no template: its link goes out as it was.
      expect(await go(origin, "/go/panorama-4", { "user-agent": `${BROWSER} sub/2` })).toBe(
        "https://nordic.example/p/panorama-4?tag=site-20",
      );
      await recorder.flush();
      const kept = await test.db.selectFrom("click_sub_ids").selectAll().where("sub_id", "=", match![1]!).executeTakeFirst();
      expect(kept).toMatchObject({
        product_id: productId,
        merchant_id: merchantIds["saunahaus-de"],
        source: "product:panorama-4",
        country: "DE",
      });
    } finally {
      await test.db.updateTable("merchants").set({ sub_id_template: null }).where("id", "=", merchantIds["saunahaus-de"]!).execute();
    }
  });

  it("sends a link out with the tracking ID of the kind of page it comes from, replacing the shop's own tag", async () => {
    await test.db
      .updateTable("merchants")
      .set({ tracking_ids: JSON.stringify({ product: "site-prod-20", learn: "site-guides-20" }) })
      .where("id", "=", merchantIds["nordic-retail"]!)
      .execute();
    try {
      // A new site: its map of links is read after the change.
      const origin = await site({ header: "CF-IPCountry" }, 1);
      const reader = (n: number) => ({ "user-agent": `${BROWSER} tracking/${n}` });
      expect(await go(origin, "/go/panorama-4?from=product:panorama-4:where-to-buy", reader(1))).toBe(
        "https://nordic.example/p/panorama-4?tag=site-prod-20",
      );
      expect(await go(origin, "/go/panorama-4?from=article:infrared-vs-traditional:box", reader(2))).toBe(
        "https://nordic.example/p/panorama-4?tag=site-guides-20",
      );
      // A bot's visit is not counted, but the link is the page's all the same.
      expect(await go(origin, "/go/panorama-4?from=product:panorama-4", { "user-agent": "Googlebot/2.1" })).toBe(
        "https://nordic.example/p/panorama-4?tag=site-prod-20",
      );
      // No ID for collections: the shop's own tag stays.
      expect(await go(origin, "/go/panorama-4?from=collection:barrel-saunas", reader(3))).toBe(
        "https://nordic.example/p/panorama-4?tag=site-20",
      );
    } finally {
      await test.db.updateTable("merchants").set({ tracking_ids: null }).where("id", "=", merchantIds["nordic-retail"]!).execute();
    }
  });

  it("falls back to the maker's website when no offer has a link", async () => {
    await test.db.updateTable("offers").set({ link: null }).where("product_id", "=", productId).execute();
    try {
      const origin = await site({ header: "CF-IPCountry" }, 1);
      expect(await go(origin, "/go/panorama-4", { "cf-ipcountry": "DE" })).toBe("https://birchline.example/panorama");
      expect(await recorded()).toEqual([[productId, "DE", null]]);
    } finally {
      await test.db
        .updateTable("offers")
        .set({ link: "https://birchline.example/panorama?ref=site" })
        .where("merchant_id", "=", merchantIds.birchline!)
        .execute();
      await test.db
        .updateTable("offers")
        .set({ link: "https://nordic.example/p/panorama-4" })
        .where("merchant_id", "=", merchantIds["nordic-retail"]!)
        .execute();
      await test.db
        .updateTable("offers")
        .set({ link: "https://saunahaus.example/panorama-4" })
        .where("merchant_id", "=", merchantIds["saunahaus-de"]!)
        .execute();
    }
  });
});
