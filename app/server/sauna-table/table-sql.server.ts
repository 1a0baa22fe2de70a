import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from "kysely";
import type { SortExpression, TableColumn } from "~/lib/sauna-table/table-columns";
import type { SortDirection, TableQuery } from "~/lib/sauna-table/table-query";
import type { DB } from "../db/connection.server";
import type { Database } from "../db/schema";
import { dialectOf } from "../db/dialect";

/**
 * The table's filters and orders as SQL on the products table. Every number the page prints
 * (rows, counts, pages) comes from these, so a count and the rows behind it always agree.
 */

type ProductsEb = ExpressionBuilder<Database, "products">;

/**
 * Today's price from the row's copy of the displayed price (refreshProductPrices keeps it: the
 * offer the product page's price rule chose): the sale price while the sale runs and is below
 * the price, else the price; NULL when the product page shows no price. The row holds the copy
 * exactly so lists can filter and sort by price in SQL; the cell itself is printed from the
 * offers by the same rule the product page uses.
 */
export function todaysPriceSql(today: string): RawBuilder<number | null> {
  return sql<number | null>`(case
    when products.price_cents is null or products.price_cents <= 0 then null
    when products.sale_price_cents > 0 and products.sale_price_cents < products.price_cents
      and (products.sale_ends_at is null or products.sale_ends_at >= ${today}) then products.sale_price_cents
    else products.price_cents end)`;
}

/** The SQL a named sort expression stands for. */
const SORT_EXPRESSIONS: Record<SortExpression, (today: string) => RawBuilder<unknown>> = {
  price: todaysPriceSql,
};

/** What a column sorts by in SQL; a column that cannot sort has none. */
export function columnSortSql(column: TableColumn, today: string): RawBuilder<unknown> | null {
  switch (column.sort.kind) {
    case "column":
      return sql.ref(`products.${column.sort.column}`);
    case "expression":
      return SORT_EXPRESSIONS[column.sort.expression](today);
    case "measurement":
      // A value under an older method is no value here: it sorts with the unmeasured, last.
      return sql`(select measurement_values.value from measurement_values
        where measurement_values.product_id = products.id
          and measurement_values.measurement_id = ${column.sort.measurementId}
          and measurement_values.method_version = ${column.sort.methodVersion})`;
    case "none":
      return null;
  }
}

/**
 * ORDER BY: the column, products that do not say last whichever way, then best rated, then by
 * name and id, so a page boundary falls in one place on both databases.
 */
export function orderSql(db: DB, sortBy: RawBuilder<unknown> | null, direction: SortDirection): RawBuilder<unknown> {
  const postgres = dialectOf(db) === "postgres";
  const dir = sql.raw(direction);
  const nullsLast = (expression: RawBuilder<unknown>, way: RawBuilder<unknown>) =>
    // SQLite sorts NULL first ascending and last descending; PostgreSQL the other way round.
    postgres
      ? sql`${expression} ${way} nulls last`
      : direction === "asc"
        ? sql`${expression} is null, ${expression} asc`
        : sql`${expression} desc`;
  const rating = postgres ? sql`products.rating desc nulls last` : sql`products.rating desc`;
  const terms = [...(sortBy ? [nullsLast(sortBy, dir)] : []), rating, sql`products.name`, sql`products.id`];
  return sql.join(terms);
}

export interface FilterOptions {
  today: string;
  currency: string;
}

/**
 * The WHERE conditions of the reader's filters. `grouped` leaves out the three a GROUP BY counts
 * by (heater family, type, seats: app/lib/sauna-table/facet-sums.ts), for the counts' query.
 */
export function filterConditions(eb: ProductsEb, query: TableQuery, options: FilterOptions, grouped = false): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (!grouped) {
    if (query.minSeats !== null) conditions.push(eb("products.capacity", ">=", query.minSeats));
    if (query.heater !== null) conditions.push(eb("products.heater_family", "=", query.heater));
    if (query.type !== null) conditions.push(eb("products.category_key", "=", query.type));
  }
  const price = todaysPriceSql(options.today);
  if (query.minPrice !== null) conditions.push(sql<SqlBool>`${price} >= ${query.minPrice * 100}`);
  if (query.maxPrice !== null) conditions.push(sql<SqlBool>`${price} <= ${query.maxPrice * 100}`);
  if (query.inStock) conditions.push(inStockSql(options.currency));
  return conditions;
}

/**
 * The table's "in stock": a product with an offer in stock at a price in the site's currency. A
 * list read from the offers' stock index once, rather than a lookup for every product the order
 * walks past.
 */
export function inStockSql(currency: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`products.id in (select offers.product_id from offers
    where offers.availability = 'InStock' and offers.price_minor > 0
      and upper(offers.currency) = ${currency.trim().toUpperCase()})`;
}
