import { heaterFamily } from "./heater-families";
import { DEFAULT_COLUMN_KEYS, isMeasureKey, isSortable, MAX_MEASURE_COLUMNS, TABLE_COLUMNS, tableColumn } from "./table-columns";

/**
 * The table of every sauna's address: which columns, which order, which filters and which page,
 * all in the query string, so the page works without JavaScript and can be shared. Reading never
 * fails: a value that makes no sense is read as its default, and `canonicalTableParams` writes
 * the one spelling of what was read (parameters sorted, defaults dropped), which is both the
 * page-cache key and the URL the page links to.
 */

export const TABLE_PATH = "/reviews/table";
export const TABLE_PAGE_SIZE = 50;

/** The parameters the page reads, and no others. */
export const TABLE_PARAMS = {
  columns: "cols",
  sort: "sort",
  seats: "seats",
  heater: "heater",
  type: "type",
  minPrice: "min",
  maxPrice: "max",
  inStock: "stock",
  page: "page",
  list: "list",
} as const;

export type SortDirection = "asc" | "desc";

export interface TableSort {
  column: string;
  direction: SortDirection;
}

export interface TableQuery {
  /** Column keys: the fixed ones in the registry's order, then measurements' keys A to Z; never empty. */
  columns: string[];
  sort: TableSort;
  /** At least this many seats; null: any. */
  minSeats: number | null;
  /** A heater family's key; null: any. */
  heater: string | null;
  /** A category key ('barrel'); null: any. */
  type: string | null;
  /** Whole dollars, inclusive; null: no bound. */
  minPrice: number | null;
  maxPrice: number | null;
  inStock: boolean;
  page: number;
  /**
   * A collection's slug: the table of that collection's saunas only (the ones its page lists),
   * with the same columns, filters and counts; null: every sauna. Not a filter the reader clears.
   */
  list: string | null;
}

export const DEFAULT_SORT: TableSort = { column: "rating", direction: "desc" };
const MAX_SEATS = 30;
const MAX_PRICE_DOLLARS = 10_000_000;
const MAX_PAGE = 100_000;
/** A category key as the catalog stores it ('barrel', 'modern-cube'). */
const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

export const DEFAULT_TABLE_QUERY: TableQuery = {
  columns: [...DEFAULT_COLUMN_KEYS],
  sort: DEFAULT_SORT,
  minSeats: null,
  heater: null,
  type: null,
  minPrice: null,
  maxPrice: null,
  inStock: false,
  page: 1,
  list: null,
};

function wholeNumber(raw: string | null, max: number): number | null {
  const text = (raw ?? "").trim().replace(/[$,\s]/g, "");
  if (!/^\d{1,9}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= max ? value : null;
}

/**
 * 'cols' may be repeated (checkboxes) or comma-separated (a hand-written link): both are read. A
 * measurement's key is kept when it is spelled as one; the page drops those it does not know.
 */
function parseColumns(values: readonly string[]): string[] {
  const asked = new Set(values.flatMap((value) => value.split(",")).map((key) => key.trim().toLowerCase()));
  const fixed = TABLE_COLUMNS.filter((column) => asked.has(column.key)).map((column) => column.key);
  const measured = [...asked].filter(isMeasureKey).sort().slice(0, MAX_MEASURE_COLUMNS);
  const columns = [...fixed, ...measured];
  return columns.length > 0 ? columns : [...DEFAULT_COLUMN_KEYS];
}

/** 'price' is cheapest first, '-price' dearest first; a column that cannot sort is the default. */
export function parseSort(raw: string | null): TableSort {
  const text = (raw ?? "").trim().toLowerCase();
  const direction: SortDirection = text.startsWith("-") ? "desc" : "asc";
  const key = text.replace(/^-/, "");
  if (isMeasureKey(key)) return { column: key, direction };
  const column = tableColumn(key);
  return column && isSortable(column) ? { column: column.key, direction } : DEFAULT_SORT;
}

/**
 * The query with only the measurements the site has: a column of one deleted or renamed since the
 * link was made is left out (the defaults when nothing is left), and a sort by it is the default.
 */
export function withKnownMeasurements(query: TableQuery, knownKeys: ReadonlySet<string>): TableQuery {
  const known = (key: string) => !isMeasureKey(key) || knownKeys.has(key);
  const columns = query.columns.filter(known);
  return {
    ...query,
    columns: columns.length > 0 ? columns : [...DEFAULT_COLUMN_KEYS],
    sort: known(query.sort.column) ? query.sort : DEFAULT_SORT,
  };
}

export function sortParam(sort: TableSort): string {
  return sort.direction === "desc" ? `-${sort.column}` : sort.column;
}

function slugOrNull(raw: string | null): string | null {
  const text = (raw ?? "").trim().toLowerCase();
  return SLUG.test(text) ? text : null;
}

export function parseTableQuery(params: URLSearchParams): TableQuery {
  const heater = (params.get(TABLE_PARAMS.heater) ?? "").trim().toLowerCase();
  let minPrice = wholeNumber(params.get(TABLE_PARAMS.minPrice), MAX_PRICE_DOLLARS);
  let maxPrice = wholeNumber(params.get(TABLE_PARAMS.maxPrice), MAX_PRICE_DOLLARS);
  // Bounds typed the wrong way round still mean the range between them.
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const stock = (params.get(TABLE_PARAMS.inStock) ?? "").trim().toLowerCase();
  return {
    columns: parseColumns(params.getAll(TABLE_PARAMS.columns)),
    sort: parseSort(params.get(TABLE_PARAMS.sort)),
    minSeats: wholeNumber(params.get(TABLE_PARAMS.seats), MAX_SEATS),
    heater: heaterFamily(heater) ? heater : null,
    type: slugOrNull(params.get(TABLE_PARAMS.type)),
    minPrice,
    maxPrice,
    inStock: stock === "1" || stock === "on" || stock === "true" || stock === "yes",
    page: wholeNumber(params.get(TABLE_PARAMS.page), MAX_PAGE) ?? 1,
    list: slugOrNull(params.get(TABLE_PARAMS.list)),
  };
}

function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}

