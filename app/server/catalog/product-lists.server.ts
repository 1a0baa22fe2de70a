import { sql, type RawBuilder, type Selectable, type ExpressionBuilder, type Expression, type SqlBool } from "kysely";
import type { Product } from "~/lib/catalog/catalog";
import { tagNeedle } from "~/lib/catalog/product-list-keys";
import type { ProductOrder, ProductSelection } from "~/lib/catalog/product-selection";
import type { DB } from "../db/connection.server";
import type { Database } from "../db/schema";
import { dialectOf } from "../db/dialect";
import { toIsoString } from "../db/timestamps";
import { withOffers } from "../offers/offer-reads.server";
import { withCardPriceHistory } from "../offers/price-history.server";
import { PRODUCT_COLUMNS, toProduct } from "../products/product-row-mapping";

/**
 * The public product lists, a page at a time (ADR 0017): the selection becomes a WHERE clause on
 * the stored list keys, the order and the page bounds are SQL, and the count for the page links
 * is a count(*) with the same WHERE. Nothing here reads more rows than one page. Each page's
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

function columnContains(column: "list_tags" | "search_text" | "feature_words" | "heater_key", text: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(`products.${column}`)} like ${containsPattern(text)} escape '\\'`;
}

function selectionCondition(db: DB, eb: ProductsEb, selection: ProductSelection): Expression<SqlBool> | null {
  switch (selection.kind) {
    case "all":
      return null;
    case "tag":
      return columnContains("list_tags", tagNeedle(selection.tag));
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
      return selection.words.length === 0 ? null : fullTextMatch(db, selection.words);
    case "rule-and-members": {
      const rule = selectionCondition(db, eb, selection.rule);
      // A rule that takes every product leaves nothing to add.
      if (rule === null) return null;
      const members = eb
        .selectFrom("collection_products")
        .select("collection_products.product_id")
        .where("collection_products.collection_id", "=", selection.collectionId);
      return eb.or([rule, eb("products.id", "in", members)]);
    }
  }
}

/**
 * Which matches of a search a query asks for: every product with all the words, those whose name
 * holds them all (ranks 0-2 of searchRank), or the others (rank 3).
 */
type SearchPart = "everywhere" | "name" | "elsewhere";

/**
 * The search's words as each database's full-text query (migration 2026_11_28_0500_search_index).
 * The words are letters and digits only (searchTokens), so they need no quoting beyond what each
 * syntax asks for. PostgreSQL's name words carry weight A.
 */
function textQuery(db: DB, words: readonly string[], part: SearchPart): string {
  if (dialectOf(db) === "postgres") {
    const everywhere = words.map((word) => `${word}:*`).join(" & ");
    const name = words.map((word) => `${word}:*A`).join(" & ");
    return part === "everywhere" ? everywhere : part === "name" ? name : `(${everywhere}) & !(${name})`;
  }
  const everywhere = words.map((word) => `"${word}"*`).join(" ");
  const name = `search_name : (${everywhere})`;
  return part === "everywhere" ? everywhere : part === "name" ? name : `(${everywhere}) NOT ${name}`;
}

function fullTextMatch(db: DB, words: readonly string[], part: SearchPart = "everywhere"): Expression<SqlBool> {
  const query = textQuery(db, words, part);
  return dialectOf(db) === "postgres"
    ? sql<SqlBool>`products.search_vector @@ to_tsquery('simple', ${query})`
    : sql<SqlBool>`products.id in (select rowid from product_search where product_search match ${query})`;
}

/** SQLite counts in the FTS table itself, without joining each match back to its row. */
async function countMatches(db: DB, words: readonly string[], part: SearchPart): Promise<number> {
  const query = textQuery(db, words, part);
  const { rows } =
    dialectOf(db) === "postgres"
      ? await sql<{ n: string }>`select count(*) as n from products where search_vector @@ to_tsquery('simple', ${query})`.execute(db)
      : await sql<{ n: number }>`select count(*) as n from product_search where product_search match ${query}`.execute(db);
  return Number(rows[0]!.n);
}

/**
 * searchRank (catalog-search.ts) in SQL: 0 the name is the query, 1 the name holds every word
 * whole, 2 the name starts a word with every word, 3 the rest. Only the matching rows are ranked.
 */
function searchRankExpression(words: readonly string[], phrase: string) {
  const name = sql`(' ' || products.search_name || ' ')`;
  const all = (patterns: string[]) =>
    sql.join(
      patterns.map((pattern) => sql`${name} like ${pattern}`),
      sql` and `,
    );
  return sql`case
    when products.search_name = ${phrase} then 0
    when ${all(words.map((word) => `% ${word} %`))} then 1
    when ${all(words.map((word) => `% ${word}%`))} then 2
    else 3 end`;
}

function selectedProducts(db: DB, selection: ProductSelection) {
  return db.selectFrom("products").where((eb) => selectionCondition(db, eb, selection) ?? sql<SqlBool>`1 = 1`);
}

/**
 * 'desc nulls last' on PostgreSQL, whose descending order otherwise starts with NULL. SQLite
 * already sorts NULL below every value, and says plain 'desc' so its planner reads the index.
 */
