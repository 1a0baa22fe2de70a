import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { placementAndDeviceRows } from "../revenue/earnings.server";
import { ClickRecorder } from "./click-recorder.server";
import { createOutboundRedirects, type OutboundRedirects } from "./outbound-redirect.server";

const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1";
const TABLET = "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

describe.each(testDialects)("clicks and views by placement and device on %s", (dialect) => {
  let test: TestDatabase;
  let recorder: ClickRecorder;
  let outbound: OutboundRedirects;
  let server: http.Server;
  let origin: string;
  const clock = Date.parse("2026-11-20T12:00:00Z");

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await test.db
      .insertInto("products")
      .values(
        ["alpha", "beta", "gamma"].map((slug) => ({
          slug,
          name: `${slug} sauna`,
          brand: "B",
          website: null,
          affiliate_link: `https://shop.example/${slug}?ref=us`,
        })),
      )
      .execute();
    recorder = new ClickRecorder(test.db, { flushEveryMs: 60_000, now: () => clock });
    outbound = createOutboundRedirects({ db: test.db, recorder, now: () => clock });
    server = http.createServer((req, res) => {
      void outbound.serve(req, res).then((answered) => {
        if (!answered) res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await recorder?.close();
    await test?.drop();
  });

  const go = async (path: string, userAgent: string) => {
    const response = await fetch(origin + path, { redirect: "manual", headers: { "user-agent": userAgent } });
    expect(response.status, path).toBe(302);
  };

  it("keeps each click's placement from its link and device class from its User-Agent, never the raw from", async () => {
    await go("/go/alpha?from=product:alpha:box", DESKTOP);
    await go("/go/alpha?from=product:alpha:sticky-bar", PHONE);
    await go("/go/alpha?from=product:alpha:where-to-buy", TABLET);
    await go("/go/beta?from=collection:barrel-saunas:row", PHONE);
    await go("/go/beta?from=compare:table", DESKTOP);
    // Made up, or from before placements: "other", and nothing of what was written.
    await go("/go/gamma?from=product:gamma:%3Cscript%3E", PHONE);
    await go("/go/gamma?from=product:gamma", DESKTOP);
    await recorder.flush();
    const rows = await test.db.selectFrom("clicks").select(["source", "placement", "device"]).orderBy("id").execute();
    expect(rows).toEqual([
      { source: "product:alpha", placement: "product:box", device: "desktop" },
      { source: "product:alpha", placement: "product:sticky-bar", device: "phone" },
      { source: "product:alpha", placement: "product:where-to-buy", device: "tablet" },
      { source: "collection:barrel-saunas", placement: "collection:row", device: "phone" },
      { source: "compare", placement: "compare:table", device: "desktop" },
      { source: "product:gamma", placement: "other", device: "phone" },
      { source: "product:gamma", placement: "other", device: "desktop" },
    ]);
  });

  it("reports clicks, views, CTR and EPC per placement and per device class", async () => {
    for (let index = 0; index < 10; index++) recorder.recordView(`/reviews/product/p${index}`, "phone", clock);
    for (let index = 0; index < 6; index++) recorder.recordView("/reviews/product/alpha", "tablet", clock);
    for (let index = 0; index < 4; index++) recorder.recordView("/reviews/product/alpha", "desktop", clock);
    for (let index = 0; index < 5; index++) recorder.recordView("/reviews/barrel-saunas", "phone", clock);
    recorder.recordView("/compare", "desktop", clock);
    await recorder.flush();
    // An order naming the sticky bar's click: EUR 30.00 of commission.
    const sticky = await test.db
      .selectFrom("click_sub_ids")
      .select("sub_id")
      .where("placement", "=", "product:sticky-bar")
      .executeTakeFirstOrThrow();
    const network = await test.db
      .insertInto("commission_networks")
      .values({ name: "Test network", column_map: "{}", report_url: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await test.db
      .insertInto("commissions")
      .values({
        network_id: network.id,
        order_id: "A-1",
        sub_id: sticky.sub_id,
        ordered_at: clock,
        sale_hundredths: 100_000,
        commission_hundredths: 3_000,
        currency: "EUR",
        status: "pending",
        updated_at: clock,
      })
      .execute();

    const { placements, devices } = await placementAndDeviceRows(test.db, 7, clock);
    const placement = (key: string) => placements.find((row) => row.key === key);
    // 20 product page views in all: each product placement is divided by all of them.
    expect(placement("product:sticky-bar")).toMatchObject({ clicks: 1, views: 20, ctr: 0.05, epc: { EUR: 3_000 } });
    expect(placement("product:box")).toMatchObject({ clicks: 1, views: 20, ctr: 0.05, epc: {} });
    expect(placement("product:where-to-buy")).toMatchObject({ clicks: 1, views: 20, ctr: 0.05 });
    expect(placement("collection:row")).toMatchObject({ clicks: 1, views: 5, ctr: 0.2 });
    expect(placement("compare:table")).toMatchObject({ clicks: 1, views: 1, ctr: 1 });
    expect(placement("other")).toMatchObject({ clicks: 2, views: null, ctr: null });
    expect(placements[0]!.key).toBe("other");

    expect(devices.map((row) => [row.key, row.clicks, row.views, row.ctr])).toEqual([
      ["phone", 3, 15, 0.2],
      ["desktop", 3, 5, 0.6],
      ["tablet", 1, 6, 1 / 6],
    ]);
    expect(devices.find((row) => row.key === "phone")!.epc).toEqual({ EUR: 1_000 });
  });
});
