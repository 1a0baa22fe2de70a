import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Dates and labels that are true (docs/decisions/0069-true-dates-and-labels.md):
 *
 * - products.best_seller: the owner's own mark; the only thing that makes a "Best seller" badge.
 * - collections.last_updated goes: only the sample content ever wrote it (fixed 2025 dates that
 *   never moved). A collection page now dates itself from its real last change.
 * - The sample collections' titles as shipped ("Best Barrel Saunas of 2025") lose their year: a
 *   year in a title must come from the content's own date. Only a title still exactly as the
 *   sample content wrote it is changed; one the owner has edited is theirs.
 */

/** Each sample collection's slug and its title as first shipped; the new title is the same without " of 2025". */
const SHIPPED_TITLES: readonly (readonly [string, string])[] = [
  ["outdoor-saunas", "Best Outdoor Saunas of 2025"],
  ["modern-outdoor-saunas", "Best Modern Outdoor Saunas of 2025"],
  ["traditional-finnish-saunas", "Best Traditional Finnish Saunas of 2025"],
  ["infrared-saunas", "Best Outdoor Infrared Saunas of 2025"],
  ["barrel-saunas", "Best Barrel Saunas of 2025"],
  ["wood-fired-saunas", "Best Wood-Fired Saunas of 2025"],
  ["electric-saunas", "Best Electric Outdoor Saunas of 2025"],
  ["clt-saunas", "Best CLT Saunas of 2025"],
  ["custom-saunas", "Best Custom Saunas of 2025"],
  ["two-person-saunas", "Best Two-Person Saunas of 2025"],
  ["four-person-saunas", "Best Four-Person Saunas of 2025"],
  ["six-person-saunas", "Best Six-Person Saunas of 2025"],
  ["budget-saunas", "Best Budget Saunas Under $10,000 of 2025"],
  ["premium-saunas", "Best Premium Saunas of 2025"],
  ["luxury-saunas", "Best Luxury Saunas of 2025"],
  ["recovery-saunas", "Best Saunas for Recovery of 2025"],
  ["eco-friendly-saunas", "Best Eco-Friendly Saunas of 2025"],
];

const withoutYear = (title: string) => title.replace(/ of 2025$/, "");

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  await db.schema
    .alterTable("products")
    .addColumn("best_seller", postgres ? "boolean" : "integer", (col) => col.notNull().defaultTo(postgres ? sql`false` : sql`0`))
    .execute();
  await db.schema.alterTable("collections").dropColumn("last_updated").execute();
  for (const [slug, shipped] of SHIPPED_TITLES) {
    await db
      .updateTable("collections")
      .set({ title: withoutYear(shipped) })
      .where("slug", "=", slug)
      .where("title", "=", shipped)
      .execute();
  }
}

/** The titles keep their true form: a title without a false year reads as well under the old code. */
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  await db.schema
    .alterTable("collections")
    .addColumn("last_updated", postgres ? "date" : "text")
    .execute();
  await db.schema.alterTable("products").dropColumn("best_seller").execute();
}
