import type { AppServices } from "~/server/load-context";
import { data } from "react-router";
import {
  PRODUCT_FORM_FIELDS,
  productFormSchema,
  productFormValues,
  readProductForm,
  type ProductFormField,
} from "~/lib/admin/product-form";
import { formFailure, formValues, parseForm, valueText, type FormFailure } from "~/lib/forms/parse-form";
import type { EditConflict } from "~/lib/admin/edit-conflict";
import { OFFER_VERSION_FIELD, PRODUCT_FIELD_LABELS } from "~/lib/admin/product-form-labels";
import { getSignedInUser } from "../auth/guard.server";
import { saveUnlessNewer } from "../forms/edit-conflict.server";
import { partValuesNow } from "./product-revisions.server";
import { offerFormValues } from "~/lib/offers/offer-form";
import type { ResultToast } from "~/lib/forms/result-toast";
import { recordAdminAction } from "../audit/audit-log.server";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import { readFlash, redirectWithFlash } from "../forms/flash.server";
import type { IntentTable } from "../forms/intents.server";
import { merchantChoices } from "../offers/merchants-admin.server";
import { productOffersForAdmin } from "../offers/offer-admin-reads.server";
import { offerIntents, type OfferFormState } from "../offers/offer-intents.server";
import { listProductsPage } from "../products/products.server";
import { imageStorageStatus } from "../storage/product-images-screen.server";
import { findProductForEdit, listCollectionSlugs } from "./admin-queries.server";
import { importFromForm, type ImportFormResult } from "./import-requests.server";
import { saveOneProduct } from "./product-save.server";
import { ImportRowError } from "./save-errors";
import { saveWeightsIntent } from "./review-screen.server";
import { readReviewWeights } from "../products/review-weights.server";

/**
 * The products screen's server half (/admin/products and /admin/products/new), kept apart from
 * its route: what the screen loads (the storage status, a page of products, the product being
 * edited and its offers), and its intents (save one product, import a CSV without JavaScript,
 * and the edited product's offers). The caller has checked the admin role.
 */

export type ProductsMode = "list" | "new" | "edit";

export async function loadProductsScreen(request: Request, context: AppServices) {
  const url = new URL(request.url);
  const isNew = /\/products\/new\/?$/.test(url.pathname);
  const editId = Number(url.searchParams.get("edit"));
  const filter = {
    category: url.searchParams.get("category") || undefined,
    feature: url.searchParams.get("feature") || undefined,
    search: url.searchParams.get("q")?.trim() || undefined,
  };
  const [storage, existing, collectionSlugs, editing, weights] = await Promise.all([
    imageStorageStatus(context),
    listProductsPage(context.db, filter, Number(url.searchParams.get("page")) || 1),
    listCollectionSlugs(context.db),
    !isNew && Number.isSafeInteger(editId) && editId > 0 ? findProductForEdit(context.db, editId) : Promise.resolve(null),
    readReviewWeights(context.db),
  ]);
  const mode: ProductsMode = isNew ? "new" : editing ? "edit" : "list";
  // The edited product's offers, each with the values its edit form starts from.
  const [offers, merchants] = editing
    ? await Promise.all([productOffersForAdmin(context.db, editing.product.id), merchantChoices(context.db)])
    : [[], []];
  const { flash, headers } = await readFlash(request, context.config);
  return data(
    {
      mode,
      storage,
      existing: { ...existing, filter },
      collectionSlugs,
      editing: editing
        ? {
            id: editing.product.id,
            name: editing.product.name,
            version: editing.version,
            offerVersion: editing.offerVersion,
            values: productFormValues(editing.product, editing.collectionSlugs),
          }
        : null,
      offers: offers.map((offer) => ({ ...offer, values: offerFormValues(offer) })),
      merchants,
      weights,
      // What the last save or delete said (set by the action that redirected here).
      flash,
    },
    { headers },
  );
}

export interface ProductsActionResult extends ImportFormResult {
  /** A refused product save: the values as typed, the errors, and what else the rules said. */
  form?: FormFailure<ProductFormField> & { warnings?: string[] };
  /** A refused offer save: its form's values and errors. */
  offerForm?: OfferFormState;
  /** Someone saved the product after this form was loaded: what differs, and the form to send again. */
  conflict?: EditConflict;
}

export type ProductsAnswer = ReturnType<typeof data<ProductsActionResult>>;

/** The primary offer's version the product form loaded: null when it had none, undefined when the form does not say. */
function offerVersionOf(form: FormData): number | null | undefined {
  const value = form.get(OFFER_VERSION_FIELD);
  if (typeof value !== "string") return undefined;
  return /^\d{1,15}$/.test(value) ? Number(value) : null;
}

const NOT_SAVED: ResultToast = { kind: "error", title: "Product not saved", description: "Check the highlighted fields." };

export const PRODUCT_INTENTS = {
  "save-product": async ({ form: sent, request, context }) => {
    const editingId = Number(sent.get("id")) || null;
    const user = await getSignedInUser(request, context);
    const editor = { id: user?.id ?? null, email: user?.email ?? "unknown" };
    const save = async (form: FormData, version: number) => {
      const rules = { knownCollectionSlugs: new Set(await listCollectionSlugs(context.db)) };
      const parsed = parseForm(form, productFormSchema(rules));
      if (!parsed.ok) {
        // What else the rules said about the typed values is shown beside the errors.
        const typed = Object.fromEntries(PRODUCT_FORM_FIELDS.map((field) => [field, valueText(parsed.values, field)]));
        return data<ProductsActionResult>(
          { toast: NOT_SAVED, form: { ...parsed, warnings: readProductForm(typed, rules).warnings } },
          { status: 400 },
        );
      }
      try {
        const { id } = await saveOneProduct(context.db, parsed.value.product, editingId, context.config.prices, {
          version: editingId === null ? undefined : version,
          offerVersion: editingId === null ? undefined : offerVersionOf(form),
          editor,
        });
        invalidateCatalog(context.db);
        await recordAdminAction(
          { request, context },
          "product-saved",
          `${editingId ? "Changed" : "Added"} ${parsed.value.product.slug} (id ${id}): ${parsed.value.product.name}`,
        );
        // Post/redirect/get: the page shows the saved product, and the flash says it was saved.
        throw await redirectWithFlash(request, context.config, `/admin/products?edit=${id}#product-form`, {
          toast: { kind: "success", title: "Product saved", description: "The product page shows the change now." },
          notes: parsed.value.warnings,
        });
      } catch (error) {
        if (!(error instanceof ImportRowError)) throw error;
        const fieldErrors = error.reason.includes("slug") ? { slug: "Another product already has this slug." } : {};
        return data<ProductsActionResult>(
          {
            toast: { kind: "error", title: "Product not saved", description: error.reason },
            form: formFailure(formValues(form), fieldErrors, error.message),
          },
          { status: 409 },
        );
      }
    };
    // A new product has no newer save to lose.
    if (editingId === null) return save(sent, 0);
    return saveUnlessNewer({
      form: sent,
      labels: PRODUCT_FIELD_LABELS,
      current: () => partValuesNow(context.db, editingId, "product"),
      reloadTo: `/admin/products?edit=${editingId}#product-form`,
      save,
    });
  },

  // The owner's weights of the review criteria; every scored product's rating follows them.
  "save-weights": saveWeightsIntent,

  // The form's no-JavaScript path: the same import the page's script sends to /admin/products/import.
  "import-csv": ({ form, request, context }) => importFromForm({ request, context }, form, "products"),

  // Add, edit and delete one offer of the edited product (app/server/offers/offer-intents.server.ts).
  ...offerIntents,
} satisfies IntentTable;
