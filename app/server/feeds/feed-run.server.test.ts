import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { SAMPLE_TSV_HEADER, sampleGtin } from "../../../scripts/feeds/sample-feed";
import type { DB } from "../db/connection.server";
import { startWorker } from "../jobs/job-worker.server";
import { loadJob, waitForJob, workerName } from "../jobs/job-queue.server";
import { feedFiles, type FeedFiles } from "./feed-files.server";
import { queueDueFeeds } from "./feed-job.server";
import { feedRunKind } from "./feed-run-jobs.server";
import { loadFeed, runFeed, type FeedRecord } from "./feed-run.server";
import { linkFeedItem } from "./feeds-admin.server";

const PRICES = { country: "US", currency: "USD", maxAgeMs: 24 * 3_600_000 };

/** A Google TSV feed: one line per item, in the header's order. */
function tsv(items: { id: string; price: string; gtin?: string; mpn?: string; brand?: string; availability?: string }[]) {
  const lines = items.map((item) =>
    [
      item.id,
      `Item ${item.id}`,
      `https://nordic.example/p/${item.id}`,
      item.price,
      "",
      "",
      item.availability ?? "in_stock",
      item.brand ?? "",
      item.gtin ?? "",
      item.mpn ?? "",
      "",
    ].join("\t"),
  );
  return `${SAMPLE_TSV_HEADER}\n${lines.join("\n")}\n`;
}

async function snapshot(db: DB) {
  return {
    offers: await db.selectFrom("offers").selectAll().orderBy("id").execute(),
    products: await db.selectFrom("products").select(["id", "price_cents", "sale_price_cents", "affiliate_link"]).orderBy("id").execute(),
    history: await db.selectFrom("offer_price_history").selectAll().execute(),
  };
}

const offerOf = (db: DB, slug: string) =>
  db
    .selectFrom("offers")
    .innerJoin("products", "products.id", "offers.product_id")
    .selectAll("offers")
    .where("products.slug", "=", slug)
    .where("offers.is_primary", "=", false)
    .executeTakeFirst();

