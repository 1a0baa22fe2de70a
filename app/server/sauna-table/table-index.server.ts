import { sql, type RawBuilder } from "kysely";
import type { ProductGroup } from "~/lib/sauna-table/facet-sums";
import { TABLE_PAGE_SIZE, type SortDirection, type TableQuery } from "~/lib/sauna-table/table-query";
import type { DB } from "../db/connection.server";
import { dialectOf } from "../db/dialect";
import { offLoopHandle } from "../db/off-loop-reads.server";
import { onCatalogChange } from "../catalog/catalog-cache.server";
import { log } from "../log.server";
import { inStockSql, orderSql, todaysPriceSql, type FilterOptions } from "./table-sql.server";

/**
 * The columns the table of every sauna filters by, for every product, in memory: which heater,
 * type, seats, today's price and whether a shop has it in stock. At 200,000 products a filter
 * read in SQL is a pass over every product (the counts' GROUP BY, then the page's ids sorted), and
 * a reader changing the price bound pays it on every request. Here the counts are one loop over
 * typed arrays and a page is a walk down the sort order until it is full: a millisecond or two.
 *
 * Everything comes from SQL and is the SQL path's answer exactly: the columns by the same
 * expressions (todaysPriceSql, the stock rule), the order by the same ORDER BY (orderSql), read
 * once as one text per catalog version and day. It is built in the background (off the event loop
 * on SQLite, parsed a slice at a time) while the first requests after a change read SQL as before,
 * and dropped on every catalog change. A collection's table (a few dozen products) reads SQL.
 */

interface Columns {
  /** Product ids, ascending: a product's position is its index here. */
  ids: Int32Array;
  heater: Uint8Array;
  heaterKeys: string[];
  category: Uint16Array;
  categoryKeys: string[];
  /** -1: the product names no seats. */
  capacity: Int16Array;
  /** Today's price in minor units; NaN: no price shown. */
  price: Float64Array;
  inStock: Uint8Array;
  /** Each product's (heater, type, seats) group, an index into `groups`: what the counts add up by. */
  group: Int32Array;
  groups: { heater: number; category: number; capacity: number }[];
}

interface Order {
  positions: Promise<Int32Array>;
  sortBy: RawBuilder<unknown> | null;
  direction: SortDirection;
}

interface Index {
  options: FilterOptions;
  columns: Columns;
  /** Each sort's order, by "column direction", built on first use. */
  orders: Map<string, Order>;
  /** Read by a request since it was built: only such an index is built again after a change. */
  used: boolean;
}

/** Indexes kept per handle: one per day and currency, about 20 bytes a product each. */
const KEPT_INDEXES = 2;
/** Sort orders kept per index: each is 4 bytes a product. */
const KEPT_ORDERS = 8;
/** Rows parsed per turn of the event loop. */
const SLICE = 10_000;
/**
 * After a change, the indexes and orders readers used are built again once the catalog has been
 * quiet this long (a feed run or an import is one change; an owner saving product after product
 * is many), so the next reader rarely pays the SQL path.
 */
const REBUILD_AFTER_MS = 1_000;

interface HandleState {
  /** Bumped by every catalog change: a build that started before one is not kept. */
  generation: number;
  indexes: Map<string, { ready: Index | null; building: Promise<Index | null> }>;
  rebuild: ReturnType<typeof setTimeout> | null;
}

const states = new WeakMap<DB, HandleState>();

function stateOf(db: DB): HandleState {
  let state = states.get(db);
  if (!state) {
    const fresh: HandleState = { generation: 0, indexes: new Map(), rebuild: null };
    onCatalogChange(db, () => {
      const used = [...fresh.indexes.values()].flatMap((entry) => (entry.ready?.used ? [entry.ready] : []));
      fresh.generation++;
      fresh.indexes.clear();
      if (fresh.rebuild) clearTimeout(fresh.rebuild);
      fresh.rebuild = null;
      if (used.length === 0) return;
      fresh.rebuild = setTimeout(() => {
        fresh.rebuild = null;
        for (const old of used) void rebuild(db, old);
      }, REBUILD_AFTER_MS);
      fresh.rebuild.unref();
    });
    states.set(db, (state = fresh));
  }
  return state;
}

