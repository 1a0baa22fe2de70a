import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { feedUploadPath } from "./feed-run.server";
import { deleteFeed, findProductByRef, linkFeedItem, listFeeds, saveFeed, storeFeedUpload } from "./feeds-admin.server";

describe.each(testDialects)("the feeds admin on %s", (dialect) => {
  let test: TestDatabase;
  let dataDir: string;
  let merchantId: number;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "feeds-admin-"));
    test = await createTestDatabase(dialect);
    await test.db.insertInto("products").values({ slug: "tyyni", name: "Tyyni Barrel", brand: "Nordic" }).execute();
    const merchant = await test.db
      .insertInto("merchants")
      .values({ slug: "nordic", name: "Nordic", countries: "[]" })
      .returning("id")
      .executeTakeFirstOrThrow();
    merchantId = Number(merchant.id);
  });
  afterAll(async () => {
    await test.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stores an upload, lists the feed, keeps the owner's match, and deleting it keeps its offers", async () => {
    const upload = await storeFeedUpload(dataDir, new File(["id\tprice\n"], "shop feed.tsv"));
    expect(upload.originalName).toBe("shop feed.tsv");
    const { id } = await saveFeed(
      test.db,
      null,
      { name: "Nordic feed", merchantId, sourceKind: "upload", url: null, format: null, schedule: "daily" },
      upload,
    );
    expect(await listFeeds(test.db)).toEqual([
      expect.objectContaining({
        id,
        name: "Nordic feed",
        merchantName: "Nordic",
        source: "shop feed.tsv",
        schedule: "daily",
        lastRun: null,
      }),
    ]);

    const product = await findProductByRef(test.db, "TYYNI barrel");
    expect(product?.name).toBe("Tyyni Barrel");
    expect(await findProductByRef(test.db, "nothing")).toBeNull();
    await linkFeedItem(test.db, id, "SKU-1", product!.id);
    await linkFeedItem(test.db, id, "SKU-1", product!.id);
    expect(await test.db.selectFrom("feed_item_links").select("item_id").execute()).toHaveLength(1);

    await test.db
      .insertInto("offers")
      .values({
        product_id: product!.id,
        merchant_id: merchantId,
        source: "feed",
        feed_id: id,
        feed_item_id: "SKU-1",
        price_minor: 100,
        currency: "USD",
        availability: "InStock",
      })
      .execute();
    expect(await deleteFeed(test.db, dataDir, id)).toBe(true);
    expect(await test.db.selectFrom("offers").select(["feed_id", "feed_item_id", "price_minor"]).execute()).toEqual([
      { feed_id: null, feed_item_id: null, price_minor: 100 },
    ]);
    expect(await test.db.selectFrom("feed_item_links").select("id").execute()).toEqual([]);
    expect(existsSync(feedUploadPath(dataDir, upload.storedName))).toBe(false);
  });
});
