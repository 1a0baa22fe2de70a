import type { Insertable } from "kysely";
import { loadConfig } from "../../app/server/config.server";
import { openDatabase, type DB } from "../../app/server/db/connection.server";
import type { CollectionsTable } from "../../app/server/db/schema";

/**
 * Collections an end-to-end spec adds to the running site, through the site's own settings,
 * connection and table types (the way the create-admin script writes beside a running server):
 * never SQL typed into the database file. See docs/decisions/0040.
 *
 * Only the seed writes a collection with a selection rule (criteria_type / criteria_value); the
 * admin's CSV import sets titles, texts and hand-picked members. So a spec that needs a
 * rule-based collection the seed lacks inserts the row here, and removes it when it is done.
 *
 * The running server is not told: it reads a slug it has never served straight from the
 * database, so a brand-new collection shows at once. Use a slug of the test's own.
 */

export type ExtraCollection = Pick<Insertable<CollectionsTable>, "slug" | "title" | "criteria_type" | "criteria_value">;

/** The database of the site Playwright serves (playwright.config.ts gives it E2E_DATA_DIR). */
function openSiteDatabase(): DB {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the specs with `npm run test:e2e` or `npx playwright test`");
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" });
  return openDatabase(config.database);
}

export interface CollectionWriter {
  add(collection: ExtraCollection): Promise<void>;
  /** Deletes every collection this writer added. */
  removeAll(): Promise<void>;
  close(): Promise<void>;
}

export function collectionWriter(): CollectionWriter {
  const db = openSiteDatabase();
  const added: string[] = [];
  return {
    async add(collection) {
      const now = new Date().toISOString();
      await db
        .insertInto("collections")
        .values({
          ...collection,
          description: null,
          intro: null,
          image_url: null,
          featured: false,
          is_sample: false,
          created_at: now,
          updated_at: now,
        })
        .execute();
      added.push(collection.slug);
    },
    async removeAll() {
      if (added.length > 0) await db.deleteFrom("collections").where("slug", "in", added.splice(0)).execute();
    },
    close: () => db.destroy(),
  };
}