/**
 * The index for this day and currency if it is built; otherwise null, and its build is started
 * (the caller reads SQL meanwhile). A failed build is forgotten, so the next request tries again.
 */
export function readyTableIndex(db: DB, options: FilterOptions): Index | null {
  const state = stateOf(db);
  const key = keyOf(options);
  const entry = state.indexes.get(key);
  if (entry?.ready) entry.ready.used = true;
  if (entry) return entry.ready;
  const generation = state.generation;
  const slot: { ready: Index | null; building: Promise<Index | null> } = { ready: null, building: Promise.resolve(null) };
  slot.building = readColumns(db, options).then(
    (columns) => {
      if (state.generation !== generation || state.indexes.get(key) !== slot) return null;
      slot.ready = { options, columns, orders: new Map(), used: false };
      return slot.ready;
    },
    (error: unknown) => {
      log.warn(`The sauna table's kept columns could not be read; it reads SQL: ${(error as Error)?.message ?? error}`);
      if (state.indexes.get(key) === slot) state.indexes.delete(key);
      return null;
    },
  );
  state.indexes.set(key, slot);
  // Yesterday's (a new day reads today's prices afresh): at most two days are kept.
  while (state.indexes.size > KEPT_INDEXES) state.indexes.delete(state.indexes.keys().next().value!);
  return null;
}

/**
 * An index and its orders as a reader used them before a change. A measurement's order is left to
 * be asked for again: its method version may be what changed.
 */
async function rebuild(db: DB, old: Index): Promise<void> {
  const index = await builtTableIndex(db, old.options);
  if (!index) return;
  for (const [key, order] of old.orders) if (!key.startsWith("m-")) startOrder(db, index, key, order.sortBy, order.direction);
  // Built for readers to come, not read yet: a change before anyone reads it ends the chain.
  index.used = false;
}

/** The index, waiting for its build (tests, and the rebuild after a change). */
export async function builtTableIndex(db: DB, options: FilterOptions): Promise<Index | null> {
  readyTableIndex(db, options);
  return (await stateOf(db).indexes.get(keyOf(options))?.building) ?? null;
}

/** Today's prices depend on the day (a sale's end), the stock filter on the site's currency. */
function keyOf(options: FilterOptions): string {
  return `${options.today}|${options.currency.trim().toUpperCase()}`;
}

/** One text for the whole catalog: "id,heater,type,seats,price,stock;…" in id order. */
async function readColumns(db: DB, options: FilterOptions): Promise<Columns> {
  const reader = offLoopHandle(db);
  const postgres = dialectOf(db) === "postgres";
  const price = todaysPriceSql(options.today);
  const stocked = sql`(case when ${inStockSql(options.currency)} then 1 else 0 end)`;
  const row = postgres
    ? sql`concat_ws(',', products.id, products.heater_family, products.category_key,
        coalesce(products.capacity, -1), coalesce(${price}, -1), ${stocked})`
    : sql`products.id || ',' || products.heater_family || ',' || products.category_key || ',' ||
        coalesce(products.capacity, -1) || ',' || coalesce(${price}, -1) || ',' || ${stocked}`;
  const aggregate = postgres
    ? sql<string | null>`string_agg(${row}, ';' order by products.id)`
    : sql<string | null>`group_concat(${row}, ';' order by products.id)`;
  const result = await sql<{ text: string | null }>`select ${aggregate} as text from products`.execute(reader);
  return parseColumns(result.rows[0]?.text ?? "");
}

