import { sql, type Kysely } from "kysely";

/**
 * The table of every sauna (/reviews/table) filters, counts and sorts 200,000 products in SQL.
 *
 * heater_family is a stored list key (app/lib/catalog/product-list-keys.ts), the heater's family
 * by the rule of app/lib/sauna-table/heater-families.ts: the first of wood, infrared, gas,
 * electric that the lower-cased heater type contains, 'other' for any other text, '' for none.
 * Filtering and counting by it is an index lookup instead of a LIKE on every product. Existing
 * rows get it here by the same rule, written out as it stands today.
 *
 * One covering index holds every column the table filters, counts and sorts by, so the page's
 * ids and its counts are read from the index (narrow entries) instead of the product rows, which
 * carry the descriptions. It leads with the filters the counts group by, so the one GROUP BY
 * that makes the count and every filter's counts reads it in order.
 */
const TABLE_COLUMNS = [
  "heater_family",
  "category_key",
  "capacity",
  "price_cents",
  "sale_price_cents",
  "sale_ends_at",
  "rating",
  "weight_lbs",
  "customer_rating",
  "score_build_quality",
  "score_heat_efficiency",
  "score_installation",
  "score_warranty",
  "score_value",
  "brand_key",
  "heater_key",
  "name",
  // PostgreSQL reads only the index when it holds every column the query names, the id too.
  "id",
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("heater_family", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await sql`update products set heater_family = case
      when heater_key = '' then ''
      when heater_key like '%wood%' then 'wood'
      when heater_key like '%infrared%' then 'infrared'
      when heater_key like '%gas%' then 'gas'
      when heater_key like '%electric%' then 'electric'
      else 'other' end
    where heater_key <> ''`.execute(db);
  await sql`create index products_table_idx on products (${sql.raw(TABLE_COLUMNS.join(", "))})`.execute(db);
  // "In stock only": the products with an offer in stock, read from this index alone.
  await sql`create index offers_in_stock_idx on offers (availability, product_id, price_minor, currency)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index offers_in_stock_idx`.execute(db);
  await sql`drop index products_table_idx`.execute(db);
  await db.schema.alterTable("products").dropColumn("heater_family").execute();
}
