import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { ProductOrder, ProductSelection } from "~/lib/catalog/product-selection";
import { SEARCH_RESULTS_SHOWN } from "~/lib/reviews/catalog-search";
import type { DB } from "../db/connection.server";
import { dialectOf } from "../db/dialect";
import { withLocalSettings } from "../db/local-settings.server";
import { PRODUCT_COLUMNS, type ProductRecord } from "../products/product-row-mapping";
import { listOrderClause, ORDER_INDEX } from "./product-order.server";

/**
 * The reviews index search (/reviews?q=) in the database: which products match, in which order,
 * a page at a time (docs/decisions/0093).
 *
 * The order is searchRank's (app/lib/reviews/catalog-search.ts), then the list's own: the
 * products whose name is the query, those whose name holds every word whole, those whose name
 * starts a word with every word, then the other matches. Those ranks are sets, each inside the
 * next, and each has an index of its own: the name (exact name), the name's words in the
 * full-text index (SQLite FTS5's search_name column, PostgreSQL's search_name_vector), the whole
 * record's words (FTS5, search_vector). A search shows its best SEARCH_RESULTS_SHOWN matches.
 *
 * Counting every match and sorting every match by rank is what made a common word slow: a word in
 * every name read and ranked all 200,000 products (430 ms on PostgreSQL). So the sets are counted
 * only up to SORT_AT_MOST, and a page is read in two parts: the sets small enough are read and
 * sorted whole by rank; the next, larger set is read by walking the list's order index and
 * testing each product's stored words, keeping those not in the first part, which stops after a
 * page. A set of more than SORT_AT_MOST products is 1 product in 40 of a 200,000-product catalog
 * or more, so the walk meets a page of them soon; a smaller one could make it read the whole
 * catalog, so it is sorted instead. Both databases take the same steps, so they give the same
 * pages.
 */

export type SearchSelection = Extract<ProductSelection, { kind: "search" }>;

/** The ranks as sets, each inside the next (see above). */
type MatchSet = "exact-name" | "name-words" | "name-starts" | "anywhere";

/**
 * Up to this many matches are read and sorted by rank; past it, the walk. Counting that far
 * reads at most this many index entries (about 5 ms on PostgreSQL at 200,000 products).
 */
const SORT_AT_MOST = 5000;

/** One page of a search's results and how many results it has. */
export interface SearchResultPage {
  rows: ProductRecord[];
  /** The results a reader can page through: every match, at most SEARCH_RESULTS_SHOWN. */
  shown: number;
  /** More products match than are shown. */
  more: boolean;
}

/** The words every match must start a word with, as each database's full-text query reads them. */
function textQuery(db: DB, selection: SearchSelection, whole: boolean): string {
  if (dialectOf(db) === "postgres") return selection.words.map((word) => (whole ? word : `${word}:*`)).join(" & ");
  // SQLite FTS5: the words are letters and digits only (searchTokens), quoted as strings.
  return selection.words.map((word) => (whole ? `"${word}"` : `"${word}"*`)).join(" ");
}

/** FTS5's query for the set, asked of its search_name column or of the whole record. */
function sqliteMatch(db: DB, selection: SearchSelection, set: "name-words" | "name-starts" | "anywhere"): string {
  const words = textQuery(db, selection, set === "name-words");
  return set === "anywhere" ? words : `search_name : (${words})`;
}

/** Whether the product is in the set, as a condition on the products table. */
function inSet(db: DB, selection: SearchSelection, set: MatchSet): RawBuilder<SqlBool> {
  const exactName = sql<SqlBool>`products.search_name = ${selection.phrase}`;
  if (set === "exact-name") return exactName;
  // A name that is the query holds every word (the query's words are its tokens, or their
  // singulars, which start them), so it is in every set; but a singular ('barrel' for the query
  // 'barrels') is not the whole word, so 'name-words' names it.
  const orExactName = (condition: RawBuilder<SqlBool>) => (set === "name-words" ? sql<SqlBool>`(${condition} or ${exactName})` : condition);
  if (dialectOf(db) === "postgres") {
    const query = textQuery(db, selection, set === "name-words");
    return orExactName(
      set === "anywhere"
        ? sql<SqlBool>`products.search_vector @@ to_tsquery('simple', ${query})`
        : sql<SqlBool>`products.search_name_vector @@ to_tsquery('simple', ${query})`,
    );
  }
  return orExactName(
    sql<SqlBool>`products.id in (select rowid from product_search where product_search match ${sqliteMatch(db, selection, set)})`,
  );
}

/**
 * How many products the set holds, counted no further than `cap`. SQLite counts the full-text
 * sets in its index alone, without reading a product.
 */
