import { loadConfig } from "../../app/server/config.server";
import type { DB } from "../../app/server/db/connection.server";
import { openDatabase } from "../../app/server/db/connection.server";
import { createAdminAccount, type AdminSite } from "./admin-support";

/**
 * What some admin specs read from or put into a private site's database directly: the real ids
 * of its rows (for the /admin routes with an :id), an editor account, and orders a network
 * reported (the sample content has none).
 */

/** Runs `work` on the site's database (SQLite under its DATA_DIR), closed after. */
export async function withSiteDatabase<T>(site: AdminSite, work: (db: DB) => Promise<T>): Promise<T> {
  const config = loadConfig({ ...process.env, DATA_DIR: site.dataDir, DATABASE_URL: "" });
  const db = openDatabase(config.database);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** An account with the editor role only, made as create-admin makes one and then narrowed. */
export async function createEditorAccount(site: AdminSite, email: string, password: string): Promise<void> {
  await createAdminAccount(site, email, password);
  await withSiteDatabase(site, (db) => db.updateTable("user").set({ role: "editor" }).where("email", "=", email).execute());
}

/** Ids of real rows for every /admin route parameter, by name (see fillAdminPath). */
export interface SiteIds {
  articleId: number;
  productId: number;
  collectionId: number;
  feedId: number;
  /** A feed run (the :runId of /admin/feeds/:feedId/runs/:runId). */
  feedRunId: number;
  /** A run of owner work (the :runId of /admin/runs/:runId). */
  jobId: number;
  /** An A/B test (the :testId of /admin/ab-tests/:testId). */
  testId: number;
}

/**
 * The site's first article, product and collection, and a feed run, a run of owner work and an
 * A/B test, made here when the site has none: a feed of an uploaded file whose run failed, a
 * finished run, and a test that has ended (a running one would change the product pages that
 * other specs read).
 */
export async function siteIds(site: AdminSite): Promise<SiteIds> {
  return withSiteDatabase(site, async (db) => {
    const first = async (table: "articles" | "products" | "collections") =>
      Number((await db.selectFrom(table).select("id").orderBy("id").executeTakeFirstOrThrow()).id);
    let feedRun = await db.selectFrom("feed_runs").select(["id", "feed_id"]).orderBy("id").executeTakeFirst();
    if (!feedRun) {
      const merchant = await db.selectFrom("merchants").select("id").orderBy("id").executeTakeFirstOrThrow();
      const feed = await db
        .insertInto("feeds")
        .values({ name: "Phone-width feed", merchant_id: Number(merchant.id), source_kind: "upload", upload_original_name: "feed.csv" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      feedRun = await db
        .insertInto("feed_runs")
        .values({
          feed_id: Number(feed.id),
          started_at: now,
          finished_at: now,
          status: "failed",
          trigger: "manual",
          error: "The file could not be read.",
        })
        .returning(["id", "feed_id"])
        .executeTakeFirstOrThrow();
    }
    let job = await db.selectFrom("jobs").select("id").orderBy("id").executeTakeFirst();
    if (!job) {
      const now = Date.now();
      job = await db
        .insertInto("jobs")
        .values({
          kind: "merchants",
          state: "done",
          label: "Check the merchants",
          payload: "{}",
          started_by: "owner@example.com",
          created_at: now - 2_000,
          started_at: now - 1_500,
          finished_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    }
    let abTest = await db.selectFrom("ab_tests").select("id").orderBy("id").executeTakeFirst();
    if (!abTest) {
      const now = Date.now();
      abTest = await db
        .insertInto("ab_tests")
        .values({
          page_kind: "product",
          element: "label",
          variants: JSON.stringify(["buy-now", "check-price"]),
          status: "ended",
          started_at: now - 86_400_000,
          ended_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    }
    return {
      articleId: await first("articles"),
      productId: await first("products"),
      collectionId: await first("collections"),
      feedId: Number(feedRun.feed_id),
      feedRunId: Number(feedRun.id),
      jobId: Number(job.id),
      testId: Number(abTest.id),
    };
  });
}

/** The parameters of an /admin route pattern, from the site's ids. */
export function paramsFor(pattern: string, ids: SiteIds): Record<string, number> {
  return {
    articleId: ids.articleId,
    productId: ids.productId,
    collectionId: ids.collectionId,
    feedId: ids.feedId,
    runId: pattern.startsWith("/admin/feeds/") ? ids.feedRunId : ids.jobId,
    testId: ids.testId,
  };
}
