import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * The Knowledge Center moves into the database (docs/decisions/0078): authors, articles with
 * their Markdown body and publication state, every saved revision of an article, and the old
 * addresses of articles whose slug changed after publication (they answer 301). Times are
 * milliseconds since 1970 (bigint), compared as numbers on both databases.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
  const flag = postgres ? "boolean" : "integer";

  await db.schema
    .createTable("authors")
    .addColumn("id", "integer", id)
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("bio", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("image", "text")
    .addColumn("profile_url", "text")
    .addColumn("is_sample", flag, (col) => col.notNull().defaultTo(false))
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("articles")
    .addColumn("id", "integer", id)
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("excerpt", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("meta_title", "text")
    .addColumn("meta_description", "text")
    .addColumn("category_slug", "text", (col) => col.notNull())
    // Tag names in the article's order, a JSON array as text (both dialects read it alike).
    .addColumn("tags", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("author_id", "integer", (col) => col.references("authors.id").onDelete("set null"))
    .addColumn("image", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("image_alt", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("featured", flag, (col) => col.notNull().defaultTo(false))
    .addColumn("body", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("read_time_minutes", "integer")
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("draft")
        .check(sql`status in ('draft', 'scheduled', 'published')`),
    )
    // When it goes (scheduled) or went (published) live; its UTC date is the date the page shows.
    .addColumn("publish_at", "bigint")
    // YYYY-MM-DD set by "Mark as updated".
    .addColumn("last_updated", "text")
    .addColumn("is_sample", flag, (col) => col.notNull().defaultTo(false))
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("articles_status_publish_at_idx").on("articles").columns(["status", "publish_at"]).execute();
  await db.schema.createIndex("articles_author_idx").on("articles").column("author_id").execute();

  await db.schema
    .createTable("article_revisions")
    .addColumn("id", "integer", id)
    .addColumn("article_id", "integer", (col) => col.notNull().references("articles.id").onDelete("cascade"))
    .addColumn("saved_at", "bigint", (col) => col.notNull())
    // No foreign key: the history outlives the account.
    .addColumn("user_id", "text")
    .addColumn("user_email", "text", (col) => col.notNull())
    // The article's editable fields as saved, JSON.
    .addColumn("snapshot", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("article_revisions_article_idx").on("article_revisions").columns(["article_id", "saved_at"]).execute();

  await db.schema
    .createTable("article_redirects")
    .addColumn("old_slug", "text", (col) => col.primaryKey())
    .addColumn("article_id", "integer", (col) => col.notNull().references("articles.id").onDelete("cascade"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("article_redirects").execute();
  await db.schema.dropTable("article_revisions").execute();
  await db.schema.dropTable("articles").execute();
  await db.schema.dropTable("authors").execute();
}
