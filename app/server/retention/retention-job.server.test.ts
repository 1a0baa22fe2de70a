import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { periodDays } from "~/lib/clicks/click-period";
import { parseProductCsv } from "~/lib/csv/product-csv";
import { priceHistoryView } from "~/lib/offers/price-history-view";
import { dailyLowestPrices } from "~/lib/offers/price-series";
import { DEFAULT_SITE_PRICES, priceSettingsAt } from "~/lib/offers/price-view";
import { monthsBefore } from "~/lib/retention/retention-cut-offs";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { saveOneProduct } from "../admin/product-save.server";
import { recordAudit } from "../audit/audit-log.server";
import { clickReport, clicksPerDay, recentClickTotal, topClickedProducts, topClickSources } from "../clicks/click-analytics.server";
import { insertClickSubIds, insertPageViews, writeClicks, type RecordedClick } from "../clicks/click-store.server";
import type { DB } from "../db/connection.server";
import { loadFeedRun } from "../feeds/feeds-admin.server";
import { startJobs, type JobRunner } from "../jobs/job-runner.server";
import { withOffers } from "../offers/offer-reads.server";
import { withPriceHistory } from "../offers/price-history.server";
import { findProductByIdOrSlug } from "../products/products.server";
import { earningsReport } from "../revenue/earnings.server";
import { applyRetention, retentionJob, type RetentionOptions } from "./retention-job.server";
import { retentionRules, type RetentionSettings } from "./retention-rules.server";