describe.each(testDialects)("merchant feed runs on %s", (dialect) => {
  let test: TestDatabase;
  let dataDir: string;
  let files: FeedFiles;
  let feed: FeedRecord;

  // The disk driver's folder for the feed-files bucket.
  const write = (text: string) => writeFileSync(path.join(dataDir, "storage", "feed-files", "test.feed"), text);
  const run = (options: Partial<Parameters<typeof runFeed>[2]> = {}) =>
    runFeed(test.db, feed, { trigger: "manual", save: true, files, prices: PRICES, ...options });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "feeds-test-"));
    mkdirSync(path.join(dataDir, "storage", "feed-files"), { recursive: true });
    test = await createTestDatabase(dialect);
    files = feedFiles({ dataDir, storage: "disk" }, test.db);
    await test.db
      .insertInto("products")
      .values([
        { slug: "alpha", name: "Alpha Barrel", brand: "Harvia", gtin: sampleGtin(1) },
        // A UPC-A: the feed writes its EAN-13 (a leading zero).
        { slug: "beta", name: "Beta Cabin", brand: "Huum", gtin: "012345678905" },
        { slug: "gamma", name: "Gamma Cube", brand: "Narvi", mpn: "NV-100" },
        { slug: "delta", name: "Delta Tent", brand: "Saunum" },
        { slug: "epsilon", name: "Epsilon Pod", brand: "A", mpn: "SHARED" },
        { slug: "zeta", name: "Zeta Pod", brand: "B", mpn: "shared" },
      ])
      .execute();
    await test.db
      .insertInto("merchants")
      .values({ slug: "nordic-bath", name: "Nordic Bath", domain: "nordic.example", countries: "[]" })
      .execute();
    const merchant = await test.db.selectFrom("merchants").select("id").executeTakeFirstOrThrow();
    const inserted = await test.db
      .insertInto("feeds")
      .values({
        name: "Nordic feed",
        merchant_id: merchant.id,
        source_kind: "upload",
        upload_name: "test.feed",
        upload_original_name: "feed.tsv",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    feed = (await loadFeed(test.db, Number(inserted.id)))!;
  });

  afterAll(async () => {
    await test.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("matches by GTIN, then MPN (narrowed by brand), then the owner's mapping, and counts what a run would do", async () => {
    const delta = await test.db.selectFrom("products").select("id").where("slug", "=", "delta").executeTakeFirstOrThrow();
    await linkFeedItem(test.db, feed.id, "D-1", Number(delta.id));
    write(
      tsv([
        { id: "A-1", price: "4599.00 USD", gtin: sampleGtin(1) },
        { id: "B-1", price: "3999.00 USD", gtin: "0012345678905" },
        { id: "G-1", price: "2999.00 USD", mpn: "nv-100" },
        { id: "D-1", price: "1999.00 USD" },
        { id: "Z-1", price: "999.00 USD", mpn: "SHARED", brand: "b" },
        { id: "U-1", price: "899.00 USD", mpn: "SHARED" },
        { id: "A-2", price: "4499.00 USD", gtin: sampleGtin(1) },
        { id: "X-1", price: "free" },
      ]),
    );
    const before = await snapshot(test.db);
    const preview = await run({ save: false });
    expect(preview).toMatchObject({
      status: "previewed",
      counts: { new: 5, changed: 0, unchanged: 0, gone: 0, unmatched: 1, rejected: 2 },
    });
    expect(await snapshot(test.db)).toEqual(before);
    const stored = await test.db
      .selectFrom("feed_runs")
      .select(["details", "fingerprint"])
      .where("id", "=", preview.runId)
      .executeTakeFirstOrThrow();
    const details = JSON.parse(stored.details!);
    expect(details.unmatched).toEqual([expect.objectContaining({ itemId: "U-1" })]);
    expect(details.rejected.map((entry: { itemId: string }) => entry.itemId)).toEqual(["A-2", "X-1"]);
    expect(details.rejected[0].reason).toMatch(/same product as item "A-1"/);
    expect(details.rows.map((row: { slug: string }) => row.slug)).toEqual(["alpha", "beta", "gamma", "delta", "zeta"]);

    const saved = await run({ preview: { runId: preview.runId, fingerprint: stored.fingerprint! } });
    expect(saved).toMatchObject({ status: "saved", counts: { new: 5 } });
    expect(await offerOf(test.db, "beta")).toMatchObject({
      price_minor: 399900,
      source: "feed",
      feed_id: feed.id,
      feed_item_id: "B-1",
      availability: "InStock",
    });
    const alpha = await test.db.selectFrom("products").select(["price_cents"]).where("slug", "=", "alpha").executeTakeFirstOrThrow();
    expect(Number(alpha.price_cents)).toBe(459900);
    // The price history is written by the offers' triggers.
    expect((await snapshot(test.db)).history.length).toBeGreaterThanOrEqual(5);
  });

  it("counts unchanged and changed items, and marks an item that left the feed out of stock without deleting it", async () => {
    write(
      tsv([
        { id: "A-1", price: "4399.00 USD", gtin: sampleGtin(1) },
        { id: "B-1", price: "3999.00 USD", gtin: "0012345678905" },
        { id: "G-1", price: "2999.00 USD", mpn: "nv-100" },
        { id: "Z-1", price: "999.00 USD", mpn: "SHARED", brand: "b" },
      ]),
    );
    const outcome = await run();
    expect(outcome).toMatchObject({ status: "saved", counts: { new: 0, changed: 1, unchanged: 3, gone: 1, unmatched: 0, rejected: 0 } });
    expect(await offerOf(test.db, "delta")).toMatchObject({ availability: "OutOfStock", price_minor: 199900 });
    expect(await offerOf(test.db, "alpha")).toMatchObject({ price_minor: 439900 });
    // A second run does not count the gone offer again.
    expect(await run()).toMatchObject({ counts: { changed: 0, unchanged: 4, gone: 0 } });
  });

  describe("a run that cannot be trusted changes nothing", () => {
    let before: Awaited<ReturnType<typeof snapshot>>;
    beforeEach(async () => {
      before = await snapshot(test.db);
    });
    afterEach(async () => {
      expect(await snapshot(test.db)).toEqual(before);
    });

    it("a failure in the middle of the save", async () => {
      write(tsv([{ id: "A-1", price: "4199.00 USD", gtin: sampleGtin(1) }]));
      const outcome = await run({
        beforeCommit: async () => {
          throw new Error("disk full");
        },
      });
      expect(outcome).toMatchObject({ status: "failed", error: "Nothing was saved: disk full" });
    });

    it("mixed currencies", async () => {
      write(
        tsv([
          { id: "A-1", price: "4199.00 USD", gtin: sampleGtin(1) },
          { id: "B-1", price: "3999.00 EUR", gtin: "0012345678905" },
        ]),
      );
      const outcome = await run();
      expect(outcome.status).toBe("failed");
      expect(outcome.status === "failed" && outcome.error).toMatch(/currenc/i);
    });

    it("malformed XML", async () => {
      write(
        '<?xml version="1.0"?><rss xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>A-1</g:id><g:price>10 USD</g:price></channel></rss>',
      );
      const outcome = await run();
      expect(outcome.status).toBe("failed");
      expect(outcome.status === "failed" && outcome.error).toMatch(/Nothing was changed/);
    });

    it("a billion-laughs document and an external entity: refused before any entity is read", async () => {
      const laughs = [
        '<?xml version="1.0"?>',
        '<!DOCTYPE rss [<!ENTITY lol "lol">',
        ...Array.from({ length: 9 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level || ""};`.repeat(10)}">`),
        "]>",
        '<rss xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>A-1</g:id><g:title>&lol9;</g:title><g:price>10 USD</g:price></item></channel></rss>',
      ].join("\n");
      const external = [
        '<?xml version="1.0"?>',
        '<!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/passwd">]>',
        '<rss xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>A-1</g:id><g:title>&secret;</g:title><g:price>10 USD</g:price></item></channel></rss>',
      ].join("\n");
      for (const document of [laughs, external]) {
        write(document);
        const outcome = await run();
        expect(outcome.status).toBe("failed");
        expect(outcome.status === "failed" && outcome.error).toMatch(/entit/i);
        expect(outcome.status === "failed" && outcome.error).toMatch(/Nothing was changed/);
      }
    });

    it("a feed over the size limit", async () => {
      write(tsv([{ id: "A-1", price: "4199.00 USD", gtin: sampleGtin(1) }]));
      const outcome = await run({ read: { maxBytes: 100 } });
      expect(outcome.status).toBe("failed");
      expect(outcome.status === "failed" && outcome.error).toMatch(/large|MB|KB|bytes/i);
    });

    it("a preview whose plan moved before Save", async () => {
      write(tsv([{ id: "A-1", price: "4199.00 USD", gtin: sampleGtin(1) }]));
      const preview = await run({ save: false });
      write(tsv([{ id: "A-1", price: "4099.00 USD", gtin: sampleGtin(1) }]));
      const stored = await test.db.selectFrom("feed_runs").select("fingerprint").where("id", "=", preview.runId).executeTakeFirstOrThrow();
      const outcome = await run({ preview: { runId: preview.runId, fingerprint: stored.fingerprint! } });
      expect(outcome.status).toBe("plan-changed");
    });
  });

  it("rejects a price of 'free' with its reason and saves the rest", async () => {
    write(
      tsv([
        { id: "A-1", price: "4399.00 USD", gtin: sampleGtin(1) },
        { id: "B-1", price: "free", gtin: "0012345678905" },
      ]),
    );
    const preview = await run({ save: false });
    expect(preview).toMatchObject({ counts: { rejected: 1 } });
    const stored = await test.db.selectFrom("feed_runs").select("details").where("id", "=", preview.runId).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.details!).rejected[0]).toMatchObject({ itemId: "B-1", reason: expect.stringMatching(/free|price/i) });
  });

  it("the schedule queues a due feed once, as a run of its own that the worker saves", async () => {
    write(tsv([{ id: "A-1", price: "4399.00 USD", gtin: sampleGtin(1) }]));
    await test.db.updateTable("feeds").set({ schedule: "hourly", last_run_at: null }).where("id", "=", feed.id).execute();
    const runsBefore = await test.db.selectFrom("feed_runs").select("id").where("trigger", "=", "schedule").execute();
    expect(await queueDueFeeds(test.db)).toBe(1);
    // Queued, not yet run: the next look does not queue it twice.
    expect(await queueDueFeeds(test.db)).toBe(0);
    const queued = await test.db
      .selectFrom("feed_runs")
      .select(["id", "status", "job_id"])
      .where("trigger", "=", "schedule")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(queued.status).toBe("running");
    expect(await loadJob(test.db, Number(queued.job_id))).toMatchObject({ kind: "feed-run", state: "queued", startedBy: "schedule" });

    const worker = startWorker(test.db, {
      name: workerName(),
      kinds: [feedRunKind({ storage: { dataDir, storage: "disk" }, prices: PRICES })],
      pollMs: 20,
      heartbeatMs: 50,
    });
    try {
      expect(await waitForJob(test.db, Number(queued.job_id), 20_000)).toMatchObject({ state: "done" });
    } finally {
      await worker.stop();
    }
    const runsAfter = await test.db.selectFrom("feed_runs").select(["id", "status"]).where("trigger", "=", "schedule").execute();
    expect(runsAfter.length - runsBefore.length).toBe(1);
    expect(runsAfter.at(-1)!.status).toBe("saved");
    // Saved now: not due again for an hour.
    expect(await queueDueFeeds(test.db)).toBe(0);
  });

  it("stores the day a pre-order ships from Google XML, keeps it while the feed says pre-order, and drops it once in stock", async () => {
    const item = (availability: string, date: string) =>
      `<item><g:id>A-1</g:id><g:title>Alpha</g:title><g:link>https://nordic.example/p/A-1</g:link><g:price>4399.00 USD</g:price>` +
      `<g:gtin>${sampleGtin(1)}</g:gtin><g:availability>${availability}</g:availability>${date}</item>`;
    const xml = (body: string) =>
      `<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Nordic</title>${body}</channel></rss>`;
    write(xml(item("preorder", "<g:availability_date>2027-01-15T13:00-0800</g:availability_date>")));
    expect(await run()).toMatchObject({ status: "saved" });
    expect(await offerOf(test.db, "alpha")).toMatchObject({ availability: "PreOrder", available_from: "2027-01-15" });
    // The next run says pre-order without a day: the day it had stays.
    write(xml(item("preorder", "")));
    expect(await run()).toMatchObject({ status: "saved" });
    expect(await offerOf(test.db, "alpha")).toMatchObject({ availability: "PreOrder", available_from: "2027-01-15" });
    write(xml(item("in_stock", "")));
    expect(await run()).toMatchObject({ status: "saved" });
    expect(await offerOf(test.db, "alpha")).toMatchObject({ availability: "InStock", available_from: null });
  });
});