async function parseColumns(text: string): Promise<Columns> {
  let count = 0;
  for (let at = text.indexOf(";"); text.length > 0; at = text.indexOf(";", at + 1)) {
    count++;
    if (at < 0) break;
  }
  const columns: Columns = {
    ids: new Int32Array(count),
    heater: new Uint8Array(count),
    heaterKeys: [],
    category: new Uint16Array(count),
    categoryKeys: [],
    capacity: new Int16Array(count),
    price: new Float64Array(count),
    inStock: new Uint8Array(count),
    group: new Int32Array(count),
    groups: [],
  };
  const groupCodes = new Map<string, number>();
  const heaterCodes = new Map<string, number>();
  const categoryCodes = new Map<string, number>();
  const code = (codes: Map<string, number>, keys: string[], key: string) => {
    let found = codes.get(key);
    if (found === undefined) {
      codes.set(key, (found = keys.length));
      keys.push(key);
    }
    return found;
  };
  let start = 0;
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    const end = text.indexOf(";", start);
    const fields = text.slice(start, end < 0 ? text.length : end).split(",");
    start = end + 1;
    columns.ids[i] = Number(fields[0]);
    columns.heater[i] = code(heaterCodes, columns.heaterKeys, fields[1]!);
    columns.category[i] = code(categoryCodes, columns.categoryKeys, fields[2]!);
    columns.capacity[i] = Math.max(-1, Math.min(32_767, Number(fields[3])));
    const cents = Number(fields[4]);
    columns.price[i] = cents < 0 ? Number.NaN : cents;
    columns.inStock[i] = fields[5] === "1" ? 1 : 0;
    const groupKey = `${columns.heater[i]},${columns.category[i]},${columns.capacity[i]}`;
    let group = groupCodes.get(groupKey);
    if (group === undefined) {
      groupCodes.set(groupKey, (group = columns.groups.length));
      columns.groups.push({ heater: columns.heater[i]!, category: columns.category[i]!, capacity: columns.capacity[i]! });
    }
    columns.group[i] = group;
  }
  if (columns.heaterKeys.length > 255 || columns.categoryKeys.length > 65_535) throw new Error("Too many heater or type keys to index");
  return columns;
}

/** Whether position `i` passes every filter of the reader's. */
function matcher(columns: Columns, query: TableQuery): (i: number) => boolean {
  const heater = query.heater === null ? -1 : columns.heaterKeys.indexOf(query.heater);
  const category = query.type === null ? -1 : columns.categoryKeys.indexOf(query.type);
  // A filter on a value no product has keeps nothing.
  const none = (query.heater !== null && heater < 0) || (query.type !== null && category < 0);
  const minSeats = query.minSeats;
  const minCents = query.minPrice === null ? null : query.minPrice * 100;
  const maxCents = query.maxPrice === null ? null : query.maxPrice * 100;
  const { heater: heaters, category: categories, capacity, price, inStock } = columns;
  return (i) => {
    if (none) return false;
    if (heater >= 0 && heaters[i] !== heater) return false;
    if (category >= 0 && categories[i] !== category) return false;
    if (minSeats !== null && !(capacity[i]! >= minSeats)) return false;
    // NaN fails both comparisons: a product with no price is out of any price filter, as in SQL.
    if (minCents !== null && !(price[i]! >= minCents)) return false;
    if (maxCents !== null && !(price[i]! <= maxCents)) return false;
    if (query.inStock && inStock[i] !== 1) return false;
    return true;
  };
}

/**
 * The counts' groups (heater family, type, seats) among the products the price and stock filters
 * keep: one loop over the typed columns, the hot path of a reader moving the price bounds.
 */
