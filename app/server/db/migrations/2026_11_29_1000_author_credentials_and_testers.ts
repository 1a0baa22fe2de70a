import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Authors readers can check, and who tested what:
 *
 * - `authors.credentials`: one line on why to trust them ("Certified sauna builder, 12 years").
 * - `authors.image_alt`: what their photo shows.
 * - `authors.profile_links`: their profiles elsewhere, a JSON array of https addresses; the
 *   single `profile_url` it replaces is carried over as its first entry.
 * - `products.tester`: the name of who tested the product for its review, like `reviewer` a name
 *   that links to the author of that name; empty means the reviewer tested it.
 * - `articles.tester_id`: the author who tried what the article describes; null means its author.
 * - The sample article "Infrared vs Traditional" as seeded had a comparison table whose first
 *   header cell was empty (a column a screen reader cannot name); a site that still has the sample
 *   as shipped gets the header the shipped file now has.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("authors")
    .addColumn("credentials", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("authors")
    .addColumn("image_alt", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("authors")
    .addColumn("profile_links", "text", (col) => col.notNull().defaultTo("[]"))
    .execute();
  const withProfile = await db.selectFrom("authors").select(["id", "profile_url"]).where("profile_url", "is not", null).execute();
  for (const row of withProfile) {
    if (!String(row.profile_url).trim()) continue;
    await db
      .updateTable("authors")
      .set({ profile_links: JSON.stringify([String(row.profile_url).trim()]) })
      .where("id", "=", row.id)
      .execute();
  }
  await db.schema.alterTable("authors").dropColumn("profile_url").execute();

  await db.schema.alterTable("products").addColumn("tester", "text").execute();
  await db.schema
    .alterTable("articles")
    .addColumn("tester_id", "integer", (col) => col.references("authors.id").onDelete("set null"))
    .execute();
  // An author's removal sets these to null; without the index it would scan the articles.
  await db.schema.createIndex("articles_tester_idx").on("articles").column("tester_id").execute();

  await db
    .updateTable("articles")
    .set({ body: sql<string>`replace(body, ${EMPTY_HEADER}, ${NAMED_HEADER})` })
    .where("slug", "=", "infrared-vs-traditional")
    .where(sql.ref("is_sample"), "=", sql.raw(dialectOf(db) === "postgres" ? "true" : "1"))
    .where("body", "like", `%${EMPTY_HEADER}%`)
    .execute();
}

const EMPTY_HEADER = "\n| | Traditional Finnish | Infrared |\n";
const NAMED_HEADER = "\n| Feature | Traditional Finnish | Infrared |\n";

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("articles_tester_idx").execute();
  await db.schema.alterTable("articles").dropColumn("tester_id").execute();
  await db.schema.alterTable("products").dropColumn("tester").execute();
  await db.schema.alterTable("authors").addColumn("profile_url", "text").execute();
  const rows = await db.selectFrom("authors").select(["id", "profile_links"]).execute();
  for (const row of rows) {
    let first: unknown;
    try {
      first = (JSON.parse(String(row.profile_links)) as unknown[])[0];
    } catch {
      first = undefined;
    }
    if (typeof first === "string") await db.updateTable("authors").set({ profile_url: first }).where("id", "=", row.id).execute();
  }
  await db.schema.alterTable("authors").dropColumn("profile_links").execute();
  await db.schema.alterTable("authors").dropColumn("image_alt").execute();
  await db.schema.alterTable("authors").dropColumn("credentials").execute();
}
