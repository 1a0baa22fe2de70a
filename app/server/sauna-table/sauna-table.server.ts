import { expressionBuilder, sql, type ExpressionBuilder, type RawBuilder, type SqlBool } from "kysely";
import type { Product } from "~/lib/catalog/catalog";
import type { MeasurementValue } from "~/lib/measurements/measurements";
import { sumFacets, type ProductGroup } from "~/lib/sauna-table/facet-sums";
import { isMeasureKey, type TableColumn } from "~/lib/sauna-table/table-columns";
import { DEFAULT_SORT, DEFAULT_TABLE_QUERY, isFiltered, TABLE_PAGE_SIZE, type TableQuery } from "~/lib/sauna-table/table-query";
import type { TableFacetCounts } from "~/lib/sauna-table/table-view";
import type { DB } from "../db/connection.server";
import { dialectOf } from "../db/dialect";
import type { Database } from "../db/schema";
import { onCatalogChange } from "../catalog/catalog-cache.server";
import { listScopeCondition, type ListScope } from "../catalog/product-lists.server";
import { measurementValuesFor } from "../measurements/measurements.server";
import { withOffers } from "../offers/offer-reads.server";
import { PRODUCT_COLUMNS, toProduct } from "../products/product-row-mapping";
import { columnSortSql, filterConditions, orderSql, type FilterOptions } from "./table-sql.server";
import { indexedGroups, indexedPageIds, readyTableIndex } from "./table-index.server";

/**
 * The table of every sauna, read a page at a time: the page's ids, filtered, ordered and cut, and
 * the table's count with every filter's counts. For the whole catalog both come from its table
 * columns kept in memory (table-index.server.ts) once they are built; before that, and for a
 * collection's table, from two queries on the covering index of migration
 * 2026_11_29_0900_sauna_table_indexes, never the wide product rows. Then the page's 50 products are
 * read whole by id, with their offers for the price cell and, when a measurement's column is
 * shown, their measured values.
 */

export interface TableRead {
  products: Product[];
  /** The page's measured values by product id, then measurement id; empty when no measurement column is shown. */
  measured: Map<number, Map<number, MeasurementValue>>;
  /** Rows matching the filters, on every page. */
  total: number;
  facets: TableFacetCounts;
}

/** The reader's filters, inside the list the table is narrowed to (a collection's saunas), if any. */
function where(db: DB, query: TableQuery, options: TableOptions, grouped = false) {
  return (eb: ExpressionBuilder<Database, "products">) => {
    const conditions = filterConditions(eb, query, options, grouped);
    const scope = options.scope ? listScopeCondition(db, eb, options.scope) : null;
    if (scope) conditions.push(scope);
    return conditions.length === 0 ? sql<SqlBool>`1 = 1` : eb.and(conditions);
  };
}

export interface TableOptions extends FilterOptions {
  /** The list the table is narrowed to (`?list=`, a collection's saunas); absent: every sauna. */
  scope?: ListScope | null;
  /**
   * Runs a read that walks the catalog in SQL (the counts, the page's ids before the kept columns
   * are built): the page passes its limiter here, so only those reads queue.
   */
  heavyReads?: <T>(read: () => Promise<T>) => Promise<T>;
}

/** `columns`: every column the site can show (app/lib/sauna-table/table-columns.ts's `tableColumnsWith`). */
export async function readTable(db: DB, query: TableQuery, options: TableOptions, columns: readonly TableColumn[]): Promise<TableRead> {
  const column = columns.find((candidate) => candidate.key === query.sort.column);
  const sortBy = column ? columnSortSql(column, options.today) : null;
  // The whole catalog's table reads its kept columns once they are built (table-index.server.ts);
  // a collection's, and any table before then, reads SQL.
  const index = options.scope ? null : readyTableIndex(db, options);
  const heavy = options.heavyReads ?? ((read) => read());
  const [groups, ids] = await Promise.all([
    index ? indexedGroups(index, query) : heavy(() => keptGroups(db, query, options)),
    (index && indexedPageIds(db, index, query, sortBy)) ?? heavy(() => pageIds(db, query, options, sortBy)),
  ]);
  const { total, facets } = sumFacets(groups, query);
  const [products, measured] = await Promise.all([
    productsInOrder(db, ids),
    query.columns.some(isMeasureKey) ? measuredByProduct(db, ids) : new Map<number, Map<number, MeasurementValue>>(),
  ]);
  return { products, measured, total, facets };
}

