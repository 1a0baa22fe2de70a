import { sql, type RawBuilder, type ExpressionBuilder, type Expression, type SqlBool } from "kysely";
import type { Product } from "~/lib/catalog/catalog";
import type { ListTag } from "~/lib/catalog/product-list-keys";
import type { ProductOrder, ProductSelection } from "~/lib/catalog/product-selection";
import type { DB } from "../db/connection.server";
import type { Database } from "../db/schema";
import { dialectOf } from "../db/dialect";
import { toIsoString } from "../db/timestamps";
import { withOffers } from "../offers/offer-reads.server";
import { withCardPriceHistory } from "../offers/price-history.server";
import { PRODUCT_COLUMNS, toProduct, type ProductRecord } from "../products/product-row-mapping";
import { listOrderClause, ORDER_KEYS, type OrderKey } from "./product-order.server";
import { countSearchMatches, searchCondition, searchProductPage } from "./product-search.server";

/**
 * The public product lists, a page at a time (ADR 0017): the selection becomes a WHERE clause on
 * the stored list keys, the order and the page bounds are SQL, and the count for the page links
 * is a count(*) with the same WHERE. A page skips at most a few hundred of the list's products,
 * however deep it is: deep pages start from page marks (ADR 0084), not from the top. Each page's
 * products come with their offers, read in one more query for the whole page, so every list
 * prints the price the one rule decides (app/lib/offers/display-price.ts), and with the month of
 * price history a card's "Price dropped" is measured against (two more queries).
 */

export interface PageWindow {
  limit: number;
  offset: number;
}

type ProductsEb = ExpressionBuilder<Database, "products">;

/** `%text%` for LIKE, with LIKE's own wildcards in the text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function columnContains(column: "feature_words" | "heater_key", text: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(`products.${column}`)} like ${containsPattern(text)} escape '\\'`;
}

/**
 * A selection as its SQL is written: on SQLite, a tag that holds many products is a "long-tag",
 * and a tag with stored members that together hold many a "long-tag-and-members" (sqlSelection).
 */
type ListSelection =
  ProductSelection | { kind: "long-tag"; tag: ListTag } | { kind: "long-tag-and-members"; tag: ListTag; collectionId: number };

/** A collection whose rule is a tag and which keeps stored members beside it. */
function tagAndMembers(selection: ProductSelection): { tag: ListTag; collectionId: number } | undefined {
  return selection.kind === "rule-and-members" && selection.rule.kind === "tag"
    ? { tag: selection.rule.tag, collectionId: selection.collectionId }
    : undefined;
}

/**
 * SQLite keeps no statistics to choose by, so it is told how to read a tag's products (its rows
 * in product_list_tags, migration 2026_11_28_0700_product_list_tags): a tag with at least
 * WALK_ORDER_INDEX_FROM products walks the list's order index and looks each product up in the
 * tag's key, which stops after a page; a shorter one reads its rows and sorts them. Counting that
 * far reads at most that many keys. PostgreSQL's planner makes the choice from its statistics.
 */
async function sqlSelection(db: DB, selection: ProductSelection): Promise<ListSelection> {
  const both = tagAndMembers(selection);
  // PostgreSQL's planner reads a plain tag well by itself; given the union of a tag's rows and
  // the members, it sorts the whole union for every page.
  if (dialectOf(db) !== "sqlite" && !both) return selection;
  const tag = selection.kind === "tag" ? selection.tag : both?.tag;
  if (tag === undefined) return selection;
  const members = both
    ? sql`(select count(*) from (select 1 from collection_products where collection_id = ${both.collectionId} limit ${WALK_ORDER_INDEX_FROM}) as members)`
    : sql`0`;
  const { rows } = await sql<{ n: number | string }>`
    select (select count(*) from (select 1 from product_list_tags where tag = ${tag} limit ${WALK_ORDER_INDEX_FROM}) as tagged) + ${members} as n
  `.execute(db);
  if (Number(rows[0]!.n) < WALK_ORDER_INDEX_FROM) return selection;
  return both ? { kind: "long-tag-and-members", ...both } : { kind: "long-tag", tag };
}

