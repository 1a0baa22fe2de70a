import { sql, type RawBuilder } from "kysely";
import type { ProductOrder } from "~/lib/catalog/product-selection";
import type { DB } from "../db/connection.server";
import { dialectOf } from "../db/dialect";

/**
 * The public lists' two orders as SQL, and the index that gives each (migration
 * 2026_11_22_2330_product_list_keys): best rated first, unknown ratings last, then by name, and
 * the id last so that no two products tie and a page boundary falls in one place on both databases.
 */

/**
 * 'desc nulls last' on PostgreSQL, whose descending order otherwise starts with NULL. SQLite
 * already sorts NULL below every value, and says plain 'desc' so its planner reads the index.
 */
function descending(db: DB) {
  return dialectOf(db) === "postgres" ? sql.raw("desc nulls last") : sql.raw("desc");
}

/** A list order's columns, in order; each order ends on the id, so no two products tie. */
export interface OrderKey {
  column: "rating" | "review_total" | "name" | "id";
  /** Best first, unknown (NULL) last; the others ascend and are never NULL. */
  descending: boolean;
}

export const ORDER_KEYS: Record<ProductOrder, readonly OrderKey[]> = {
  rating: [
    { column: "rating", descending: true },
    { column: "name", descending: false },
    { column: "id", descending: false },
  ],
  "top-rating": [
    { column: "rating", descending: true },
    { column: "review_total", descending: true },
    { column: "name", descending: false },
    { column: "id", descending: false },
  ],
};

/** The order's ORDER BY terms on the products table. */
export function listOrderClause(db: DB, order: ProductOrder): RawBuilder<unknown> {
  const desc = descending(db);
  return sql.join(
    ORDER_KEYS[order].map((key) =>
      key.descending ? sql`${sql.ref(`products.${key.column}`)} ${desc}` : sql.ref(`products.${key.column}`),
    ),
  );
}

/** The index each list order is read through. */
export const ORDER_INDEX: Record<ProductOrder, string> = {
  rating: "products_rating_order_idx",
  "top-rating": "products_top_rating_order_idx",
};
