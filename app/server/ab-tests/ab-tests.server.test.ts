import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import { ClickRecorder } from "../clicks/click-recorder.server";
import { createOutboundRedirects } from "../clicks/outbound-redirect.server";
import { buyButtonState, endTest, findTest, readAppliedSettings, startTest, TestAlreadyRunning, testFigures } from "./ab-tests.server";
import { createTestViews } from "./test-views.server";

const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe.each(testDialects)("A/B tests of the buy button on %s", (dialect) => {
  let test: TestDatabase;
  let recorder: ClickRecorder;
  let server: http.Server;
  let origin: string;
  const clock = Date.parse("2026-11-20T12:00:00Z");

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await test.db
      .insertInto("products")
      .values({ slug: "alpha", name: "Alpha sauna", brand: "B", website: null, affiliate_link: "https://shop.example/alpha" })
      .execute();
    recorder = new ClickRecorder(test.db, { flushEveryMs: 60_000, now: () => clock });
    const outbound = createOutboundRedirects({ db: test.db, recorder, now: () => clock, trustProxyHops: 1 });
    const views = createTestViews({ db: test.db, recorder });
    server = http.createServer((req, res) => {
      if (views.serve(req, res)) return;
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

  const view = (testId: number, variant: number, userAgent = BROWSER) =>
    fetch(`${origin}/ab/view`, {
      method: "POST",
      headers: { "user-agent": userAgent, "content-type": "application/x-www-form-urlencoded" },
      body: `test=${testId}&variant=${variant}`,
    });
  const click = (tag: string, reader: number) =>
    fetch(`${origin}/go/alpha?from=product:alpha:box&ab=${tag}`, {
      redirect: "manual",
      // One reader each (address and User-Agent): a reader's repeat clicks of a product count once.
      headers: { "user-agent": BROWSER, "x-forwarded-for": `203.0.113.${reader}` },
    });

  it("starts a test with today's option as the control, one running test per kind of page", async () => {
    const id = await startTest(test.db, { pageKind: "product", element: "label", challengers: ["todays-price", "buy-now"] }, clock);
    const started = await findTest(test.db, id);
    // The applied option is the control, and is not tried against itself.
    expect(started).toMatchObject({ status: "running", element: "label", variants: ["buy-now", "todays-price"], version: 1 });
    await expect(startTest(test.db, { pageKind: "product", element: "style", challengers: ["outline"] })).rejects.toBeInstanceOf(
      TestAlreadyRunning,
    );
    invalidateCatalog(test.db);
    const state = await buyButtonState(test.db);
    expect(state.running.product).toEqual({ id, element: "label", variants: ["buy-now", "todays-price"] });
  });

  it("counts browsers' views of a running test's variants, clicks tagged with the variant, and their commission", async () => {
    const { id } = (await buyButtonState(test.db)).running.product!;
    for (let index = 0; index < 5; index++) expect((await view(id, 0)).status).toBe(204);
    for (let index = 0; index < 4; index++) await view(id, 1);
    // Not counted, and answered the same: a crawler, a variant the test lacks, a test that is not running.
    for (const refused of [view(id, 1, CRAWLER), view(id, 2), view(id + 50, 0)]) expect((await refused).status).toBe(204);
    // A body no beacon sends is cut short.
    const large = await fetch(`${origin}/ab/view`, { method: "POST", headers: { "user-agent": BROWSER }, body: "x".repeat(100_000) }).catch(
      (error: Error) => error,
    );
    expect(large instanceof Error ? "closed" : String(large.status)).toMatch(/^(413|closed)$/);
    expect((await click(`${id}.0`, 1)).status).toBe(302);
    await click(`${id}.1`, 2);
    await click(`${id}.1`, 3);
    // A click outside any test.
    await click("junk", 4);
    // The views are counted after the test's state is read: give the promise a turn.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await recorder.flush();

    const subIds = await test.db.selectFrom("click_sub_ids").select(["sub_id", "ab_variant"]).where("ab_test_id", "=", id).execute();
    expect(subIds).toHaveLength(3);
    const network = await test.db
      .insertInto("commission_networks")
      .values({ name: "Test network", column_map: "{}", report_url: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await test.db
      .insertInto("commissions")
      .values(
        subIds
          .filter((row) => row.ab_variant === 1)
          .map((row, index) => ({
            network_id: network.id,
            order_id: `A-${index}`,
            sub_id: row.sub_id,
            ordered_at: clock,
            sale_hundredths: 500_000,
            commission_hundredths: 20_000,
            currency: "USD",
            status: index === 0 ? "approved" : "reversed",
            updated_at: clock,
          })),
      )
      .execute();

    const figures = await testFigures(test.db, (await findTest(test.db, id))!);
    expect(figures).toEqual([
      { views: 5, clicks: 1, commission: {} },
      // The reversed order earns nothing.
      { views: 4, clicks: 2, commission: { USD: 20_000 } },
    ]);
    const untagged = await test.db.selectFrom("clicks").select("ab_test_id").where("ab_test_id", "is", null).execute();
    expect(untagged).toHaveLength(1);
  });

  it("ends at the version the owner saw, applies the winner to every product page, and refuses a second end", async () => {
    const { id } = (await buyButtonState(test.db)).running.product!;
    expect(await endTest(test.db, id, 0, 1, clock + 1)).toBe(false);
    expect(await endTest(test.db, id, 1, 1, clock + 1)).toBe(true);
    expect(await endTest(test.db, id, 1, 0, clock + 2)).toBe(false);
    expect(await findTest(test.db, id)).toMatchObject({ status: "ended", appliedVariant: 1, version: 2 });
    expect((await readAppliedSettings(test.db)).product).toEqual({ label: "todays-price", style: "filled", order: "cheapest" });
    invalidateCatalog(test.db);
    expect((await buyButtonState(test.db)).running.product).toBeUndefined();
    // The next test's control is the applied winner.
    const next = await startTest(test.db, { pageKind: "product", element: "label", challengers: ["buy-now"] });
    expect((await findTest(test.db, next))!.variants).toEqual(["todays-price", "buy-now"]);
    expect(await endTest(test.db, next, 1, null)).toBe(true);
    expect((await readAppliedSettings(test.db)).product.label).toBe("todays-price");
  });
});