/** Whether the product has a row under `tag`, found by the tag's key. */
function hasTag(eb: ProductsEb, tag: ListTag) {
  return eb.exists(
    eb
      .selectFrom("product_list_tags")
      .select(sql.lit(1).as("one"))
      .where("product_list_tags.tag", "=", tag)
      .whereRef("product_list_tags.product_id", "=", "products.id"),
  );
}

/** Whether the product is a stored member of the collection, found by the members' key. */
function isMember(eb: ProductsEb, collectionId: number) {
  return eb.exists(
    eb
      .selectFrom("collection_products")
      .select(sql.lit(1).as("one"))
      .where("collection_products.collection_id", "=", collectionId)
      .whereRef("collection_products.product_id", "=", "products.id"),
  );
}

/** The ids of a tag's products, from its rows. */
function taggedIds(eb: ProductsEb, tag: ListTag) {
  return eb.selectFrom("product_list_tags").select("product_list_tags.product_id").where("product_list_tags.tag", "=", tag);
}

function selectionCondition(db: DB, eb: ProductsEb, selection: ListSelection): Expression<SqlBool> | null {
  switch (selection.kind) {
    case "all":
      return null;
    case "tag":
      return eb("products.id", "in", taggedIds(eb, selection.tag));
    case "long-tag":
      return hasTag(eb, selection.tag);
    case "long-tag-and-members":
      return eb.or([hasTag(eb, selection.tag), isMember(eb, selection.collectionId)]);
    case "category":
      return eb("products.category_key", "=", selection.key);
    case "brand":
      return eb("products.brand_key", "=", selection.key);
    case "capacity":
      return eb("products.capacity", "=", selection.persons);
    case "min-capacity":
      return eb("products.capacity", ">=", selection.persons);
    case "heater-contains":
      return columnContains("heater_key", selection.text);
    case "feature-prefix":
      return columnContains("feature_words", selection.needle);
    case "search":
      return selection.words.length === 0 ? null : searchCondition(db, selection);
    case "rule-and-members": {
      const rule = selectionCondition(db, eb, selection.rule);
      // A rule that takes every product leaves nothing to add.
      if (rule === null) return null;
      const members = eb
        .selectFrom("collection_products")
        .select("collection_products.product_id")
        .where("collection_products.collection_id", "=", selection.collectionId);
      // A tag's rows and the members are two short lists of ids: one IN over their union is read
      // by key, where "in the tag OR a member" is tested on every product of the catalog.
      if (selection.rule.kind === "tag") return eb("products.id", "in", taggedIds(eb, selection.rule.tag).union(members));
      return eb.or([rule, eb("products.id", "in", members)]);
    }
  }
}

/**
 * Which products a list holds, for a query of another screen over the products table (the table
 * of every sauna, narrowed to one collection): a rule's selection, or a collection's stored
 * members. Null: every product.
 */
export type ListScope = { kind: "selection"; selection: ProductSelection } | { kind: "members"; collectionId: number };

export function listScopeCondition(db: DB, eb: ProductsEb, scope: ListScope): Expression<SqlBool> | null {
  return scope.kind === "members" ? isMember(eb, scope.collectionId) : selectionCondition(db, eb, scope.selection);
}

function selectedProducts(db: DB, selection: ListSelection) {
  return db.selectFrom("products").where((eb) => selectionCondition(db, eb, selection) ?? sql<SqlBool>`1 = 1`);
}

/** One page of the selected products, in the list's order, with their offers and recent price history. */
export async function listProductPage(db: DB, selection: ProductSelection, order: ProductOrder, window: PageWindow): Promise<Product[]> {
  const rows =
    selection.kind === "search" && selection.words.length > 0
      ? (await searchProductPage(db, selection, order, window)).rows
      : await listPage(db, await sqlSelection(db, selection), order, window);
  return withCardPriceHistory(db, await withOffers(db, rows.map(toProduct)));
}

/** A page of a list and how many products a reader can page through. */
export interface ListPageAndCount {
  products: Product[];
  /** The list's products; a search's results shown, at most SEARCH_RESULTS_SHOWN. */
  total: number;
  /** A search matched more products than it shows. */
  more: boolean;
}