function descending(db: DB) {
  return dialectOf(db) === "postgres" ? sql.raw("desc nulls last") : sql.raw("desc");
}

function orderClause(db: DB, order: ProductOrder, selection: ProductSelection): RawBuilder<unknown> {
  const desc = descending(db);
  if (selection.kind === "search" && selection.words.length > 0)
    return sql`${searchRankExpression(selection.words, selection.phrase)}, ${orderClause(db, order, { kind: "all" })}`;
  return order === "top-rating"
    ? sql`products.rating ${desc}, products.review_total ${desc}, products.name, products.id`
    : sql`products.rating ${desc}, products.name, products.id`;
}

/** One page of the selected products, in the list's order, with their offers and recent price history. */
export async function listProductPage(db: DB, selection: ProductSelection, order: ProductOrder, window: PageWindow): Promise<Product[]> {
  const rows =
    selection.kind === "search" && selection.words.length > 0
      ? await searchPage(db, selection, order, window)
      : await selectedProducts(db, selection)
          .select(PRODUCT_COLUMNS.map((column) => `products.${column}` as const))
          .orderBy(orderClause(db, order, selection))
          .limit(window.limit)
          .offset(window.offset)
          .execute();
  return withCardPriceHistory(db, await withOffers(db, rows.map(toProduct)));
}

/** The index each list order is read through (migration 2026_11_22_2330_product_list_keys). */
const ORDER_INDEX: Record<ProductOrder, string> = {
  rating: "products_rating_order_idx",
  "top-rating": "products_top_rating_order_idx",
};

/**
 * Past this many matches, SQLite reads the products outside the name ranks by walking the list's
 * order index and keeping the matches, which stops after one page, instead of fetching every
 * match and sorting them all: for a word in most of 200,000 products, about 70 ms against 600 ms
 * on a busy 2-core machine. Under it, fetching the few matches and sorting them is quicker than
 * walking the whole index. PostgreSQL's planner makes that choice itself from its statistics.
 */
const WALK_ORDER_INDEX_FROM = 2000;

/**
 * A page of search results in two parts that meet at the page boundary: the products whose name
 * holds every word (ranks 0-2 of searchRank, few as a rule), sorted by rank, then the other
 * matches (rank 3) in the list's own order, which an index can give without sorting them all.
 * Together they are exactly what orderClause's rank-first ORDER BY gives.
 */
async function searchPage(db: DB, selection: Extract<ProductSelection, { kind: "search" }>, order: ProductOrder, window: PageWindow) {
  const { words } = selection;
  const [named, others] = await Promise.all([countMatches(db, words, "name"), countMatches(db, words, "elsewhere")]);
  const columns = PRODUCT_COLUMNS.map((column) => sql.ref(`products.${column}`));
  const rows: Array<Selectable<Database["products"]>> = [];
  if (window.offset < named) {
    const { rows: first } = await sql<Selectable<Database["products"]>>`
      select ${sql.join(columns)} from products
      where ${fullTextMatch(db, words, "name")}
      order by ${orderClause(db, order, selection)}
      limit ${window.limit} offset ${window.offset}
    `.execute(db);
    rows.push(...first);
  }
  const offset = Math.max(0, window.offset - named);
  const limit = window.limit - rows.length;
  if (limit > 0 && offset < others) {
    const walk = dialectOf(db) === "sqlite" && others >= WALK_ORDER_INDEX_FROM;
    const { rows: rest } = await sql<Selectable<Database["products"]>>`
      select ${sql.join(columns)} from products ${walk ? sql`indexed by ${sql.ref(ORDER_INDEX[order])}` : sql``}
      where ${fullTextMatch(db, words, "elsewhere")}
      order by ${orderClause(db, order, { kind: "all" })}
      limit ${limit} offset ${offset}
    `.execute(db);
    rows.push(...rest);
  }
  return rows;
}

/** The first selected product in the list's order, or null. */
export async function firstProduct(db: DB, selection: ProductSelection, order: ProductOrder): Promise<Product | null> {
  const [product] = await listProductPage(db, selection, order, { limit: 1, offset: 0 });
  return product ?? null;
}

/** How many products the selection holds (PostgreSQL returns count(*) as text). */
export async function countProducts(db: DB, selection: ProductSelection): Promise<number> {
  if (selection.kind === "search" && selection.words.length > 0) return countMatches(db, selection.words, "everywhere");
  const row = await selectedProducts(db, selection)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
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
 * dates itself by the products it lists at no extra read.
 */
export async function summariseProducts(db: DB, selection: ProductSelection): Promise<ListSummary> {
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
  const rows = await db
    .selectFrom("collection_products")
    .innerJoin("products", "products.id", "collection_products.product_id")
    .select(PRODUCT_COLUMNS.map((column) => `products.${column}` as const))
    .where("collection_products.collection_id", "=", collectionId)
    .orderBy("collection_products.position")
    .orderBy("products.id")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return withCardPriceHistory(db, await withOffers(db, rows.map(toProduct)));
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
