import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TodayItem, TodayRule } from "~/lib/today/today-items";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../../tests/support/test-databases";
import type { DB } from "../../db/connection.server";
import { recordCappedAlerts } from "./mail.server";
import { markItemDone, snoozeItem } from "./marks.server";
import { findTodayItems, todayList } from "./today.server";

/**
 * Each Today rule, on both databases, against fixtures made for it: one subject that should fire
 * and a near miss beside it that should not. The list is read as the page reads it.
 */

const DAY = 86_400_000;
const NOW = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);
const PRICES = { country: "US", currency: "USD", maxAgeMs: 48 * 3_600_000 };

async function product(db: DB, slug: string, extra: Record<string, unknown> = {}): Promise<number> {
  const row = await db
    .insertInto("products")
    .values({ slug, name: slug.toUpperCase(), brand: "B", ...extra } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function offer(
  db: DB,
  productId: number,
  merchantId: number,
  fields: { link: string; price?: number; availability?: string; source?: string; confirmedAt?: number },
): Promise<number> {
  const confirmed = iso(fields.confirmedAt ?? NOW);
  const row = await db
    .insertInto("offers")
    .values({
      product_id: productId,
      merchant_id: merchantId,
      is_primary: false,
      link: fields.link,
      price_minor: fields.price ?? 100_000,
      currency: "USD",
      sale_price_minor: null,
      sale_ends_at: null,
      availability: fields.availability ?? "InStock",
      shipping_note: null,
      countries: "[]",
      source: fields.source ?? "form",
      confirmed_at: confirmed,
      price_changed_at: confirmed,
      created_at: confirmed,
      updated_at: confirmed,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function article(db: DB, slug: string, body: string): Promise<number> {
  const row = await db
    .insertInto("articles")
    .values({
      slug,
      title: `Article ${slug}`,
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
      publish_at: NOW - 30 * DAY,
      last_updated: null,
      is_sample: false,
      created_at: NOW - 30 * DAY,
      updated_at: NOW - 30 * DAY,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const subjectsOf = (items: readonly TodayItem[], rule: TodayRule) =>
  items
    .filter((item) => item.rule === rule)
    .map((item) => item.subject)
    .sort();

describe.each(testDialects)("the Today rules on %s", (dialect) => {
  let test: TestDatabase;
  let db: DB;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    db = test.db;
    const merchant = await db
      .insertInto("merchants")
      .values({ slug: "nordic", name: "Nordic", domain: "nordic.example", countries: "[]", is_sample: false } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    const m = Number(merchant.id);
    ids.merchant = m;

    // Picks: the first three of a collection's ranking and a product box. The fourth is no pick.
    for (const slug of ["out-everywhere", "price-moved", "price-steady", "fourth-out", "boxed-stale", "unpicked-stale"]) {
      ids[slug] = await product(db, slug);
    }
    const collection = await db
      .insertInto("collections")
      .values({ slug: "best", title: "Best saunas" } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.collection = Number(collection.id);
    await db
      .insertInto("collection_products")
      .values(
        ["out-everywhere", "price-moved", "price-steady", "fourth-out"].map((slug, index) => ({
          collection_id: ids.collection!,
          product_id: ids[slug]!,
          position: index + 1,
        })),
      )
      .execute();
    // Out of stock at both its shops: fires. The fourth is out of stock too, but no pick.
    await offer(db, ids["out-everywhere"]!, m, { link: "https://nordic.example/out", availability: "OutOfStock" });
    await offer(db, ids["fourth-out"]!, m, { link: "https://nordic.example/fourth", availability: "OutOfStock" });
    // In a product box, only a feed price confirmed 5 days ago: "Check price". Not boxed: nothing.
    await offer(db, ids["boxed-stale"]!, m, { link: "https://nordic.example/boxed", source: "feed", confirmedAt: NOW - 5 * DAY });
    await offer(db, ids["unpicked-stale"]!, m, { link: "https://nordic.example/unpicked", source: "feed", confirmedAt: NOW - 5 * DAY });

    // Price moved: 1,000.00 when the review was saved 10 days ago, 1,200.00 now (+20%). Steady: 1,150.00 then (+4%).
    ids.movedOffer = await offer(db, ids["price-moved"]!, m, { link: "https://nordic.example/moved", price: 120_000 });
    ids.steadyOffer = await offer(db, ids["price-steady"]!, m, { link: "https://nordic.example/steady", price: 120_000 });
    for (const [slug, offerId, then] of [
      ["price-moved", ids.movedOffer, 100_000],
      ["price-steady", ids.steadyOffer, 115_000],
    ] as const) {
      await db
        .insertInto("offer_price_history")
        .values({
          product_id: ids[slug]!,
          offer_id: offerId!,
          merchant_id: m,
          price_minor: then,
          sale_price_minor: null,
          sale_ends_at: null,
          currency: "USD",
          availability: "InStock",
          recorded_at: iso(NOW - 30 * DAY),
        })
        .execute();
      await db
        .insertInto("product_revisions")
        .values({
          product_id: ids[slug]!,
          part: "review",
          saved_at: NOW - 10 * DAY,
          user_id: null,
          user_email: "owner@example.com",
          restored_from: null,
          snapshot: "{}",
        })
        .execute();
    }

    // Articles: one boxes a product and links to a dead shop address; one links to a working one.
    await article(db, "boxes", '::product{slug="boxed-stale"}\n\nSee [the shop](https://nordic.example/moved).');
    await article(db, "fine-links", "See [the shop](https://nordic.example/steady).");
    // Link results: the moved offer's link is dead; the steady one was dead at an address it no longer has.
    await db
      .insertInto("offer_link_results")
      .values([
        {
          offer_id: ids.movedOffer,
          url: "https://nordic.example/moved",
          outcome: "client-error",
          status_code: 404,
          final_url: null,
          error: null,
          checked_at: iso(NOW - DAY),
          duration_ms: 10,
          run_id: null,
        },
        {
          offer_id: ids.steadyOffer,
          url: "https://nordic.example/old-steady",
          outcome: "client-error",
          status_code: 404,
          final_url: null,
          error: null,
          checked_at: iso(NOW - DAY),
          duration_ms: 10,
          run_id: null,
        },
      ])
      .execute();

    // Feeds: failed last run; daily and last saved 3 days ago; a run that took 20 of 120 items; a healthy one.
    const feed = async (name: string, schedule: string) =>
      Number(
        (
          await db
            .insertInto("feeds")
            .values({
              name,
              merchant_id: m,
              source_kind: "url",
              url: `https://nordic.example/${name}.xml`,
              upload_name: null,
              upload_original_name: null,
              format: null,
              mapping: null,
              schedule,
              created_at: iso(NOW - 60 * DAY),
              updated_at: iso(NOW - 60 * DAY),
            } as never)
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
    const run = (feedId: number, status: string, hoursAgo: number, counts: { changed?: number; unchanged?: number; gone?: number } = {}) =>
      db
        .insertInto("feed_runs")
        .values({
          feed_id: feedId,
          status,
          trigger: "schedule",
          started_at: iso(NOW - hoursAgo * 3_600_000 - 60_000),
          finished_at: iso(NOW - hoursAgo * 3_600_000),
          changed_count: counts.changed ?? 0,
          unchanged_count: counts.unchanged ?? 0,
          gone_count: counts.gone ?? 0,
          error: status === "failed" ? "The shop answered 500" : null,
        })
        .execute();
    ids.failedFeed = await feed("failing", "off");
    await run(ids.failedFeed, "saved", 30, { unchanged: 10 });
    await run(ids.failedFeed, "failed", 2);
    ids.staleFeed = await feed("stale", "daily");
    await run(ids.staleFeed, "saved", 72, { unchanged: 10 });
    ids.shrunkFeed = await feed("shrunk", "daily");
    await run(ids.shrunkFeed, "saved", 1, { changed: 50, unchanged: 50, gone: 20 });
    ids.healthyFeed = await feed("healthy", "daily");
    await run(ids.healthyFeed, "failed", 20);
    await run(ids.healthyFeed, "saved", 1, { unchanged: 95, gone: 5 });

    // Reviews: tested two years ago (fires), last month (does not).
    ids.oldReview = await product(db, "old-review", { verdict: "Good.", tested_on: day(NOW - 730 * DAY) });
    ids.newReview = await product(db, "new-review", { verdict: "Good.", tested_on: day(NOW - 30 * DAY) });

    // Traffic: the collection page fell from 42 to 7 clicks; home had too few to count; a review page held.
    const week = (source: string, earlierPerDay: number, laterPerDay: number) =>
      db
        .insertInto("click_source_days")
        .values([
          ...Array.from({ length: 7 }, (_, i) => ({ day: day(NOW - (14 - i) * DAY), source, clicks: earlierPerDay })),
          ...Array.from({ length: 7 }, (_, i) => ({ day: day(NOW - (7 - i) * DAY), source, clicks: laterPerDay })),
        ])
        .execute();
    await week("collection:best", 6, 1);
    await week("home", 4, 0);
    await week("product:price-steady", 6, 5);

    // Mail: one failed message (fires), one waiting (does not).
    const mail = (state: "failed" | "waiting", id: string) =>
      db
        .insertInto("outbox")
        .values({
          message_id: `<${id}@test>`,
          recipient: "reader@example.com",
          subject: "S",
          text_body: "T",
          html_body: null,
          headers: "{}",
          log_line: null,
          state,
          created_at: NOW - DAY,
          next_attempt_at: NOW - DAY,
          failed_at: state === "failed" ? NOW - DAY : null,
        })
        .execute();
    await mail("failed", "a");
    await mail("waiting", "b");
    await recordCappedAlerts(db, 3, NOW - 3_600_000);

    // Money: the out-of-stock pick had 100 clicks in 30 days that earned 50.00.
    await db
      .insertInto("click_product_days")
      .values({ day: day(NOW - 3 * DAY), product_id: ids["out-everywhere"]!, clicks: 100 })
      .execute();
    await db
      .insertInto("click_days")
      .values({ day: day(NOW - 3 * DAY), clicks: 400 })
      .execute();
    await db
      .insertInto("click_sub_ids")
      .values({
        sub_id: "sub-1",
        clicked_at: NOW - 3 * DAY,
        product_id: ids["out-everywhere"]!,
        merchant_id: m,
        source: "collection:best",
        country: "US",
      })
      .execute();
    const network = await db
      .insertInto("commission_networks")
      .values({ name: "Net", column_map: "{}", report_url: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("commissions")
      .values({
        network_id: Number(network.id),
        order_id: "o-1",
        sub_id: "sub-1",
        ordered_at: NOW - 2 * DAY,
        sale_hundredths: 500_000,
        commission_hundredths: 5_000,
        currency: "USD",
        status: "approved",
        updated_at: NOW,
      })
      .execute();
  });
  afterAll(async () => {
    await test?.drop();
  });

  it("fires each rule once, on its subject, and not on the near misses", async () => {
    const items = await findTodayItems(db, PRICES, NOW);
    expect(subjectsOf(items, "pick-unavailable")).toEqual([`product:${ids["boxed-stale"]}`, `product:${ids["out-everywhere"]}`].sort());
    expect(subjectsOf(items, "pick-price-moved")).toEqual([`product:${ids["price-moved"]}`]);
    expect(subjectsOf(items, "feed-failed")).toEqual([`feed:${ids.failedFeed}`]);
    expect(subjectsOf(items, "feed-stale")).toEqual([`feed:${ids.staleFeed}`]);
    expect(subjectsOf(items, "feed-shrank")).toHaveLength(1);
    expect(items.find((item) => item.rule === "feed-shrank")!.title).toBe("shrunk");
    expect(subjectsOf(items, "dead-offer-link")).toEqual([`offer:${ids.movedOffer}`]);
    expect(subjectsOf(items, "dead-article-link")).toHaveLength(1);
    expect(items.find((item) => item.rule === "dead-article-link")!.title).toBe("Article boxes");
    expect(subjectsOf(items, "review-stale")).toEqual([`product:${ids.oldReview}`]);
    expect(subjectsOf(items, "traffic-fell")).toEqual(["source:collection:best"]);
    expect(subjectsOf(items, "mail-failed")).toEqual(["outbox:failed"]);
    expect(subjectsOf(items, "alerts-capped")).toEqual(["price-alerts:capped"]);
    expect(items).toHaveLength(12);
  });

  it("says why in the owner's words", async () => {
    const items = await findTodayItems(db, PRICES, NOW);
    const moved = items.find((item) => item.rule === "pick-price-moved")!;
    expect(moved.detail).toContain("+20%");
    expect(moved.detail).toContain("#2 in Best saunas");
    expect(items.find((item) => item.subject === `product:${ids["boxed-stale"]}`)!.detail).toContain('"Check price"');
    expect(items.find((item) => item.rule === "feed-failed")!.detail).toContain("The shop answered 500");
    expect(items.find((item) => item.rule === "traffic-fell")!.detail).toBe("Shop clicks fell from 42 to 7 week over week.");
  });

  it("puts most money first: the pick whose 100 clicks earned 50.00", async () => {
    const { items } = await todayList(db, PRICES, NOW);
    expect(items[0]).toMatchObject({ subject: `product:${ids["out-everywhere"]}`, money: 5_000 });
    // The collection page earned the same order's 50.00 from its 49 clicks.
    expect(items.find((item) => item.rule === "traffic-fell")!.money).toBe(5_000);
    // No clicks, no figure: those follow in rule order.
    expect(items.at(-1)!.rule).toBe("alerts-capped");
  });

  it("hides a snoozed item for 7 days, a done one while the situation lasts, and brings back a recurrence", async () => {
    const failed = `feed:${ids.failedFeed}`;
    await snoozeItem(db, "review-stale", `product:${ids.oldReview}`, "owner@example.com", NOW);
    await markItemDone(db, "feed-failed", failed, "owner@example.com", NOW);
    let list = await todayList(db, PRICES, NOW + 1);
    expect(list.items.map((item) => item.subject)).not.toContain(`product:${ids.oldReview}`);
    expect(list.items.map((item) => item.subject)).not.toContain(failed);
    expect(list.hidden).toBe(2);
    expect((await todayList(db, PRICES, NOW + 8 * DAY)).items.map((item) => item.subject)).toContain(`product:${ids.oldReview}`);

    // The feed runs well: the done mark is forgotten. It fails again: back on the list.
    const runId = Number(
      (
        await db
          .insertInto("feed_runs")
          .values({
            feed_id: ids.failedFeed!,
            status: "saved",
            trigger: "schedule",
            started_at: iso(NOW),
            finished_at: iso(NOW),
            unchanged_count: 10,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
    list = await todayList(db, PRICES, NOW + 2);
    expect(list.items.map((item) => item.subject)).not.toContain(failed);
    expect(await db.selectFrom("today_marks").select("rule").where("subject", "=", failed).execute()).toEqual([]);
    await db
      .insertInto("feed_runs")
      .values({
        feed_id: ids.failedFeed!,
        status: "failed",
        trigger: "schedule",
        started_at: iso(NOW + 3),
        finished_at: iso(NOW + 3),
        error: "Timed out",
      })
      .execute();
    list = await todayList(db, PRICES, NOW + 4);
    expect(list.items.map((item) => item.subject)).toContain(failed);
    expect(runId).toBeGreaterThan(0);
  });
});