/**
 * A page and the count for its page links (the reviews index). A search counts its matches as
 * far as it shows them (product-search.server.ts).
 */
export async function listProductPageAndCount(
  db: DB,
  selection: ProductSelection,
  order: ProductOrder,
  window: PageWindow,
): Promise<ListPageAndCount> {
  if (selection.kind === "search" && selection.words.length > 0) {
    const { rows, shown, more } = await searchProductPage(db, selection, order, window);
    return { products: await withCardPriceHistory(db, await withOffers(db, rows.map(toProduct))), total: shown, more };
  }
  const [total, products] = await Promise.all([countProducts(db, selection), listProductPage(db, selection, order, window)]);
  return { products, total, more: false };
}

function productColumns() {
  return PRODUCT_COLUMNS.map((column) => `products.${column}` as const);
}

/**
 * A page of a list that is not a search. The first pages skip their few rows with OFFSET; a
 * deeper page starts from the list's nearest page mark (below), so it reads at most MARK_EVERY
 * rows more than a page however deep it is.
 */
async function listPage(db: DB, selection: ListSelection, order: ProductOrder, window: PageWindow): Promise<ProductRecord[]> {
  if (window.offset >= MARK_EVERY) {
    const mark = await nearestMark(db, JSON.stringify([order, selection]), window.offset, () => numberList(db, selection, order));
    // None: the list is empty.
    if (mark) return pageFromMark(db, selection, order, mark, window);
  }
  return selectedProducts(db, selection)
    .select(productColumns())
    .orderBy(listOrderClause(db, order))
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/**
 * A list's page marks are the order's key of the products at positions 0, MARK_EVERY,
 * 2 MARK_EVERY…, numbered for one version of the products (migration
 * 2026_11_28_0600_product_list_version) by one pass over the list, the first time a deep page of
 * it is read after a change. Fewer marks make that pass keep less; more make a deep page walk less.
 */
const MARK_EVERY = 250;

interface PageMark {
  position: number;
  rating: number | null;
  review_total: number | null;
  name: string;
  product_id: number;
}

/** A list's marks for one version of the products; each mark knows its position in the list. */
interface ListMarks<Mark extends { position: number }> {
  version: string;
  marks: Mark[];
}

/**
 * Each server process keeps the marks of the lists it was asked deep pages of, in memory: a read
 * never writes (SQLite would wait behind a long import for its one writer), and a list's marks
 * are at most a few hundred keys. Keyed by database handle, then by list; the least recently
 * numbered lists go first.
 */
const MARKED_LISTS_KEPT = 64;
const marksByDb = new WeakMap<DB, Map<string, ListMarks<{ position: number }>>>();

/**
 * The list's last mark at or before the offset, numbering the list (`number`) if it changed since
 * it was last numbered; undefined for an empty list.
 */
async function nearestMark<Mark extends { position: number }>(
  db: DB,
  listKey: string,
  offset: number,
  number: () => Promise<ListMarks<Mark> | undefined>,
): Promise<Mark | undefined> {
  const lists = marksByDb.get(db) ?? new Map<string, ListMarks<{ position: number }>>();
  marksByDb.set(db, lists);
  const version = await sql<{ version: string | number }>`select version from product_list_version`.execute(db);
  let current = lists.get(listKey) as ListMarks<Mark> | undefined;
  if (current?.version !== String(version.rows[0]!.version)) {
    current = await number();
    lists.delete(listKey);
    if (current) lists.set(listKey, current);
    while (lists.size > MARKED_LISTS_KEPT) lists.delete(lists.keys().next().value!);
  }
  const marks = current?.marks ?? [];
  // The last mark at or before the offset; marks[0] is at position 0.
  let low = 0;
  let high = marks.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (marks[middle]!.position <= offset) low = middle;
    else high = middle - 1;
  }
  return marks[low];
}

/**
 * Numbers the list in one statement, so the marks and the version they are for come from the same
 * snapshot: a write that commits meanwhile moves the version past them. Undefined for an empty
 * list.
 */
