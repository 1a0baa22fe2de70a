import type { Kysely } from "kysely";
import { productListKeys } from "~/lib/catalog/product-list-keys";
import { updateRows } from "../db/bulk-rows.server";
import type { Database } from "../db/schema";
import { PRODUCT_LIST_KEY_COLUMNS, toProduct } from "./product-row-mapping";

/**
 * Writes the stored list keys (ADR 0017) of some products, or of all. Every product write calls
 * this inside its own transaction, after the rows are saved, so the keys are computed from what
 * the database now holds: a CSV that updates only some columns keeps the others, and the keys
 * follow the merged row. Rows whose stored keys are already right are not written: an update of
 * search_name or search_text rewrites the row's full-text entry (SQLite's triggers, PostgreSQL's
 * generated tsvector), which a bulk import whose rows arrive with their keys should not pay twice.
 */

/** Rows read and written per statement. */
const BATCH = 2000;

type ProductRow = Parameters<typeof toProduct>[0];

/** The list key columns of a product, as stored. */
export type ListKeyRow = { [Column in (typeof PRODUCT_LIST_KEY_COLUMNS)[number]]: Column extends "review_total" ? number | null : string };

/** A product's list keys as the products row stores them. */
export function listKeyRow(product: Parameters<typeof productListKeys>[0]): ListKeyRow {
  const keys = productListKeys(product);
  return {
    list_tags: keys.listTags,
    search_name: keys.searchName,
    search_text: keys.searchText,
    feature_words: keys.featureWords,
    brand_key: keys.brandKey,
    category_key: keys.categoryKey,
    heater_key: keys.heaterKey,
    heater_family: keys.heaterFamily,
    review_total: keys.reviewTotal,
  };
}

// A migration calls this with its Kysely<any>; everyone else with the app's typed handle.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function refreshProductListKeys(db: Kysely<Database> | Kysely<any>, productIds?: readonly number[]): Promise<void> {
  const handle = db as Kysely<Database>;
  if (productIds) {
    const unique = [...new Set(productIds)];
    for (let start = 0; start < unique.length; start += BATCH) {
      const rows = await handle
        .selectFrom("products")
        .selectAll()
        .where("id", "in", unique.slice(start, start + BATCH))
        .execute();
      await writeKeys(handle, rows);
    }
    return;
  }
  let afterId = 0;
  for (;;) {
    const rows = await handle.selectFrom("products").selectAll().where("id", ">", afterId).orderBy("id").limit(BATCH).execute();
    if (rows.length === 0) return;
    await writeKeys(handle, rows);
    afterId = Number(rows.at(-1)!.id);
  }
}

type KeyColumn = (typeof PRODUCT_LIST_KEY_COLUMNS)[number];

function sameKeys(row: Partial<Record<keyof ListKeyRow, unknown>>, keys: ListKeyRow, columns: readonly KeyColumn[]): boolean {
  return columns.every((column) => {
    const stored = row[column];
    return column === "review_total"
      ? (stored === null || stored === undefined ? null : Number(stored)) === keys[column]
      : stored === keys[column];
  });
}

/** The changed rows' keys, in one UPDATE per statement's worth of rows (bulk-rows.server.ts). */
async function writeKeys(db: Kysely<Database>, rows: readonly ProductRow[]): Promise<void> {
  if (rows.length === 0) return;
  // A migration older than some key column runs this before that column exists: the keys the
  // table has now are written, and the migration that adds a column fills it.
  const columns = PRODUCT_LIST_KEY_COLUMNS.filter((column) => column in rows[0]!);
  const changed: Record<string, unknown>[] = [];
  for (const row of rows) {
    const keys = listKeyRow(toProduct(row));
    if (sameKeys(row as Partial<Record<keyof ListKeyRow, unknown>>, keys, columns)) continue;
    changed.push({ id: Number(row.id), ...Object.fromEntries(columns.map((column) => [column, keys[column]])) });
  }
  await updateRows(db, "products", "id", changed as ({ id: number } & ListKeyRow)[]);
}
