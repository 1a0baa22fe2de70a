import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Every change of what an offer costs or whether it can be bought is kept (docs/decisions/0060):
 * one row per change of its price, sale price, sale end, currency, availability or shop. The
 * rows are written by triggers on the offers table, not by the application, because offers are
 * written from the product form, the product CSV, the offers CSV, the offer form and merchant
 * feeds, in single statements and in batches: a trigger cannot be forgotten by the next writer.
 *
 * A row holds the offer's state from `recorded_at` until the next row of the same offer. The
 * offer id is kept without a foreign key, so an offer the owner removed keeps its past (the
 * product's chart stays true); the product's removal takes its history with it.
 */

const WATCHED = ["price_minor", "sale_price_minor", "sale_ends_at", "currency", "availability", "merchant_id"] as const;
const COPIED = "product_id, offer_id, merchant_id, price_minor, sale_price_minor, sale_ends_at, currency, availability, recorded_at";

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
  const timestampType = postgres ? "timestamptz" : "text";
  const dateType = postgres ? "date" : "text";

  await db.schema
    .createTable("offer_price_history")
    .addColumn("id", "integer", id)
    .addColumn("product_id", "integer", (col) => col.notNull().references("products.id").onDelete("cascade"))
    .addColumn("offer_id", "integer", (col) => col.notNull())
    .addColumn("merchant_id", "integer", (col) => col.notNull())
    .addColumn("price_minor", "bigint")
    .addColumn("sale_price_minor", "bigint")
    .addColumn("sale_ends_at", dateType)
    .addColumn("currency", "text", (col) => col.notNull())
    .addColumn("availability", "text", (col) => col.notNull())
    .addColumn("recorded_at", timestampType, (col) => col.notNull())
    .execute();
  // The product page's chart and the cards' "price dropped" read one product's recent rows.
  await db.schema.createIndex("offer_price_history_product_idx").on("offer_price_history").columns(["product_id", "recorded_at"]).execute();

  // The offers already there: their current state since their price last changed.
  await sql`
    insert into offer_price_history (${sql.raw(COPIED)})
    select product_id, id, merchant_id, price_minor, sale_price_minor, sale_ends_at, currency, availability, price_changed_at from offers
  `.execute(db);

  if (postgres) {
    const changed = WATCHED.map((column) => `old.${column} is distinct from new.${column}`).join(" or ");
    await sql`
      create function offers_record_price_history() returns trigger language plpgsql as $$
      begin
        insert into offer_price_history (${sql.raw(COPIED)})
        values (new.product_id, new.id, new.merchant_id, new.price_minor, new.sale_price_minor, new.sale_ends_at, new.currency, new.availability, now());
        return null;
      end
      $$
    `.execute(db);
    await sql`create trigger offers_price_history_insert after insert on offers for each row execute function offers_record_price_history()`.execute(
      db,
    );
    await sql
      .raw(
        `create trigger offers_price_history_update after update on offers for each row when (${changed}) execute function offers_record_price_history()`,
      )
      .execute(db);
  } else {
    const changed = WATCHED.map((column) => `old.${column} is not new.${column}`).join(" or ");
    const values = `new.product_id, new.id, new.merchant_id, new.price_minor, new.sale_price_minor, new.sale_ends_at, new.currency, new.availability, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
    await sql
      .raw(
        `create trigger offers_price_history_insert after insert on offers begin insert into offer_price_history (${COPIED}) values (${values}); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger offers_price_history_update after update on offers when ${changed} begin insert into offer_price_history (${COPIED}) values (${values}); end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  if (postgres) {
    await sql`drop trigger if exists offers_price_history_update on offers`.execute(db);
    await sql`drop trigger if exists offers_price_history_insert on offers`.execute(db);
    await sql`drop function if exists offers_record_price_history()`.execute(db);
  } else {
    await sql`drop trigger if exists offers_price_history_insert`.execute(db);
    await sql`drop trigger if exists offers_price_history_update`.execute(db);
  }
  await db.schema.dropTable("offer_price_history").execute();
}