/** The page's ids in SQL. */
export async function pageIds(db: DB, query: TableQuery, options: TableOptions, sortBy: RawBuilder<unknown> | null): Promise<number[]> {
  const result = await sql<{ id: number | string }>`select products.id from products ${indexFor(db, query, options)}
      where ${where(db, query, options)(expressionBuilder<Database, "products">())}
      order by ${orderSql(db, sortBy, query.sort.direction)}
      limit ${TABLE_PAGE_SIZE} offset ${(query.page - 1) * TABLE_PAGE_SIZE}`.execute(db);
  return result.rows.map((row) => Number(row.id));
}

async function measuredByProduct(db: DB, ids: readonly number[]): Promise<Map<number, Map<number, MeasurementValue>>> {
  const byProduct = new Map<number, Map<number, MeasurementValue>>();
  for (const value of await measurementValuesFor(db, ids)) {
    const values = byProduct.get(value.productId) ?? new Map<number, MeasurementValue>();
    values.set(value.measurementId, value);
    byProduct.set(value.productId, values);
  }
  return byProduct;
}

/**
 * The filters' counts leave out the three filters they count by (heater, type, seats), so they
 * depend only on the price bounds, the stock filter, the list and the day: a reader clicking
 * through heaters, types and seat counts asks for the same counts again, and at 200,000 products
 * each is a GROUP BY over the whole catalog. They are kept per database handle until the catalog
 * changes (invalidateCatalog, which every admin save and every worker run reaches, on every
 * instance), at most KEPT_GROUP_SETS of them; a failed read is not kept.
 */
const KEPT_GROUP_SETS = 64;
const keptGroupSets = new WeakMap<DB, Map<string, Promise<ProductGroup[]>>>();

function keptGroups(db: DB, query: TableQuery, options: TableOptions): Promise<ProductGroup[]> {
  let kept = keptGroupSets.get(db);
  if (!kept) {
    const sets = new Map<string, Promise<ProductGroup[]>>();
    onCatalogChange(db, () => sets.clear());
    keptGroupSets.set(db, (kept = sets));
  }
  const key = JSON.stringify([options.today, options.currency, query.minPrice, query.maxPrice, query.inStock, options.scope ?? null]);
  let groups = kept.get(key);
  if (!groups) {
    const sets = kept;
    groups = productGroups(db, query, options);
    groups.catch(() => sets.delete(key));
    if (sets.size >= KEPT_GROUP_SETS) sets.delete(sets.keys().next().value!);
    sets.set(key, groups);
  }
  return groups;
}

/** How many products share each heater family, type and seat count, among those the other filters keep. */
export async function productGroups(db: DB, query: TableQuery, options: TableOptions): Promise<ProductGroup[]> {
  const rows = await db
    .selectFrom("products")
    .select(["products.heater_family", "products.category_key", "products.capacity", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where(where(db, query, options, true))
    .groupBy(["products.heater_family", "products.category_key", "products.capacity"])
    .execute();
  return rows.map((row) => ({
    heaterFamily: row.heater_family,
    categoryKey: row.category_key,
    capacity: row.capacity === null ? null : Number(row.capacity),
    count: Number(row.n),
  }));
}

/** The whole catalog's counts by heater, type and seats: the reviews index's ways into the table. */
export async function readCatalogFacets(db: DB, options: FilterOptions): Promise<TableFacetCounts> {
  const index = readyTableIndex(db, options);
  const groups = index ? indexedGroups(index, DEFAULT_TABLE_QUERY) : await keptGroups(db, DEFAULT_TABLE_QUERY, options);
  return sumFacets(groups, DEFAULT_TABLE_QUERY).facets;
}

/**
 * SQLite keeps no statistics to choose by, and left to itself it reads a filter's products through
 * a one-column index and then each product's wide row. Filtered or sorted by a column, the page's
 * ids are read from the table's covering index instead, which holds everything they are filtered
 * and sorted by. The bare table in its own order walks the rating order's index and stops after
 * the page. PostgreSQL's planner chooses from its statistics.
 */
function indexFor(db: DB, query: TableQuery, options: TableOptions) {
  const own = query.sort.column === DEFAULT_SORT.column && query.sort.direction === DEFAULT_SORT.direction;
  // A collection's list is read by its own keys (its tag's rows, its members), then sorted.
  if (dialectOf(db) === "postgres" || options.scope || (own && !isFiltered(query))) return sql``;
  return sql`indexed by products_table_idx`;
}

/** The page's products, whole and with their offers, in the order of `ids`. */
async function productsInOrder(db: DB, ids: readonly number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("products")
    .select(PRODUCT_COLUMNS.map((name) => `products.${name}` as const))
    .where("products.id", "in", ids)
    .execute();
  const byId = new Map(rows.map((row) => [Number(row.id), toProduct(row)]));
  return withOffers(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}
