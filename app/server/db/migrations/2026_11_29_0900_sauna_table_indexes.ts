import { sql, type Kysely } from "kysely";

/**
 * The table of every sauna (/reviews/table) filters, counts and sorts 200,000 products in SQL.
 * One narrow index holds every column its filters and counts read, so a count or a filter's
 * counts read the index instead of the wide product rows; the sortable columns get an index each
 * (with the id, the last key of every order), so a first page sorted by one is read in order and
 * stops after the page. Price sorts through the price copy's index.
 */
const SORT_INDEXES = [
  ["products_capacity_order_idx", "capacity"],
  ["products_weight_order_idx", "weight_lbs"],
  ["products_price_order_idx", "price_cents"],
  ["products_customer_rating_order_idx", "customer_rating"],
  ["products_score_build_quality_idx", "score_build_quality"],
  ["products_score_heat_efficiency_idx", "score_heat_efficiency"],
  ["products_score_installation_idx", "score_installation"],
  ["products_score_warranty_idx", "score_warranty"],
  ["products_score_value_idx", "score_value"],
  ["products_heater_key_idx", "heater_key"],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index products_table_filters_idx on products (category_key, heater_key, capacity, price_cents, sale_price_cents, sale_ends_at)`.execute(
    db,
  );
  for (const [name, column] of SORT_INDEXES) await sql`create index ${sql.raw(name)} on products (${sql.raw(column)}, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of SORT_INDEXES) await sql`drop index ${sql.raw(name)}`.execute(db);
  await sql`drop index products_table_filters_idx`.execute(db);
}
