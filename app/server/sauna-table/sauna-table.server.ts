import { sql, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Product } from "~/lib/catalog/catalog";
import { tableColumn } from "~/lib/sauna-table/table-columns";
import { TABLE_PAGE_SIZE, type TableQuery } from "~/lib/sauna-table/table-query";
import type { TableFacetCounts } from "~/lib/sauna-table/table-view";
import type { DB } from "../db/connection.server";
import type { Database } from "../db/schema";
import { withOffers } from "../offers/offer-reads.server";
import { PRODUCT_COLUMNS, toProduct } from "../products/product-row-mapping";
import { columnSortSql, filterConditions, heaterFamilySql, orderSql, type Facet, type FilterOptions } from "./table-sql.server";

/**
 * The table of every sauna, read a page at a time: the filters are a WHERE clause, the order and
 * the page are SQL, and only the page's ids are sorted (narrow rows through the indexes of
 * migration 2026_11_29_0900_sauna_table_indexes) before the page's 50 products are read whole,
 * with their offers for the price cell. The filter counts are GROUP BYs with the same WHERE.
 */


export interface TablePage {
  products: Product[];
  /** Rows matching the filters, on every page. */
  total: number;
}

function whereAll(query: TableQuery, options: FilterOptions, except?: Facet) {
  return (eb: ExpressionBuilder<Database, "products">) => {
    const conditions = filterConditions(eb, query, options, except);
    return conditions.length === 0 ? sql<SqlBool>`1 = 1` : eb.and(conditions);
  };
}

/** One page of rows, in the reader's order, with their offers. */
export async function readTablePage(db: DB, query: TableQuery, options: FilterOptions): Promise<TablePage> {
  const column = tableColumn(query.sort.column);
  const sortBy = column ? columnSortSql(column, options.today) : null;
  const where = whereAll(query, options);
  const offset = (query.page - 1) * TABLE_PAGE_SIZE;
  const [countRow, idRows] = await Promise.all([
    db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where(where)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("products")
      .select("products.id")
      .where(where)
      .orderBy(orderSql(db, sortBy, query.sort.direction))
      .limit(TABLE_PAGE_SIZE)
      .offset(offset)
      .execute(),
  ]);
  const ids = idRows.map((row) => Number(row.id));
  if (ids.length === 0) return { products: [], total: Number(countRow.n) };
  const rows = await db
    .selectFrom("products")
    .select(PRODUCT_COLUMNS.map((name) => `products.${name}` as const))
    .where("products.id", "in", ids)
    .execute();
  const byId = new Map(rows.map((row) => [Number(row.id), toProduct(row)]));
  const products = ids.flatMap((id) => byId.get(id) ?? []);
  return { products: await withOffers(db, products), total: Number(countRow.n) };
}

/**
 * The counts beside each filter's choices: how many rows choosing that value would give, the
 * other filters kept (so a count never promises rows that a click then does not show).
 */
export async function readTableFacets(db: DB, query: TableQuery, options: FilterOptions): Promise<TableFacetCounts> {
  const family = heaterFamilySql();
  const [heater, type, seats] = await Promise.all([
    db
      .selectFrom("products")
      .select([family.as("value"), (eb) => eb.fn.countAll<number | string>().as("n")])
      .where(whereAll(query, options, "heater"))
      .groupBy(family)
      .execute(),
    db
      .selectFrom("products")
      .select(["products.category_key as value", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where(whereAll(query, options, "type"))
      .where("products.category_key", "<>", "")
      .groupBy("products.category_key")
      .execute(),
    db
      .selectFrom("products")
      .select(["products.capacity as value", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where(whereAll(query, options, "seats"))
      .where("products.capacity", ">", 0)
      .groupBy("products.capacity")
      .execute(),
  ]);
  const counts = (rows: { value: unknown; n: number | string }[]) =>
    rows.filter((row) => row.value !== null).map((row) => ({ value: String(row.value), count: Number(row.n) }));
  return {
    heater: counts(heater),
    type: counts(type).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
    seats: counts(seats).sort((a, b) => Number(a.value) - Number(b.value)),
  };
}