export function indexedGroups(index: Index, query: TableQuery): ProductGroup[] {
  const { price, inStock, group, groups, heaterKeys, categoryKeys } = index.columns;
  const counts = new Int32Array(groups.length);
  const hasMin = query.minPrice !== null;
  const hasMax = query.maxPrice !== null;
  const minCents = (query.minPrice ?? 0) * 100;
  const maxCents = (query.maxPrice ?? 0) * 100;
  const stockOnly = query.inStock;
  for (let i = 0; i < group.length; i++) {
    const cents = price[i]!;
    // NaN fails both comparisons: a product with no price is out of any price filter, as in SQL.
    if (hasMin && !(cents >= minCents)) continue;
    if (hasMax && !(cents <= maxCents)) continue;
    if (stockOnly && inStock[i] !== 1) continue;
    counts[group[i]!]!++;
  }
  const result: ProductGroup[] = [];
  for (let g = 0; g < groups.length; g++) {
    if (counts[g] === 0) continue;
    const { heater, category, capacity } = groups[g]!;
    result.push({
      heaterFamily: heaterKeys[heater]!,
      categoryKey: categoryKeys[category]!,
      capacity: capacity < 0 ? null : capacity,
      count: counts[g]!,
    });
  }
  return result;
}

/**
 * The page's product ids: down the sort order, the products that pass every filter, past the
 * earlier pages. Null while that order is being read (the caller reads SQL meanwhile).
 */
export function indexedPageIds(db: DB, index: Index, query: TableQuery, sortBy: RawBuilder<unknown> | null): Promise<number[]> | null {
  const key = `${query.sort.column} ${query.sort.direction}`;
  const order = index.orders.get(key);
  if (!order) {
    startOrder(db, index, key, sortBy, query.sort.direction);
    return null;
  }
  return order.positions.then((positions) => pageOf(index.columns, positions, query));
}

function startOrder(db: DB, index: Index, key: string, sortBy: RawBuilder<unknown> | null, direction: SortDirection): void {
  if (index.orders.has(key)) return;
  if (index.orders.size >= KEPT_ORDERS) index.orders.delete(index.orders.keys().next().value!);
  const order: Order = { positions: readOrder(db, index.columns, sortBy, direction), sortBy, direction };
  order.positions.catch((error: unknown) => {
    log.warn(`The sauna table's order by ${key} could not be read; it reads SQL: ${(error as Error)?.message ?? error}`);
    if (index.orders.get(key) === order) index.orders.delete(key);
  });
  index.orders.set(key, order);
}

function pageOf(columns: Columns, positions: Int32Array, query: TableQuery): number[] {
  const passes = matcher(columns, query);
  let skip = (query.page - 1) * TABLE_PAGE_SIZE;
  const ids: number[] = [];
  for (let k = 0; k < positions.length && ids.length < TABLE_PAGE_SIZE; k++) {
    const i = positions[k]!;
    if (!passes(i)) continue;
    if (skip > 0) skip--;
    else ids.push(columns.ids[i]!);
  }
  return ids;
}

/** Every product's position in the table's order for this sort, as SQL orders them. */
async function readOrder(db: DB, columns: Columns, sortBy: RawBuilder<unknown> | null, direction: SortDirection): Promise<Int32Array> {
  const order = orderSql(db, sortBy, direction);
  const aggregate =
    dialectOf(db) === "postgres"
      ? sql<string | null>`string_agg(products.id::text, ',' order by ${order})`
      : sql<string | null>`group_concat(products.id, ',' order by ${order})`;
  const result = await sql<{ text: string | null }>`select ${aggregate} as text from products`.execute(offLoopHandle(db));
  const text = result.rows[0]?.text ?? "";
  const positions = new Int32Array(columns.ids.length);
  let start = 0;
  let k = 0;
  while (text.length > 0 && k < positions.length) {
    if (k > 0 && k % SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    const end = text.indexOf(",", start);
    const id = Number(text.slice(start, end < 0 ? text.length : end));
    const position = positionOf(columns.ids, id);
    // A product added after the columns were read: the index is dropped with that change anyway.
    if (position >= 0) positions[k++] = position;
    if (end < 0) break;
    start = end + 1;
  }
  return k === positions.length ? positions : positions.slice(0, k);
}

function positionOf(ids: Int32Array, id: number): number {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = ids[middle]!;
    if (value === id) return middle;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