async function numberList(db: DB, listSelection: ListSelection, order: ProductOrder): Promise<ListMarks<PageMark> | undefined> {
  // Only the order's own columns, which its index holds: the pass reads no row it need not. It
  // reads the whole list, so a long tag too is read from its rows, not by a lookup per product.
  const selection: ListSelection =
    listSelection.kind === "long-tag"
      ? { kind: "tag", tag: listSelection.tag }
      : listSelection.kind === "long-tag-and-members"
        ? { kind: "rule-and-members", rule: { kind: "tag", tag: listSelection.tag }, collectionId: listSelection.collectionId }
        : listSelection;
  const columns = ORDER_KEYS[order].map(({ column }) => `products.${column}` as const);
  const ranked = selectedProducts(db, selection).select([
    ...columns,
    sql<number>`row_number() over (order by ${listOrderClause(db, order)}) - 1`.as("position"),
  ]);
  const marked = await rowsAtMarks<Omit<PageMark, "product_id"> & { id: number }>(db, ranked);
  if (!marked) return undefined;
  return {
    version: marked.version,
    marks: marked.rows.map((row) => ({
      position: Number(row.position),
      rating: row.rating ?? null,
      review_total: row.review_total ?? null,
      name: row.name,
      product_id: Number(row.id),
    })),
  };
}

/**
 * The page `window` of the list, read onwards from a mark: the products at or after the mark's
 * key are, in order, those that share the key's first columns and come after it in the next one,
 * longest shared prefix first. Each such part is a range of the order's index (a descending
 * column's later values, then its NULLs), so each is read from its start, at most as far as the
 * page's end; the parts are put in order and the page is cut from them.
 */
async function pageFromMark(
  db: DB,
  selection: ListSelection,
  order: ProductOrder,
  mark: PageMark,
  window: PageWindow,
): Promise<ProductRecord[]> {
  const keys = ORDER_KEYS[order];
  const valueOf = (column: OrderKey["column"]) => (column === "id" ? mark.product_id : mark[column]);
  const sameAs = ({ column }: OrderKey) => {
    const value = valueOf(column);
    return value === null
      ? sql<SqlBool>`${sql.ref(`products.${column}`)} is null`
      : sql<SqlBool>`${sql.ref(`products.${column}`)} = ${value}`;
  };
  const parts: Array<RawBuilder<SqlBool>[]> = [];
  keys.forEach((_, index) => {
    const at = keys.length - 1 - index;
    const key = keys[at]!;
    const column = sql.ref(`products.${key.column}`);
    const value = valueOf(key.column);
    const prefix = keys.slice(0, at).map(sameAs);
    if (at === keys.length - 1) parts.push([...prefix, sql<SqlBool>`${column} >= ${value}`]);
    else if (!key.descending) parts.push([...prefix, sql<SqlBool>`${column} > ${value}`]);
    else if (value !== null) parts.push([...prefix, sql<SqlBool>`${column} < ${value}`], [...prefix, sql<SqlBool>`${column} is null`]);
  });
  const skip = window.offset - mark.position;
  const keyColumns = keys.map(({ column }) => `products.${column}` as const);
  const arms = parts.map((conditions, part) => {
    const arm = selectedProducts(db, selection)
      .where(sql<SqlBool>`${sql.join(conditions, sql` and `)}`)
      .select([...keyColumns, sql.lit(part).as("part")])
      .orderBy(listOrderClause(db, order))
      .limit(skip + window.limit);
    return sql`select * from (${arm}) as ${sql.ref(`part_${part}`)}`;
  });
  const { rows: page } = await sql<{ id: number }>`
    select products.id from (${sql.join(arms, sql` union all `)}) as products
    order by products.part, ${listOrderClause(db, order)}
    limit ${window.limit} offset ${skip}
  `.execute(db);
  if (page.length === 0) return [];
  const ids = page.map((row) => Number(row.id));
  const rows = await db.selectFrom("products").select(productColumns()).where("products.id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Past this many products, SQLite reads a tag's list by walking the list's order index and
 * keeping the tag's products, which stops after one page, instead of fetching every product of
 * the tag and sorting them all: for a tag on most of 200,000 products, about 70 ms against 600 ms
 * on a busy 2-core machine. Under it, fetching the few and sorting them is quicker than walking
 * the whole index. PostgreSQL's planner makes that choice itself from its statistics.
 */
const WALK_ORDER_INDEX_FROM = 2000;

/** The first selected product in the list's order, or null. */
export async function firstProduct(db: DB, selection: ProductSelection, order: ProductOrder): Promise<Product | null> {
  const [product] = await listProductPage(db, selection, order, { limit: 1, offset: 0 });
  return product ?? null;
}

/**
 * The count of a selection that is not a search. A tag's is its rows' alone, read from their key
 * without touching a product (the triggers keep a row for each product of the tag, and no other).
 */
function countSelected(db: DB, selection: ListSelection) {
  if (selection.kind === "tag" || selection.kind === "long-tag")
    return db
      .selectFrom("product_list_tags")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("product_list_tags.tag", "=", selection.tag);
  // A tag with stored members: the tag's rows, and the members without a row under the tag
  // (one probe of the tag's key each), counted without reading a product.
  const both = selection.kind === "long-tag-and-members" ? selection : tagAndMembers(selection);
  if (both) {
    const tagged = db
      .selectFrom("product_list_tags")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("product_list_tags.tag", "=", both.tag);
    const untaggedMembers = db
      .selectFrom("collection_products")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("collection_products.collection_id", "=", both.collectionId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("product_list_tags")
              .select(sql.lit(1).as("one"))
              .where("product_list_tags.tag", "=", both.tag)
              .whereRef("product_list_tags.product_id", "=", "collection_products.product_id"),
          ),
        ),
      );
    return db.selectNoFrom(sql<number | string>`(${tagged}) + (${untaggedMembers})`.as("n"));
  }
  return selectedProducts(db, selection).select((eb) => eb.fn.countAll<number | string>().as("n"));
}

