import type { AppServices } from "~/server/load-context";
import { data } from "react-router";
import { reviewFormSchema, reviewFormValues, type ReviewFormField } from "~/lib/admin/product-form";
import { formFailure, formValues, parseForm, type FormFailure } from "~/lib/forms/parse-form";
import {
  noteIdsToRemove,
  tidyUpdateNote,
  UPDATE_NOTE_FIELD,
  UPDATE_NOTE_REMOVE_FIELD,
  updateNoteProblem,
} from "~/lib/updates/update-notes";
import { checkWeights, DEFAULT_REVIEW_WEIGHTS, REVIEW_CRITERIA, ratingForSave } from "~/lib/catalog/review";
import type { ResultToast } from "~/lib/forms/result-toast";
import { recordAdminAction } from "../audit/audit-log.server";
import { getSignedInUser } from "../auth/guard.server";
import { addUpdateNote, listUpdateNotesForEditor, removeUpdateNotes } from "../updates/update-notes.server";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import { readFlash, redirectWithFlash } from "../forms/flash.server";
import type { IntentArgs } from "../forms/intents.server";
import { refreshProductListKeys } from "../products/product-list-keys.server";
import { findProductById, listProductsPage, updateProductReview } from "../products/products.server";
import type { DB } from "../db/connection.server";
import { readReviewWeights, saveReviewWeights } from "../products/review-weights.server";
import type { EditConflict } from "~/lib/admin/edit-conflict";
import { REVIEW_FIELD_LABELS } from "~/lib/admin/product-form-labels";
import type { FormValues } from "~/lib/forms/parse-form";
import { saveUnlessNewer, StaleVersion } from "../forms/edit-conflict.server";
import { keepProductRevision, partValuesNow, type Editor } from "./product-revisions.server";
import { loadMeasuredValues } from "./measured-values-screen.server";

/**
 * The reviews screens' server half: /admin/reviews (the products, each with its review's state)
 * and /admin/reviews/:productId (one product's review fields, and nothing else of it), open to
 * admins and editors; and the owner's weights of the criteria, saved from /admin/products.
 */

export async function loadReviewList(request: Request, context: AppServices) {
  const url = new URL(request.url);
  const search = url.searchParams.get("q")?.trim() ?? "";
  const page = await listProductsPage(context.db, { search: search || undefined }, Number(url.searchParams.get("page")) || 1);
  return {
    search,
    page: page.page,
    pages: page.pages,
    products: page.products.map((product) => ({
      id: product.id,
      name: product.name,
      slug: product.slug,
      hasVerdict: Boolean(product.verdict),
      scored: REVIEW_CRITERIA.filter(({ key }) => typeof product[key] === "number").length,
      testedOn: product.testedOn ?? null,
    })),
  };
}

export async function loadReviewScreen(request: Request, context: AppServices, productId: number) {
  const product = Number.isSafeInteger(productId) && productId > 0 ? await findProductById(context.db, productId) : undefined;
  if (!product) throw data("There is no product with this number: it may have been deleted.", { status: 404 });
  const [weights, notes, { flash, headers }, row, measured] = await Promise.all([
    readReviewWeights(context.db),
    listUpdateNotesForEditor(context.db, { type: "review", id: product.id }),
    readFlash(request, context.config),
    context.db.selectFrom("products").select("version").where("id", "=", product.id).executeTakeFirst(),
    loadMeasuredValues(context.db, product.id),
  ]);
  return data(
    {
      id: product.id,
      name: product.name,
      slug: product.slug,
      // The version the form sends back (docs/decisions/0103-no-silent-overwrite.md).
      version: Number(row?.version ?? 0),
      values: reviewFormValues(product),
      rating: product.rating,
      weights,
      notes,
      // The test results form (measured-values-screen.server.ts).
      measured,
      flash,
    },
    { headers },
  );
}

export interface ReviewActionResult {
  toast: ResultToast;
  form?: FormFailure<ReviewFormField | typeof UPDATE_NOTE_FIELD>;
  /** Someone saved the review after this form was loaded: what differs, and the form to send again. */
  conflict?: EditConflict;
}

/**
 * Writes the review's fields at the version the form was loaded at (StaleVersion when someone
 * saved since), in one transaction with its revision. Returns the warnings of the rules, or the
 * refused form.
 */
export async function writeReview(
  db: DB,
  productId: number,
  form: FormData,
  version: number,
  editor: Editor,
  restoredFrom?: number,
): Promise<
  | { ok: true; slug: string; warnings: string[]; noted: boolean }
  | { ok: false; failure: FormFailure<ReviewFormField | typeof UPDATE_NOTE_FIELD> }
  | null