async function countUpTo(db: DB, selection: SearchSelection, set: MatchSet, cap: number): Promise<number> {
  const { rows } =
    dialectOf(db) === "sqlite" && (set === "anywhere" || set === "name-starts")
      ? await sql<{ n: number }>`
          select count(*) as n from (
            select 1 from product_search where product_search match ${sqliteMatch(db, selection, set)} limit ${cap}
          ) as capped`.execute(db)
      : await sql<{ n: number | string }>`
          select count(*) as n from (select 1 from products where ${inSet(db, selection, set)} limit ${cap}) as capped
        `.execute(db);
  return Number(rows[0]!.n);
}

/**
 * How many products match anywhere, counted no further than `cap`, which must be reachable.
 *
 * PostgreSQL cannot tell how many products a word start (`barrel:*`) matches: it guesses a few
 * thousand, reads every match from the GIN index into a bitmap, and only then can the count stop
 * (22 ms for 66,674 matches at 200,000 products). For whole words its statistics are good, and for a
 * common word it reads the table until the cap instead (13 ms). A product holding every word whole
 * also starts a word with each, so when the whole words alone reach the cap, so do the matches.
 */
async function countMatchesUpTo(db: DB, selection: SearchSelection, cap: number): Promise<number> {
  if (dialectOf(db) === "postgres") {
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from (
        select 1 from products where products.search_vector @@ to_tsquery('simple', ${textQuery(db, selection, true)}) limit ${cap}
      ) as capped
    `.execute(db);
    if (Number(rows[0]!.n) >= cap) return cap;
  }
  return countUpTo(db, selection, "anywhere", cap);
}

/**
 * searchRank in SQL: 0 the name is the query, 1 the name holds every word whole, 2 the name
 * starts a word with every word, 3 the rest; the sets tested on the product's stored words.
 */
function rankExpression(selection: SearchSelection): RawBuilder<number> {
  return sql<number>`case
    when ${inSetByWords(selection, "exact-name")} then 0
    when ${inSetByWords(selection, "name-words")} then 1
    when ${inSetByWords(selection, "name-starts")} then 2
    else 3 end`;
}

const columns = () => sql.join(PRODUCT_COLUMNS.map((column) => sql.ref(`products.${column}`)));

/** Rows of a set of at most SORT_AT_MOST products, sorted by rank, then the list's order. */
async function readRanked(db: DB, selection: SearchSelection, order: ProductOrder, set: MatchSet, limit: number, offset: number) {
  // The rank leads the ORDER BY, so no index gives this order: the set is read and sorted.
  const { rows } = await sql<ProductRecord>`
    select ${columns()} from products where ${inSet(db, selection, set)}
    order by ${rankExpression(selection)}, ${listOrderClause(db, order)}
    limit ${limit} offset ${offset}
  `.execute(db);
  return rows;
}

/**
 * Whether the product is in the set, read from its stored words rather than looked up in the
 * full-text index: for a walk, which tests rows one at a time. The stored texts are the record's
 * words joined by single spaces (catalog-search.ts), so a word starts a word of the text exactly
 * when ' ' + word follows a space, and is a whole word when a space follows it too: the rule the
 * full-text indexes apply. Words are letters and digits, so they hold no LIKE wildcard, and they
 * are lower-case like the texts (LIKE ignores case for ASCII on SQLite, not on PostgreSQL).
 */
function inSetByWords(selection: SearchSelection, set: MatchSet): RawBuilder<SqlBool> {
  const exactName = sql<SqlBool>`products.search_name = ${selection.phrase}`;
  if (set === "exact-name") return exactName;
  const text =
    set === "anywhere"
      ? sql`(' ' || products.search_name || ' ' || products.search_text)`
      : set === "name-starts"
        ? sql`(' ' || products.search_name)`
        : sql`(' ' || products.search_name || ' ')`;
  const everyWord = sql.join(
    selection.words.map((word) => sql`${text} like ${set === "name-words" ? `% ${word} %` : `% ${word}%`}`),
    sql` and `,
  );
  return set === "name-words" ? sql<SqlBool>`((${everyWord}) or ${exactName})` : sql<SqlBool>`(${everyWord})`;
}

/**
 * Rows of `set` that are not in `before`, in the list's order, read by walking the order's index
 * and testing each product's stored words, which stops after the page. Each database is told to
 * walk: SQLite by naming the index; PostgreSQL, whose estimates for these tests are guesses (it
 * planned a scan of the whole table and a sort: 72 ms instead of 1), by turning off the other
 * ways for this one statement.
 */
async function readWalking(
  db: DB,
  selection: SearchSelection,
  order: ProductOrder,
  set: MatchSet,
  before: MatchSet,
  limit: number,
  offset: number,
) {
  const postgres = dialectOf(db) === "postgres";
  const read = async (executor: DB) => {
    const { rows } = await sql<ProductRecord>`
      select ${columns()} from products ${postgres ? sql`` : sql`indexed by ${sql.ref(ORDER_INDEX[order])}`}
      where ${inSetByWords(selection, set)} and not ${inSetByWords(selection, before)}
      order by ${listOrderClause(db, order)}
      limit ${limit} offset ${offset}
    `.execute(executor);
    return rows;
  };
  if (!postgres) return read(db);
  return withLocalSettings(db, WALK_SETTINGS, read);
}

/**
 * How PostgreSQL is told to walk: no scan of the whole table, no bitmap of a full-text index, no
 * sort, and neither the parallel workers nor the JIT compilation its (wrong) estimate of a long
 * query calls for, which cost 5 and 36 ms for a walk that takes 7. Without the sorts turned off,
 * it expects a single match, and so takes the smallest index to read whole and sorts what it
 * keeps: 609 ms for 'barrel glass' at 200,000 products, against 1 ms walking the order's index.
 */
const WALK_SETTINGS = {
  enable_seqscan: "off",
  enable_bitmapscan: "off",
  enable_sort: "off",
  enable_incremental_sort: "off",
  max_parallel_workers_per_gather: "0",
  jit: "off",
};

/** A part of the results: its size, when counted (the last part is "the rest"), and its reader. */
interface ResultPart {
  size?: number;
  read(limit: number, offset: number): Promise<ProductRecord[]>;
}

interface SearchPlan {
  parts: ResultPart[];
  shown: number;
  more: boolean;
}

/** Counts the sets and chooses the parts. */
async function planSearch(db: DB, selection: SearchSelection, order: ProductOrder): Promise<SearchPlan> {
  const ranked = (set: MatchSet, size: number): ResultPart => ({
    size,
    read: (limit, offset) => readRanked(db, selection, order, set, limit, offset),
  });
  const walking = (set: MatchSet, before: MatchSet): ResultPart => ({
    read: (limit, offset) => readWalking(db, selection, order, set, before, limit, offset),
  });

  // The matches and the name sets at once, on two connections side by side on PostgreSQL. The
  // name sets are not needed when the matches are few, but then they are fewer still and cost
  // nothing. The name's whole words are inside its word starts: when they pass the cap, the
  // starts are not counted (on PostgreSQL a bitmap of every match, as above).
  const cap = SORT_AT_MOST + 1;
  const [matches, [nameWords, nameStarts]] = await Promise.all([
    countMatchesUpTo(db, selection, cap),
    countUpTo(db, selection, "name-words", cap).then(
      async (words) => [words, words >= cap ? cap : await countUpTo(db, selection, "name-starts", cap)] as const,
    ),
  ]);
  const shown = Math.min(matches, SEARCH_RESULTS_SHOWN);
  const more = matches > SEARCH_RESULTS_SHOWN;
  if (matches <= SORT_AT_MOST) return { shown, more, parts: [ranked("anywhere", matches)] };

  // Many matches: the first sets small enough to sort, then the walk through the next one. A
  // set larger than SORT_AT_MOST holds more than the results shown, so the walk ends the list.
  if (nameWords > SORT_AT_MOST) {
    const exact = await countUpTo(db, selection, "exact-name", SEARCH_RESULTS_SHOWN);
    return { shown, more, parts: [ranked("exact-name", exact), walking("name-words", "exact-name")] };
  }
  if (nameStarts > SORT_AT_MOST) return { shown, more, parts: [ranked("name-words", nameWords), walking("name-starts", "name-words")] };
  return { shown, more, parts: [ranked("name-starts", nameStarts), walking("anywhere", "name-starts")] };
}

/**
 * One page of a search's results: the products at `window` of the best SEARCH_RESULTS_SHOWN
 * matches in rank order, and how many there are to page through.
 */
export async function searchProductPage(
  db: DB,
  selection: SearchSelection,
  order: ProductOrder,
  window: { limit: number; offset: number },
): Promise<SearchResultPage> {
  const { parts, shown, more } = await planSearch(db, selection, order);
  const rows: ProductRecord[] = [];
  let offset = window.offset;
  let wanted = Math.min(window.limit, shown - window.offset);
  for (const part of parts) {
    if (wanted <= 0) break;
    if (part.size !== undefined && offset >= part.size) {
      offset -= part.size;
      continue;
    }
    const read = await part.read(wanted, offset);
    rows.push(...read);
    wanted -= read.length;
    offset = 0;
  }
  return { rows, shown, more };
}

/**
 * Every match, counted in full: for the admin's previews of a collection rule, not for a page a
 * visitor waits on.
 */
export async function countSearchMatches(db: DB, selection: SearchSelection): Promise<number> {
  return countUpTo(db, selection, "anywhere", Number.MAX_SAFE_INTEGER);
}

/** Whether a product matches the search, for lists that select by a search among other rules. */
export function searchCondition(db: DB, selection: SearchSelection): RawBuilder<SqlBool> {
  return inSet(db, selection, "anywhere");
}
