import { productFormValues, reviewFormValues } from "~/lib/admin/product-form";
import { OFFER_VERSION_FIELD } from "~/lib/admin/product-form-labels";
import type { FormValues } from "~/lib/forms/parse-form";
import type { DB } from "../db/connection.server";
import { findProductForEdit } from "./admin-queries.server";

/**
 * A product's revisions, as article_revisions are an article's: every save of the product form
 * (part "product") and of its review (part "review") keeps the form's values as saved, with who
 * and when. The first save under this keeps the values before it too, so the state every product
 * had before revisions were kept can be restored like any other.
 */

export type RevisionPart = "product" | "review";

export interface Editor {
  id: string | null;
  email: string;
}

export interface ProductRevisionSummary {
  id: number;
  savedAt: number;
  by: string;
  /** Always false: products have no autosave; the shape is the article revisions' list's. */
  autosave: boolean;
  restoredFrom: number | null;
}

export interface ProductRevision extends ProductRevisionSummary {
  values: FormValues;
}

/** Who the values kept from before the first revision are put down to. */
export const BEFORE_REVISIONS = "(before revisions were kept)";

/** The part's form values as stored now, or null when the product is gone. */
export async function partValuesNow(
  db: DB,
  productId: number,
  part: RevisionPart,
): Promise<{ version: number; values: FormValues } | null> {
  const found = await findProductForEdit(db, productId);
  if (!found) return null;
  const values = part === "product" ? productFormValues(found.product, found.collectionSlugs) : reviewFormValues(found.product);
  return {
    version: found.version,
    values: values as FormValues,
    // The product form checks its primary offer's version too (its price, sale and link are that offer's).
    ...(part === "product" ? { controls: { [OFFER_VERSION_FIELD]: found.offerVersion === null ? "" : String(found.offerVersion) } } : {}),
  };
}

async function hasRevisions(db: DB, productId: number, part: RevisionPart): Promise<boolean> {
  const row = await db
    .selectFrom("product_revisions")
    .select("id")
    .where("product_id", "=", productId)
    .where("part", "=", part)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Keeps the saved values of one part as a revision, inside the save's transaction (`trx`), after
 * its write. `before` is the part as it was before the write: kept first when the part has no
 * revision yet.
 */
export async function keepProductRevision(
  trx: DB,
  productId: number,
  part: RevisionPart,
  editor: Editor,
  before: FormValues | null,
  options: { now?: number; restoredFrom?: number } = {},
): Promise<void> {
  const now = options.now ?? Date.now();
  if (before && !(await hasRevisions(trx, productId, part))) {
    await trx
      .insertInto("product_revisions")
      .values({
        product_id: productId,
        part,
        saved_at: now,
        user_id: null,
        user_email: BEFORE_REVISIONS,
        restored_from: null,
        snapshot: JSON.stringify(before),
      })
      .execute();
  }
  const after = await partValuesNow(trx, productId, part);
  if (!after) return;
  await trx
    .insertInto("product_revisions")
    .values({
      product_id: productId,
      part,
      saved_at: now,
      user_id: editor.id,
      user_email: editor.email,
      restored_from: options.restoredFrom ?? null,
      snapshot: JSON.stringify(after.values),
    })
    .execute();
}

/** Newest first. */
export async function listProductRevisions(db: DB, productId: number, part: RevisionPart): Promise<ProductRevisionSummary[]> {
  const rows = await db
    .selectFrom("product_revisions")
    .select(["id", "saved_at", "user_email", "restored_from"])
    .where("product_id", "=", productId)
    .where("part", "=", part)
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    savedAt: Number(row.saved_at),
    by: row.user_email,
    autosave: false,
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
  }));
}

export async function findProductRevision(
  db: DB,
  productId: number,
  part: RevisionPart,
  revisionId: number,
): Promise<ProductRevision | null> {
  const row = await db
    .selectFrom("product_revisions")
    .select(["id", "saved_at", "user_email", "restored_from", "snapshot"])
    .where("product_id", "=", productId)
    .where("part", "=", part)
    .where("id", "=", revisionId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: Number(row.id),
    savedAt: Number(row.saved_at),
    by: row.user_email,
    autosave: false,
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
    values: JSON.parse(row.snapshot) as FormValues,
  };
}
