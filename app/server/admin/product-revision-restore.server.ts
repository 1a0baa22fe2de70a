import { productFormSchema } from "~/lib/admin/product-form";
import { parseForm } from "~/lib/forms/parse-form";
import type { DB } from "../db/connection.server";
import { StaleVersion } from "../forms/edit-conflict.server";
import { listCollectionSlugs } from "./admin-queries.server";
import { saveOneProduct, type PriceConfig } from "./product-save.server";
import { ImportRowError } from "./save-errors";
import { findProductRevision, partValuesNow, type Editor, type RevisionPart } from "./product-revisions.server";
import { formOf, writeReview } from "./review-screen.server";

/**
 * Restoring a product's or a review's revision: its values saved again through the same save as
 * the form's (same rules, same revision kept), so the restore is itself a revision and can be
 * undone the same way. It goes over the version there is now: restoring is the choice to put
 * that one back.
 */

export type RestoreOutcome = { ok: true; slug: string } | { ok: false; problem: string };

export async function restoreProductRevision(
  db: DB,
  productId: number,
  part: RevisionPart,
  revisionId: number,
  editor: Editor,
  prices?: PriceConfig,
): Promise<RestoreOutcome> {
  const revision = await findProductRevision(db, productId, part, revisionId);
  if (!revision) return { ok: false, problem: "That revision no longer exists." };
  const now = await partValuesNow(db, productId, part);
  if (!now) return { ok: false, problem: "This product no longer exists." };
  try {
    if (part === "review") {
      const written = await writeReview(db, productId, formOf(revision.values), now.version, editor, revisionId);
      if (!written) return { ok: false, problem: "This product no longer exists." };
      if (!written.ok) return { ok: false, problem: "That revision does not pass today's rules for a review; edit the review instead." };
      return { ok: true, slug: written.slug };
    }
    const rules = { knownCollectionSlugs: new Set(await listCollectionSlugs(db)) };
    const parsed = parseForm(formOf(revision.values), productFormSchema(rules));
    if (!parsed.ok)
      return {
        ok: false,
        problem: `That revision does not pass today's rules for a product (${parsed.formError ?? Object.values(parsed.fieldErrors)[0] ?? "a field"}); edit the product instead.`,
      };
    await saveOneProduct(db, parsed.value.product, productId, prices, { version: now.version, editor, restoredFrom: revisionId });
    return { ok: true, slug: parsed.value.product.slug };
  } catch (error) {
    if (error instanceof ImportRowError) return { ok: false, problem: `Not restored: ${error.reason}.` };
    if (error instanceof StaleVersion)
      return { ok: false, problem: "Someone saved it just now; look at the newest revision and restore again." };
    throw error;
  }
}
