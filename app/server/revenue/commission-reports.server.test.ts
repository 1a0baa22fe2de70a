import { beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "../../../tests/support/test-databases";
import { testDatabaseForBlock } from "../../../tests/support/block-databases";
import { guessColumnMap, readCommissionReport } from "~/lib/revenue/commission-report";
import { planReport, ReportChanged, saveReport } from "./commission-reports.server";
import { earningsReport, recentEarnings } from "./earnings.server";

const NOW = Date.parse("2026-11-26T12:00:00Z");
const HEADER = "Transaction ID,Transaction Date,Click Ref,Sale Amount,Commission Amount,Currency,Commission Status";

function awin(lines: string[]) {
  const text = [HEADER, ...lines].join("\n");
  const map = guessColumnMap(HEADER.split(","));
  const reading = readCommissionReport(text, map);
  if (!reading.ok || reading.errors.length > 0) throw new Error(`bad fixture: ${JSON.stringify(reading)}`);
  return { map, rows: reading.rows };
}

describe.each(testDialects)("commission reports on %s", (dialect) => {
  const test = testDatabaseForBlock(dialect);
  let productId = 0;
  let merchantId = 0;

  beforeEach(async () => {
    await test.db.deleteFrom("commissions").execute();
    await test.db.deleteFrom("commission_networks").execute();
    await test.db.deleteFrom("click_sub_ids").execute();
    await test.db.deleteFrom("page_view_days").execute();
    await test.db.deleteFrom("clicks").execute();
    if (productId === 0) {
      const product = await test.db
        .insertInto("products")
        .values({ slug: "tyyni-4", name: "Tyyni 4", brand: "Birchline" })
        .returning("id")
        .executeTakeFirstOrThrow();
      productId = Number(product.id);
      const merchant = await test.db
        .insertInto("merchants")
        .values({ slug: "saunahaus", name: "Saunahaus", countries: "[]", sub_id_template: "clickref={id}" })
        .returning("id")
        .executeTakeFirstOrThrow();
      merchantId = Number(merchant.id);
    }
    const at = NOW - 86_400_000;
    await test.db
      .insertInto("clicks")
      .values({ clicked_at: at, product_id: productId, source: "product:tyyni-4", country: "DE", merchant_id: merchantId })
      .execute();
    await test.db
      .insertInto("click_sub_ids")
      .values({
        sub_id: "k3j9x2m7qp",
        clicked_at: at,
        product_id: productId,
        merchant_id: merchantId,
        source: "product:tyyni-4",
        country: "DE",
      })
      .execute();
    await test.db.insertInto("page_view_days").values({ day: "2026-11-25", path: "/reviews/product/tyyni-4", views: 200 }).execute();
  });

  const network = (map: ReturnType<typeof awin>["map"]) => ({ name: "Awin", map, reportUrl: null });

  it("saves a report once per order, a duplicate row being one order, and ties it to the click's product, page and country", async () => {
    const { map, rows } = awin([
      'AW-1,25/11/2026 14:05,k3j9x2m7qp,"1,299.00",64.95,EUR,pending',
      'AW-1,25/11/2026 14:05,k3j9x2m7qp,"1,299.00",64.95,EUR,pending',
      "AW-2,25/11/2026,,100.00,3.60,USD,approved",
    ]);
    const plan = await planReport(test.db, null, rows);
    expect(plan).toMatchObject({ added: 2, updated: 0, unchanged: 0, matched: 1 });
    await saveReport(test.db, network(map), rows, plan.fingerprint, NOW);
    const stored = await test.db.selectFrom("commissions").select(["order_id", "status", "currency"]).orderBy("order_id").execute();
    expect(stored).toEqual([
      { order_id: "AW-1", status: "pending", currency: "EUR" },
      { order_id: "AW-2", status: "approved", currency: "USD" },
    ]);

    const pages = await earningsReport(test.db, 7, NOW, "page");
    expect(pages.rows.find((row) => row.key === "/reviews/product/tyyni-4")).toMatchObject({
      views: 200,
      clicks: 1,
      ctr: 0.005,
      orders: 1,
      pending: { EUR: 6_495 },
      epc: { EUR: 6_495 },
    });
    expect((await earningsReport(test.db, 7, NOW, "country")).rows).toMatchObject([{ key: "DE", orders: 1, pending: { EUR: 6_495 } }]);
    expect(pages.notTied.orders).toBe(1);
    // One rule: the dashboard's card shows the revenue page's total, the untied order in it.
    const card = await recentEarnings(test.db, 7, NOW);
    expect(card.orders).toBe(pages.total.orders);
    expect(card.orders).toBe(2);
    expect(card.notTied).toEqual(pages.notTied);
  });

  it("a later report moves an order's status instead of adding one; currencies stay apart", async () => {
    const first = awin(["AW-1,25/11/2026 14:05,k3j9x2m7qp,1299.00,64.95,EUR,pending", "AW-3,25/11/2026,k3j9x2m7qp,80.00,4.00,USD,pending"]);
    await saveReport(test.db, network(first.map), first.rows, (await planReport(test.db, null, first.rows)).fingerprint, NOW);
    const networkId = Number((await test.db.selectFrom("commission_networks").select("id").executeTakeFirstOrThrow()).id);

    const second = awin([
      "AW-1,25/11/2026 14:05,k3j9x2m7qp,1299.00,64.95,EUR,declined",
      "AW-3,25/11/2026,k3j9x2m7qp,80.00,4.00,USD,pending",
    ]);
    const plan = await planReport(test.db, networkId, second.rows);
    expect(plan).toMatchObject({ added: 0, updated: 1, unchanged: 1, changes: ["AW-1: pending → reversed"] });
    await saveReport(test.db, network(second.map), second.rows, plan.fingerprint, NOW);
    const stored = await test.db.selectFrom("commissions").select(["order_id", "status"]).orderBy("order_id").execute();
    expect(stored).toEqual([
      { order_id: "AW-1", status: "reversed" },
      { order_id: "AW-3", status: "pending" },
    ]);
    const report = await earningsReport(test.db, 7, NOW, "product");
    expect(report.rows).toMatchObject([{ label: "Tyyni 4", orders: 1, pending: { USD: 400 }, approved: {} }]);
    expect(report.reversed).toBe(1);
  });

  it("saves nothing when the stored orders changed since the preview", async () => {
    const { map, rows } = awin(["AW-9,25/11/2026,,10.00,1.00,EUR,pending"]);
    const plan = await planReport(test.db, null, rows);
    const other = awin(["AW-9,25/11/2026,,10.00,1.00,EUR,approved"]);
    await saveReport(test.db, network(map), other.rows, (await planReport(test.db, null, other.rows)).fingerprint, NOW);
    await expect(saveReport(test.db, network(map), rows, plan.fingerprint, NOW)).rejects.toBeInstanceOf(ReportChanged);
    expect(await test.db.selectFrom("commissions").select(["status"]).execute()).toEqual([{ status: "approved" }]);
  });

  it("sums mixed currencies apart over the period", async () => {
    const { map, rows } = awin([
      "AW-1,25/11/2026,k3j9x2m7qp,100.00,5.00,EUR,approved",
      "AW-4,25/11/2026,k3j9x2m7qp,100.00,7.00,USD,approved",
      "AW-5,25/11/2026,k3j9x2m7qp,100.00,2.50,EUR,approved",
    ]);
    await saveReport(test.db, network(map), rows, (await planReport(test.db, null, rows)).fingerprint, NOW);
    const report = await earningsReport(test.db, 30, NOW, "merchant");
    expect(report.total.approved).toEqual({ EUR: 750, USD: 700 });
    expect(report.daily.find((day) => day.day === "2026-11-25")).toEqual({
      day: "2026-11-25",
      views: 200,
      clicks: 0,
      earned: { EUR: 750, USD: 700 },
    });
  });
});