const DAY = 86_400_000;
/** The injected clock: every rule cuts relative to it. */
const NOW = Date.parse("2027-06-15T12:00:00Z");
const SETTINGS: RetentionSettings = {
  clicksRawMonths: 13,
  pageViewsMonths: 13,
  priceHistoryDetailDays: 90,
  feedRunDetailsDays: 90,
  auditDays: 365,
  runsDays: 90,
};
const iso = (ms: number) => new Date(ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Applies the named rules only, as of NOW, without pauses. */
function apply(db: DB, names: string[], options: RetentionOptions = {}) {
  const rules = retentionRules(SETTINGS, NOW).filter((rule) => names.includes(rule.name));
  expect(rules.map((rule) => rule.name)).toEqual(names);
  return applyRetention(db, rules, { pauseMs: 0, ...options });
}

async function auditRows(db: DB, count: number, at: number) {
  for (let index = 0; index < count; index++)
    await recordAudit(db, { userId: null, email: "owner@example.com", action: "product-saved", detail: `${index}`, address: null, at });
}

describe.each(testDialects)("retention on %s", (dialect) => {
  let test: TestDatabase;
  const runners: JobRunner[] = [];
  beforeEach(async () => {
    test = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await test.drop();
  });

  it("deletes raw clicks and their sub-IDs from before the day 13 months back, and keeps the daily roll-ups", async () => {
    const cutOff = monthsBefore(NOW, 13);
    expect(iso(cutOff)).toBe("2026-05-15T00:00:00.000Z");
    const clicks: Array<RecordedClick & { subId: string }> = [
      { at: cutOff - 400 * DAY, productId: 1, source: "home", subId: "old" },
      { at: cutOff - 1, productId: 2, source: "home", subId: "last-gone" },
      { at: cutOff, productId: 3, source: "reviews", subId: "first-kept" },
      { at: NOW - DAY, productId: 4, source: "reviews", subId: "recent" },
    ];
    await writeClicks(test.db, clicks);
    await test.db.transaction().execute((trx) => insertClickSubIds(trx, clicks));

    const outcome = await apply(test.db, ["raw-clicks", "click-sub-ids"]);

    expect(outcome.rules).toEqual([
      { name: "raw-clicks", cleared: 2, batches: 1 },
      { name: "click-sub-ids", cleared: 2, batches: 1 },
    ]);
    const left = await test.db.selectFrom("clicks").select("product_id").orderBy("clicked_at").execute();
    expect(left.map((row) => row.product_id)).toEqual([3, 4]);
    const subIds = await test.db.selectFrom("click_sub_ids").select("sub_id").orderBy("clicked_at").execute();
    expect(subIds.map((row) => row.sub_id)).toEqual(["first-kept", "recent"]);
    const days = await test.db.selectFrom("click_days").select("day").orderBy("day").execute();
    expect(days.map((row) => row.day)).toEqual(["2025-04-10", "2026-05-14", "2026-05-15", "2027-06-14"]);
  });

  it("deletes per-page views of the days before the day 13 months back", async () => {
    await insertPageViews(test.db, [
      { day: "2026-05-14", path: "/", views: 10 },
      { day: "2026-05-14", path: "/reviews", views: 4 },
      { day: "2026-05-15", path: "/", views: 7 },
      { day: "2027-06-15", path: "/compare", views: 1 },
    ]);
    expect((await apply(test.db, ["page-views"])).cleared).toBe(2);
    const left = await test.db.selectFrom("page_view_days").select(["day", "path"]).orderBy("day").orderBy("path").execute();
    expect(left).toEqual([
      { day: "2026-05-15", path: "/" },
      { day: "2027-06-15", path: "/compare" },
    ]);
  });

  it("deletes audit entries older than AUDIT_RETENTION_DAYS, to the millisecond", async () => {
    await auditRows(test.db, 1, NOW - 365 * DAY - 1);
    await auditRows(test.db, 2, NOW - 365 * DAY);
    await auditRows(test.db, 1, NOW - DAY);
    expect((await apply(test.db, ["audit-log"])).cleared).toBe(1);
    const left = await test.db.selectFrom("audit_log").select("at").execute();
    expect(left.map((row) => Number(row.at)).sort()).toEqual([NOW - 365 * DAY, NOW - 365 * DAY, NOW - DAY]);
  });

  it("forgets finished runs after RUNS_RETENTION_DAYS, the schedule's runs that went well after a week, and never an unfinished one", async () => {
    const runs = [
      { label: "scheduled, done, 8 days", state: "done", started_by: "schedule", finished: 8 },
      { label: "scheduled, done, 6 days", state: "done", started_by: "schedule", finished: 6 },
      { label: "scheduled, failed, 8 days", state: "failed", started_by: "schedule", finished: 8 },
      { label: "owner, done, 89 days", state: "done", started_by: "owner@example.com", finished: 89 },
      { label: "owner, done, 91 days", state: "done", started_by: "owner@example.com", finished: 91 },
      { label: "scheduled, failed, 91 days", state: "failed", started_by: "schedule", finished: 91 },
      { label: "owner, cancelled, 91 days", state: "cancelled", started_by: "owner@example.com", finished: 91 },
      { label: "running since 200 days", state: "running", started_by: "schedule", finished: null },
      { label: "queued 200 days ago", state: "queued", started_by: "owner@example.com", finished: null },
    ] as const;
    for (const run of runs)
      await test.db
        .insertInto("jobs")
        .values({
          kind: "test",
          label: run.label,
          state: run.state,
          payload: "null",
          started_by: run.started_by,
          created_at: NOW - 200 * DAY,
          finished_at: run.finished === null ? null : NOW - run.finished * DAY,
        })
        .execute();

    const outcome = await apply(test.db, ["scheduled-runs", "finished-runs"]);

    expect(outcome.rules).toEqual([
      { name: "scheduled-runs", cleared: 1, batches: 1 },
      { name: "finished-runs", cleared: 3, batches: 1 },
    ]);
    const left = await test.db.selectFrom("jobs").select("label").orderBy("id").execute();
    expect(left.map((row) => row.label)).toEqual([
      "scheduled, done, 6 days",
      "scheduled, failed, 8 days",
      "owner, done, 89 days",
      "running since 200 days",
      "queued 200 days ago",
    ]);
  });

  it("empties the item lists of feed runs older than FEED_RUN_DETAILS_DAYS, keeps their counts, and the run's page says so", async () => {
    const merchant = await test.db
      .insertInto("merchants")
      .values({ slug: "nordic", name: "Nordic", countries: "[]" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const feed = await test.db
      .insertInto("feeds")
      .values({ name: "Nordic feed", merchant_id: merchant.id, source_kind: "upload", upload_name: "f.tsv", upload_original_name: "f.tsv" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const details = JSON.stringify({ rows: [], rejected: [{ line: 2, itemId: "x", reason: "no price" }], unmatched: [], gone: [] });
    const run = async (status: string, finishedDaysAgo: number | null, withDetails: boolean) => {
      const row = await test.db
        .insertInto("feed_runs")
        .values({
          feed_id: feed.id,
          status,
          trigger: "schedule",
          started_at: iso(NOW - 200 * DAY),
          finished_at: finishedDaysAgo === null ? null : iso(NOW - finishedDaysAgo * DAY),
          rejected_count: 1,
          details: withDetails ? details : null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return Number(row.id);
    };
    const old = await run("saved", 91, true);
    const oldPreview = await run("previewed", 120, true);
    const recent = await run("saved", 89, true);
    const discarded = await run("discarded", 150, false);

    expect((await apply(test.db, ["feed-run-details"])).cleared).toBe(2);

    const [oldRun, previewRun, recentRun, discardedRun] = await Promise.all(
      [old, oldPreview, recent, discarded].map((id) => loadFeedRun(test.db, Number(feed.id), id)),
    );
    expect(oldRun).toMatchObject({ detailsCleared: true, counts: { rejected: 1 }, details: { rejected: [] } });
    expect(previewRun).toMatchObject({ detailsCleared: true, counts: { rejected: 1 } });
    expect(recentRun).toMatchObject({ detailsCleared: false, details: { rejected: [{ line: 2, itemId: "x", reason: "no price" }] } });
    // Its lists went when it was discarded, not for its age.
    expect(discardedRun!.detailsCleared).toBe(false);
  });

  it("thins price history past PRICE_HISTORY_DETAIL_DAYS to each offer's last row of the day, and the chart stays the same", async () => {
    const parsed = parseProductCsv("name,brand,slug,price,affiliate_link\nThin,Maker,thin,1000,https://shop.example/thin");
    if (!parsed.ok) throw new Error(parsed.error);
    const saved = await saveOneProduct(test.db, parsed.products[0]!, null);
    const offer = await test.db
      .selectFrom("offers")
      .select(["id", "merchant_id"])
      .where("product_id", "=", saved.id)
      .executeTakeFirstOrThrow();
    await test.db.deleteFrom("offer_price_history").execute();
    const point = (at: string, price: number, offerId = Number(offer.id)) => ({ at, price, offerId });
    // The cut-off is the start of the day 90 days before NOW: 2027-03-17.
    const points = [
      point("2026-09-01T08:00:00.000Z", 100_000),
      point("2026-09-01T12:00:00.000Z", 90_000),
      point("2026-09-01T20:00:00.000Z", 95_000),
      // A removed offer's single row of that day.
      point("2026-09-01T09:00:00.000Z", 120_000, 999_999),
      // Two rows at one instant: the later written (higher id) is the state.
      point("2026-12-01T10:00:00.000Z", 80_000),
      point("2026-12-01T10:00:00.000Z", 85_000),
      point("2027-03-16T23:00:00.000Z", 70_000),
      point("2027-03-16T23:59:59.999Z", 72_000),
      point("2027-03-17T00:00:00.000Z", 73_000),
      point("2027-03-17T06:00:00.000Z", 74_000),
      point("2027-05-01T08:00:00.000Z", 60_000),
      point("2027-05-01T09:00:00.000Z", 61_000),
    ];
    for (const { at, price, offerId } of points)
      await test.db
        .insertInto("offer_price_history")
        .values({
          product_id: saved.id,
          offer_id: offerId,
          merchant_id: offer.merchant_id,
          price_minor: price,
          sale_price_minor: null,
          sale_ends_at: null,
          currency: "USD",
          availability: "InStock",
          recorded_at: at,
        })
        .execute();
    const settings = priceSettingsAt(DEFAULT_SITE_PRICES, NOW);
    const chart = async () => {
      const product = (await findProductByIdOrSlug(test.db, "thin"))!;
      const [full] = await withPriceHistory(test.db, await withOffers(test.db, [product]), 365, NOW);
      return {
        view: priceHistoryView(full!, settings),
        days: dailyLowestPrices(full!.priceHistory!, full!.offers ?? [], settings, 365),
      };
    };
    const before = await chart();
    expect(before.view).not.toBeNull();

    expect((await apply(test.db, ["price-history"])).cleared).toBe(4);

    const left = await test.db.selectFrom("offer_price_history").select(["recorded_at", "price_minor"]).orderBy("id").execute();
    expect(left.map((row) => Number(row.price_minor))).toEqual([95_000, 120_000, 85_000, 72_000, 73_000, 74_000, 60_000, 61_000]);
    expect(await chart()).toEqual(before);
    // Nothing more to thin: the next run looks only at rows it has not seen.
    expect((await apply(test.db, ["price-history"])).cleared).toBe(0);
  });

  it("leaves the clicks and revenue figures of every period the admin can see, and the roll-ups of any old month, as they were", async () => {
    const network = await test.db
      .insertInto("commission_networks")
      .values({ name: "Net", column_map: "{}", report_url: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Three years of clicks, a few a day, from two countries and two merchants, each with its sub-ID; a commission on some.
    const clicks: Array<RecordedClick & { subId: string }> = [];
    for (let day = 0; day < 3 * 365; day += 3)
      for (let n = 0; n < 3; n++)
        clicks.push({
          at: NOW - day * DAY - n * 3_600_000,
          productId: 1 + ((day + n) % 5),
          source: n === 0 ? "home" : `product:p${n}`,
          country: n === 2 ? null : (["DE", "US"] as const)[(day + n) % 2],
          merchantId: n === 1 ? null : 1 + (day % 2),
          subId: `s${day}-${n}`,
        });
    await writeClicks(test.db, clicks);
    await test.db.transaction().execute((trx) => insertClickSubIds(trx, clicks));
    await insertPageViews(
      test.db,
      periodDays(3 * 365, NOW).map((day, index) => ({ day, path: index % 2 ? "/" : "/reviews", views: 20 + (index % 7) })),
    );
    for (const [index, click] of clicks.entries())
      if (index % 4 === 0)
        await test.db
          .insertInto("commissions")
          .values({
            network_id: network.id,
            order_id: `o${index}`,
            sub_id: click.subId,
            ordered_at: click.at + 3_600_000,
            sale_hundredths: 100_000,
            commission_hundredths: 5_000 + index,
            currency: "USD",
            status: index % 8 === 0 ? "approved" : "pending",
            updated_at: NOW,
          })
          .execute();

    const oldMonth = periodDays(31, Date.parse("2025-03-31T12:00:00Z"));
    const figures = async () => ({
      clicks: await Promise.all([7, 30, 90].map((days) => clickReport(test.db, days, NOW))),
      filtered: await Promise.all([
        clickReport(test.db, 90, NOW, { country: "DE", merchant: null }),
        clickReport(test.db, 90, NOW, { country: "unknown", merchant: "none" }),
        clickReport(test.db, 90, NOW, { country: null, merchant: 2 }),
      ]),
      revenue: await Promise.all(
        (["page", "product", "merchant", "source", "country"] as const).map((by) => earningsReport(test.db, 90, NOW, by)),
      ),
      dashboard: await recentClickTotal(test.db, 30, NOW),
      oldMonth: {
        days: await clicksPerDay(test.db, oldMonth),
        products: await topClickedProducts(test.db, oldMonth[0]!, oldMonth.at(-1)!),
        sources: await topClickSources(test.db, oldMonth[0]!, oldMonth.at(-1)!),
      },
    });
    const before = await figures();
    expect(before.revenue[1]!.total.clicks).toBeGreaterThan(0);
    expect(before.oldMonth.days.reduce((sum, day) => sum + day.clicks, 0)).toBeGreaterThan(0);

    const outcome = await apply(test.db, ["raw-clicks", "click-sub-ids", "page-views"]);

    expect(outcome.rules.every((rule) => rule.cleared > 0)).toBe(true);
    expect(await figures()).toEqual(before);
  });

  it("clears 10 rows in 4 batches of 3, reporting each, and stops between batches when cancelled", async () => {
    await auditRows(test.db, 10, NOW - 400 * DAY);
    const seen: Array<[number, number | null | undefined]> = [];
    const outcome = await apply(test.db, ["audit-log"], { batchSize: 3, progress: ({ done, total }) => seen.push([done, total]) });
    expect(outcome.rules).toEqual([{ name: "audit-log", cleared: 10, batches: 4 }]);
    expect(seen).toEqual([
      [0, 10],
      [3, 10],
      [6, 10],
      [9, 10],
      [10, 10],
      [10, 10],
    ]);

    await auditRows(test.db, 10, NOW - 400 * DAY);
    const cancel = new AbortController();
    const stopped = apply(test.db, ["audit-log"], {
      batchSize: 3,
      signal: cancel.signal,
      progress: ({ done }) => done === 3 && cancel.abort(new Error("cancelled")),
    });
    await expect(stopped).rejects.toThrow("cancelled");
    const count = async () =>
      Number(
        (
          await test.db
            .selectFrom("audit_log")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(7);
    expect((await apply(test.db, ["audit-log"])).cleared).toBe(7);
    expect(await count()).toBe(0);
  });

  it("runs as the daily periodic job: a run with its progress in the list of runs, and an interruption that says what stays", async () => {
    await auditRows(test.db, 5, NOW - 400 * DAY);
    const bookkeeping = test.openAnother();
    const runner = startJobs(test.db, [retentionJob(SETTINGS, { now: () => NOW, pauseMs: 0 })], { checkEveryMs: 3_600_000, bookkeeping });
    runners.push(runner);
    expect(await runner.runNow("retention")).toBe(true);
    const done = await test.db.selectFrom("jobs").selectAll().where("kind", "=", "retention").executeTakeFirstOrThrow();
    expect(done).toMatchObject({ state: "done", label: "Retention: old rows cleared", progress_note: "old rows cleared" });
    expect([Number(done.progress_done), Number(done.progress_total)]).toEqual([5, 5]);
    expect(JSON.parse(done.result!).rules).toContainEqual({ name: "audit-log", cleared: 5, batches: 1 });

    // Stopped while it pauses between two batches: the batch it cleared stays cleared, and its run says so.
    await auditRows(test.db, 3, NOW - 400 * DAY);
    const stopping = new AbortController();
    const slow = startJobs(test.db, [retentionJob(SETTINGS, { now: () => NOW, batchSize: 1, pauseMs: 60_000 })], {
      checkEveryMs: 3_600_000,
      bookkeeping,
      stopping: stopping.signal,
    });
    runners.push(slow);
    const running = slow.runNow("retention");
    const left = async () =>
      Number(
        (
          await test.db
            .selectFrom("audit_log")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (let waited = 0; (await left()) !== 2; waited += 10) {
      if (waited > 20_000) throw new Error("the first batch was never cleared");
      await sleep(10);
    }
    stopping.abort();
    await running;
    const stopped = await test.db
      .selectFrom("jobs")
      .selectAll()
      .where("kind", "=", "retention")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(stopped.state).toBe("failed");
    expect(stopped.error).toBe(
      "Interrupted: the server stopped during this run; the rows cleared before it stay cleared, the next run clears the rest.",
    );
    expect(await left()).toBe(2);
  });
});