/** How many products the selection holds (PostgreSQL returns count(*) as text). */
export async function countProducts(db: DB, selection: ProductSelection): Promise<number> {
  if (selection.kind === "search" && selection.words.length > 0) return countSearchMatches(db, selection);
  const row = await countSelected(db, selection).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many products a list holds and when the newest of them last changed (ISO; null for none). */
export interface ListSummary {
  count: number;
  newestChange: string | null;
}

const summaryOf = (row: { n: number | string; newest: Date | string | null }): ListSummary => ({
  count: Number(row.n),
  newestChange: row.newest === null ? null : toIsoString(row.newest),
});

/**
 * countProducts and the selection's newest updated_at in the same statement: a collection page
 * dates itself by the products it lists at no extra read. A tag's both come from its rows alone:
 * the count from their key, the newest from the end of the tag's (tag, updated_at) range.
 */
export async function summariseProducts(db: DB, selection: ProductSelection): Promise<ListSummary> {
  const both = tagAndMembers(selection);
  const tag = selection.kind === "tag" ? selection.tag : both?.tag;
  if (tag !== undefined) {
    const tagNewest = db
      .selectFrom("product_list_tags")
      .select((eb) => eb.fn.max("product_list_tags.updated_at").as("newest"))
      .where("product_list_tags.tag", "=", tag);
    // With stored members: the newer of the tag's newest and the members' (read by their key).
    // The members' newest is the first member met walking the products from the newest change
    // (the admin list's (updated_at, id) index), not the max over every member's row.
    const membersNewest = both
      ? db
          .selectFrom("products")
          .select("products.updated_at")
          .where((eb) => isMember(eb, both.collectionId))
          .orderBy("products.updated_at", "desc")
          .limit(1)
      : undefined;
    const newest = membersNewest
      ? sql`select max(newest) from (select (${tagNewest}) as newest union all select (${membersNewest}) as newest) as newest_of_both`
      : tagNewest;
    const { rows } = await sql<{ n: number | string; newest: Date | string | null }>`
      select (${countSelected(db, selection)}) as n, (${newest}) as newest
    `.execute(db);
    return summaryOf(rows[0]!);
  }
  const row = await selectedProducts(db, selection)
    .select((eb) => [eb.fn.countAll<number | string>().as("n"), eb.fn.max("products.updated_at").as("newest")])
    .executeTakeFirstOrThrow();
  return summaryOf(row);
}

/** countMembers, with the members' newest updated_at. */
export async function summariseMembers(db: DB, collectionId: number): Promise<ListSummary> {
  const row = await db
    .selectFrom("collection_products")
    .innerJoin("products", "products.id", "collection_products.product_id")
    .select((eb) => [eb.fn.countAll<number | string>().as("n"), eb.fn.max("products.updated_at").as("newest")])
    .where("collection_products.collection_id", "=", collectionId)
    .executeTakeFirstOrThrow();
  return summaryOf(row);
}

/** One page of a collection's stored members, in the editor's order, with their offers and recent price history. */
export async function listMemberPage(db: DB, collectionId: number, window: PageWindow): Promise<Product[]> {
  let query = db
    .selectFrom("collection_products")
    .innerJoin("products", "products.id", "collection_products.product_id")
    .select(productColumns())
    .where("collection_products.collection_id", "=", collectionId);
  let skip = window.offset;
  // A deep page starts from the nearest mark, as a product list's does; the editor's order is
  // (position, product id), both never NULL, so the products from a mark on are one range.
  const mark =
    window.offset >= MARK_EVERY
      ? await nearestMark(db, JSON.stringify(["members", collectionId]), window.offset, () => numberMembers(db, collectionId))
      : undefined;
  if (mark) {
    const position = sql.ref("collection_products.position");
    query = query.where(
      sql<SqlBool>`${position} >= ${mark.memberPosition} and (${position} > ${mark.memberPosition} or collection_products.product_id >= ${mark.productId})`,
    );
    skip = window.offset - mark.position;
  }
  const rows = await query.orderBy("collection_products.position").orderBy("products.id").limit(window.limit).offset(skip).execute();
  return withCardPriceHistory(db, await withOffers(db, rows.map(toProduct)));
}

interface MemberMark {
  position: number;
  memberPosition: number;
  productId: number;
}

/**
 * The rows of `ranked` (which numbers its rows from 0 as `position`) at every MARK_EVERY-th
 * position, with the list version read in the same statement, so the marks are for that version.
 */
async function rowsAtMarks<Row>(db: DB, ranked: Expression<unknown>): Promise<{ version: string; rows: Row[] } | undefined> {
  const { rows } = await sql<Row & { version: string | number }>`
    select ranked.*, (select version from product_list_version) as version from (${ranked}) as ranked
    where ranked.position % ${sql.lit(MARK_EVERY)} = 0
    order by ranked.position
  `.execute(db);
  return rows.length === 0 ? undefined : { version: String(rows[0]!.version), rows };
}

/** numberList for a collection's stored members. */
async function numberMembers(db: DB, collectionId: number): Promise<ListMarks<MemberMark> | undefined> {
  const marked = await rowsAtMarks<{ position: number; member_position: number; product_id: number }>(
    db,
    sql`
      select collection_products.position as member_position, collection_products.product_id,
        row_number() over (order by collection_products.position, collection_products.product_id) - 1 as position
      from collection_products join products on products.id = collection_products.product_id
      where collection_products.collection_id = ${collectionId}
    `,
  );
  if (!marked) return undefined;
  return {
    version: marked.version,
    marks: marked.rows.map((row) => ({
      position: Number(row.position),
      memberPosition: Number(row.member_position),
      productId: Number(row.product_id),
    })),
  };
}

export async function countMembers(db: DB, collectionId: number): Promise<number> {
  const row = await db
    .selectFrom("collection_products")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("collection_id", "=", collectionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The collections that have stored members: one id per collection, never a product list. */
export async function listCollectionIdsWithMembers(db: DB): Promise<Set<number>> {
  const rows = await db.selectFrom("collection_products").select("collection_id").distinct().execute();
  return new Set(rows.map((row) => Number(row.collection_id)));
}

/** The collections a product is a stored member of. */
export async function listCollectionIdsOfProduct(db: DB, productId: number): Promise<Set<number>> {
  const rows = await db.selectFrom("collection_products").select("collection_id").where("product_id", "=", productId).execute();
  return new Set(rows.map((row) => Number(row.collection_id)));
}
