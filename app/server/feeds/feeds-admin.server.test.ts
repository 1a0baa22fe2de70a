import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { StoredFileTooLarge } from "../storage/storage.server";
import { feedFiles, moveLegacyFeedFiles, openFeedFile, storeFeedUpload, type FeedFiles } from "./feed-files.server";
import { deleteFeed, findProductByRef, linkFeedItem, listFeeds, saveFeed } from "./feeds-admin.server";

const cases = testDialects.flatMap((dialect) => (["disk", "database"] as const).map((storage) => [dialect, storage] as const));

describe.each(cases)("the feeds admin on %s, files on the %s driver", (dialect, storage) => {
  let test: TestDatabase;
  let dataDir: string;
  let files: FeedFiles;
  let merchantId: number;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "feeds-admin-"));
    test = await createTestDatabase(dialect);
    files = feedFiles({ dataDir, storage }, test.db);
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
    const upload = await storeFeedUpload(files, new File(["id\tprice\n"], "shop feed.tsv"), 1024 * 1024);
    expect(upload.originalName).toBe("shop feed.tsv");
    const stored = await files.storage.open(upload.storedName);
    expect(await new Response(stored!.body).text()).toBe("id\tprice\n");
    const { id } = await saveFeed(
      test.db,
      null,
      {
        name: "Nordic feed",
        merchantId,
        sourceKind: "upload",
        url: null,
        format: null,
        schedule: "daily",
        currency: null,
        decimalMark: null,
      },
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
    expect(await deleteFeed(test.db, files, id)).toBe(true);
    expect(await test.db.selectFrom("offers").select(["feed_id", "feed_item_id", "price_minor"]).execute()).toEqual([
      { feed_id: null, feed_item_id: null, price_minor: 100 },
    ]);
    expect(await test.db.selectFrom("feed_item_links").select("id").execute()).toEqual([]);
    expect(await files.storage.open(upload.storedName)).toBeNull();
  });

  it("keeps nothing of an upload over the cap", async () => {
    await expect(storeFeedUpload(files, new File(["x".repeat(100)], "big.tsv"), 10)).rejects.toBeInstanceOf(StoredFileTooLarge);
    const kept = await test.db.selectFrom("stored_files").select("name").where("bucket", "=", "feed-files").execute();
    expect(storage === "database" ? kept : []).toEqual([]);
  });

  it("moves the files an older version kept in DATA_DIR/feeds into the storage; until then a run reads them there", async () => {
    mkdirSync(files.legacyDir, { recursive: true });
    writeFileSync(path.join(files.legacyDir, "old-upload.feed"), "id\tprice\nA\t1 USD\n");
    writeFileSync(path.join(files.legacyDir, "operator-notes.txt"), "not a feed's");
    await test.db
      .insertInto("feeds")
      .values({ name: "Old feed", merchant_id: merchantId, source_kind: "upload", upload_name: "old-upload.feed" })
      .execute();
    const read = async () => {
      const stream = await openFeedFile(files, "old-upload.feed");
      return stream ? Buffer.concat(await stream.toArray()).toString() : null;
    };
    expect(await read()).toBe("id\tprice\nA\t1 USD\n");
    expect(await moveLegacyFeedFiles(test.db, files)).toBe(1);
    expect(existsSync(path.join(files.legacyDir, "old-upload.feed"))).toBe(false);
    expect(existsSync(path.join(files.legacyDir, "operator-notes.txt"))).toBe(true);
    expect(await read()).toBe("id\tprice\nA\t1 USD\n");
    expect(await moveLegacyFeedFiles(test.db, files)).toBe(0);
  });
});