> {
  const product = await findProductById(db, productId);
  if (!product) return null;
  const parsed = parseForm(form, reviewFormSchema(product.slug));
  const note = tidyUpdateNote(form.get(UPDATE_NOTE_FIELD));
  const noteProblem = updateNoteProblem(note);
  if (!parsed.ok || noteProblem) {
    const failure: FormFailure<ReviewFormField | typeof UPDATE_NOTE_FIELD> = parsed.ok ? formFailure(formValues(form)) : parsed;
    if (noteProblem) failure.fieldErrors = { ...failure.fieldErrors, [UPDATE_NOTE_FIELD]: noteProblem };
    return { ok: false, failure };
  }
  const { review, warnings } = parsed.value;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await partValuesNow(trx, product.id, "review");
    const rating = ratingForSave({ ...review, rating: product.rating }, await readReviewWeights(trx));
    if (!(await updateProductReview(trx, product.id, review, rating, now, version))) throw new StaleVersion();
    await refreshProductListKeys(trx, [product.id]);
    // The note's date is the save's: it says when the review changed, and dates the page's dateModified.
    await removeUpdateNotes(trx, { type: "review", id: product.id }, noteIdsToRemove(form.getAll(UPDATE_NOTE_REMOVE_FIELD)));
    if (note) await addUpdateNote(trx, { type: "review", id: product.id }, { text: note, author: editor.email, now: Date.parse(now) });
    await keepProductRevision(trx, product.id, "review", editor, before?.values ?? null, { restoredFrom });
  });
  invalidateCatalog(db);
  return { ok: true, slug: product.slug, warnings, noted: Boolean(note) };
}

export async function saveReviewScreen(
  { form: sent, request, context }: Pick<IntentArgs, "form" | "request" | "context">,
  productId: number,
) {
  const product = await findProductById(context.db, productId);
  if (!product) throw data("There is no product with this number: it may have been deleted.", { status: 404 });
  const user = await getSignedInUser(request, context);
  const editor = { id: user?.id ?? null, email: user?.email ?? "unknown" };
  return saveUnlessNewer({
    form: sent,
    labels: REVIEW_FIELD_LABELS,
    current: () => partValuesNow(context.db, product.id, "review"),
    reloadTo: `/admin/reviews/${product.id}`,
    save: async (form, version) => {
      const written = await writeReview(context.db, product.id, form, version, editor);
      if (!written) throw data("There is no product with this number: it may have been deleted.", { status: 404 });
      if (!written.ok) {
        return data<ReviewActionResult>(
          { toast: { kind: "error", title: "Review not saved", description: "Check the highlighted fields." }, form: written.failure },
          { status: 400 },
        );
      }
      await recordAdminAction({ request, context }, "review-saved", `Review of ${product.slug} (id ${product.id}) saved`);
      throw await redirectWithFlash(request, context.config, `/admin/reviews/${product.id}`, {
        toast: {
          kind: "success",
          title: "Review saved",
          description: written.noted
            ? "The product page shows it now, with your note under What changed."
            : "The product page shows it now.",
        },
        notes: written.warnings,
      });
    },
  });
}

/** A restored revision's values as the form that saves them. */
export function formOf(values: FormValues): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  return form;
}

/** The weights form (on /admin/products): one whole percent per criterion, adding up to 100. */
export async function saveWeightsIntent({ form, request, context }: IntentArgs) {
  const weights = { ...DEFAULT_REVIEW_WEIGHTS };
  for (const { key } of REVIEW_CRITERIA) weights[key] = Number(String(form.get(`weight_${key}`) ?? "").trim() || Number.NaN);
  const problem = checkWeights(weights);
  if (problem) {
    const toast: ResultToast = { kind: "error", title: "Weights not saved", description: problem };
    return data({ toast }, { status: 400 });
  }
  const moved = await saveReviewWeights(context.db, weights);
  invalidateCatalog(context.db);
  await recordAdminAction(
    { request, context },
    "review-weights-saved",
    REVIEW_CRITERIA.map(({ label, key }) => `${label} ${weights[key]}%`).join(", "),
  );
  throw await redirectWithFlash(request, context.config, "/admin/products#review-weights", {
    toast: {
      kind: "success",
      title: "Weights saved",
      description: `${moved} ${moved === 1 ? "rating was" : "ratings were"} worked out again.`,
    },
  });
}