/** The one spelling of a query: names sorted, columns in the registry's order, defaults left out. */
export function canonicalTableParams(query: TableQuery): URLSearchParams {
  const pairs: Array<[string, string]> = [];
  if (!sameColumns(query.columns, DEFAULT_COLUMN_KEYS)) for (const key of query.columns) pairs.push([TABLE_PARAMS.columns, key]);
  if (query.heater !== null) pairs.push([TABLE_PARAMS.heater, query.heater]);
  if (query.list !== null) pairs.push([TABLE_PARAMS.list, query.list]);
  if (query.maxPrice !== null) pairs.push([TABLE_PARAMS.maxPrice, String(query.maxPrice)]);
  if (query.minPrice !== null) pairs.push([TABLE_PARAMS.minPrice, String(query.minPrice)]);
  if (query.page !== 1) pairs.push([TABLE_PARAMS.page, String(query.page)]);
  if (query.minSeats !== null) pairs.push([TABLE_PARAMS.seats, String(query.minSeats)]);
  if (query.sort.column !== DEFAULT_SORT.column || query.sort.direction !== DEFAULT_SORT.direction)
    pairs.push([TABLE_PARAMS.sort, sortParam(query.sort)]);
  if (query.inStock) pairs.push([TABLE_PARAMS.inStock, "1"]);
  if (query.type !== null) pairs.push([TABLE_PARAMS.type, query.type]);
  // Stable: repeated 'cols' keep the registry's order.
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return new URLSearchParams(pairs);
}

export function tableHref(query: TableQuery): string {
  const search = canonicalTableParams(query).toString();
  return search === "" ? TABLE_PATH : `${TABLE_PATH}?${search}`;
}

/** Whether the reader narrowed or reordered the table: such pages are kept out of search engines. */
export function isBareTable(query: TableQuery): boolean {
  return canonicalTableParams(query).toString() === "";
}

/**
 * Where a header's link goes: the same table sorted by that column, the first way the column
 * sorts (`firstDirection`), or the other way when it is the sorted one already; back to the first page.
 */
export function sortHref(query: TableQuery, columnKey: string, firstDirection: SortDirection): string {
  const direction: SortDirection = query.sort.column === columnKey ? (query.sort.direction === "asc" ? "desc" : "asc") : firstDirection;
  return tableHref({ ...query, sort: { column: columnKey, direction }, page: 1 });
}

export function pageOfTableHref(query: TableQuery, page: number): string {
  return tableHref({ ...query, page });
}

/** Whether any filter narrows the rows (the column choice and the order do not). */
export function isFiltered(query: TableQuery): boolean {
  return (
    query.minSeats !== null ||
    query.heater !== null ||
    query.type !== null ||
    query.minPrice !== null ||
    query.maxPrice !== null ||
    query.inStock
  );
}
