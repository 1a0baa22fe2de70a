import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_TSV_HEADER, sampleGtin } from "../../../scripts/feeds/sample-feed";
import { openDatabase, type DB } from "../db/connection.server";
import { migrateToLatest } from "../db/migrate.server";
import { feedFiles, moveLegacyFeedFiles, storeFeedUpload } from "../feeds/feed-files.server";
import { loadFeed, runFeed } from "../feeds/feed-run.server";
import { createBackup, restoreBackup } from "./site-backup.server";

// A backup holds the uploaded feed files whichever STORAGE driver keeps them (a folder of the disk
// driver, rows of the database driver), and those an older version kept in DATA_DIR/feeds; a
// restore into an empty data folder brings them back, and every feed then runs.

const PRICES = { country: "US", currency: "USD", maxAgeMs: 24 * 3_600_000 };

function tsv(from: number, to: number): string {
  const rows = [];
  for (let i = from; i <= to; i++) {
    rows.push(
      [`SKU-${i}`, `Item ${i}`, `https://shop.example/p/${i}`, "1999.00 USD", "", "", "in_stock", "Test", sampleGtin(i), "", ""].join("\t"),
    );
  }
  return `${SAMPLE_TSV_HEADER}\n${rows.join("\n")}\n`;
}

describe.each(["disk", "database"] as const)("feed files in a backup, on the %s driver", (storage) => {
  let root: string;
  let site: { dataDir: string; databaseFile: string };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "feed-backup-"));
    const dataDir = path.join(root, "data");
    site = { dataDir, databaseFile: path.join(dataDir, "sauna-reviews.sqlite") };
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  async function addFeed(db: DB, name: string, uploadName: string): Promise<void> {
    const merchant = await db.selectFrom("merchants").select("id").executeTakeFirstOrThrow();
    await db
      .insertInto("feeds")
      .values({ name, merchant_id: merchant.id, source_kind: "upload", upload_name: uploadName, format: "google-tsv" })
      .execute();
  }

  it("restores into an empty data folder, and every feed runs", async () => {
    const db = openDatabase({ dialect: "sqlite", file: site.databaseFile });
    try {
      await migrateToLatest(db);
      await db
        .insertInto("products")
        .values(
          Array.from({ length: 30 }, (_, i) => ({ slug: `p-${i + 1}`, name: `Product ${i + 1}`, brand: "Test", gtin: sampleGtin(i + 1) })),
        )
        .execute();
      await db.insertInto("merchants").values({ slug: "shop", name: "Shop", countries: "[]" }).execute();
      const files = feedFiles({ dataDir: site.dataDir, storage }, db);
      const uploaded = await storeFeedUpload(files, new File([tsv(1, 10)], "shop.tsv"), 1024 * 1024);
      await addFeed(db, "Uploaded", uploaded.storedName);
      // An older version's upload, never moved into the storage (no worker started since).
      mkdirSync(files.legacyDir, { recursive: true });
      writeFileSync(path.join(files.legacyDir, "old.feed"), tsv(11, 20));
      await addFeed(db, "From before", "old.feed");
    } finally {
      await db.destroy();
    }

    const backup = path.join(root, "site.tar.gz");
    expect(await createBackup(site, backup)).toMatchObject({ feedFiles: 2 });

    const restored = { dataDir: path.join(root, "restored"), databaseFile: path.join(root, "restored", "sauna-reviews.sqlite") };
    expect(await restoreBackup(restored, backup, { force: false })).toMatchObject({ feedFiles: storage === "disk" ? 2 : 1 });

    const again = openDatabase({ dialect: "sqlite", file: restored.databaseFile });
    try {
      const files = feedFiles({ dataDir: restored.dataDir, storage }, again);
      // What a worker does when it starts: the old file moves into the storage.
      expect(await moveLegacyFeedFiles(again, files)).toBe(1);
      const feeds = await again.selectFrom("feeds").select("id").orderBy("id").execute();
      expect(feeds).toHaveLength(2);
      for (const { id } of feeds) {
        const feed = (await loadFeed(again, Number(id)))!;
        const outcome = await runFeed(again, feed, { trigger: "manual", save: true, files, prices: PRICES });
        expect(outcome).toMatchObject({ status: "saved", counts: { new: 10, rejected: 0 } });
      }
      expect(await again.selectFrom("offers").select("id").execute()).toHaveLength(20);
    } finally {
      await again.destroy();
    }
  });
});
