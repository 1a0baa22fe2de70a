import { sql, type Kysely } from "kysely";
import { productListKeys } from "~/lib/catalog/product-list-keys";
import type { Database } from "../db/schema";
import { toProduct } from "./product-row-mapping";

/**
 * Writes the stored list keys (ADR 0017) of some products, or of all. Every product write calls
 * this inside its own transaction, after the rows are saved, so the keys are computed from what
 * the database now holds: a CSV that updates only some columns keeps the others, and the keys
 * follow the merged row.
 */

/** Rows read and written per statement: 500 x 9 parameters stays far below both dialects' limits. */
const BATCH = 500;

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

type ProductRow = Parameters<typeof toProduct>[0];

/** One UPDATE … FROM a VALUES list per batch; the casts tell PostgreSQL the parameters' types. */
async function writeKeys(db: Kysely<Database>, rows: readonly ProductRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((row) => {
    const keys = productListKeys(toProduct(row));
    return sql`(cast(${Number(row.id)} as integer), cast(${keys.listTags} as text), cast(${keys.searchName} as text), cast(${keys.searchText} as text), cast(${keys.featureWords} as text), cast(${keys.brandKey} as text), cast(${keys.categoryKey} as text), cast(${keys.heaterKey} as text), cast(${keys.reviewTotal} as integer))`;
  });
  await sql`
    with computed (id, list_tags, search_name, search_text, feature_words, brand_key, category_key, heater_key, review_total) as (
      values ${sql.join(values)}
    )
    update products set
      list_tags = computed.list_tags,
      search_name = computed.search_name,
      search_text = computed.search_text,
      feature_words = computed.feature_words,
      brand_key = computed.brand_key,
      category_key = computed.category_key,
      heater_key = computed.heater_key,
      review_total = computed.review_total
    from computed
    where products.id = computed.id
  `.execute(db);
}
