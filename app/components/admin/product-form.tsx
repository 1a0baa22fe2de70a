import { Form, Link } from "~/components/ui/link";
import type { ProductFormField } from "~/lib/admin/product-form";
import { VERSION_FIELD, versionToSend } from "~/lib/admin/edit-conflict";
import { OFFER_VERSION_FIELD } from "~/lib/admin/product-form-labels";
import { fieldProps, valueText, type FieldErrors, type FormValues } from "~/lib/forms/parse-form";
import { Button } from "~/components/ui/button";
import { CheckboxField, FormField } from "~/components/ui/form-field";
import { Notice } from "~/components/ui/notice";
import { ReviewFields } from "./review-fields";

/** What the form shows: the values (saved, or as typed), the action's errors, the save's warnings. */
export interface ProductFormState {
  values: FormValues;
  fieldErrors?: FieldErrors<ProductFormField>;
  warnings?: string[];
  formError?: string | null;
}

/**
 * Add or edit one product by hand, with the same rules as a CSV row (lib/admin/product-form).
 * A plain form posting to the products page's action.
 */
export function ProductForm({
  title,
  editingId,
  version = 0,
  offerVersion = null,
  state,
  busy,
}: {
  title: string;
  editingId: number | null;
  /** The edited product's version as loaded: its save is refused over a newer one. */
  version?: number;
  /** Its primary offer's version as loaded (its price, sale and link are that offer's), null when it has none. */
  offerVersion?: number | null;
  state: ProductFormState;
  busy: boolean;
}) {
  const { warnings = [], formError } = state;
  const field = (name: ProductFormField, label: string, extra: Record<string, unknown> = {}) => (
    <FormField label={label} {...fieldProps(state, name)} {...extra} />
  );
  return (
    <section
      id="product-form"
      aria-labelledby="product-form-title"
      className="scroll-mt-24 rounded-card border border-line bg-surface p-4 shadow-card md:p-6"
    >
      <h2 id="product-form-title" className="text-xl font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">Name and slug are required. Lists take one item per line.</p>
      {formError && (
        <Notice tone="red" title="Not saved" className="mt-4" role="alert">
          {formError}
        </Notice>
      )}
      {warnings.length > 0 && (
        <Notice tone="yellow" title="Saved with changes" className="mt-4" role="status">
          <ul className="list-disc pl-5">
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Notice>
      )}
      <Form method="post" className="mt-5 space-y-5" key={`${editingId ?? "new"}`}>
        <input type="hidden" name="intent" value="save-product" />
        {editingId !== null && <input type="hidden" name="id" value={editingId} />}
        {editingId !== null && <input type="hidden" name={VERSION_FIELD} value={versionToSend(state.values, version)} />}
        {editingId !== null && (
          <input
            type="hidden"
            name={OFFER_VERSION_FIELD}
            value={typeof state.values[OFFER_VERSION_FIELD] === "string" ? state.values[OFFER_VERSION_FIELD] : (offerVersion ?? "")}
          />
        )}
        <div className="grid gap-4 md:grid-cols-3">
          {field("name", "Name *")}
          {field("brand", "Brand", { hint: "Empty is saved as Unknown Brand." })}
          {field("slug", "Slug *", { hint: "Unique, used in the product's address." })}
          {field("category_id", "Category", { placeholder: "barrel, infrared, traditional…" })}
          {field("price", "Price (USD)", { inputMode: "decimal", placeholder: "8499.00" })}
          {field("sale_price", "Sale price (USD)", { inputMode: "decimal", hint: "Shown while below the price and the sale runs." })}
          {field("sale_ends", "Sale ends", { type: "date", hint: "Last day of the sale; empty: until cleared." })}
          {field("rating", "Rating (0–5)", { inputMode: "decimal", hint: "Typed only when the review has no scores." })}
          {field("capacity", "Capacity (persons)", { inputMode: "numeric" })}
          {field("dimensions", "Dimensions")}
          {field("weight", "Weight (lbs)", { inputMode: "decimal" })}
          {field("heater_type", "Heater type")}
          {field("heater_spec", "Heater specifications")}
          {field("shipping_info", "Shipping")}
          {field("reviews_number", "Number of reviews", { inputMode: "numeric" })}
          {field("review_count", "Review count text", { placeholder: "45+" })}
          {field("tagline", "Tagline")}
          {field("website", "Website", { type: "url", placeholder: "https://" })}
          {field("affiliate_link", "Affiliate link", { type: "url", placeholder: "https://" })}
          {field("collection_ids", "Collections", {
            hint: "Collection slugs, comma-separated. A collection that lists saunas by a rule keeps it, and gets this one too.",
          })}
          {field("gtin", "GTIN", { inputMode: "numeric", hint: "UPC or EAN: merchant feeds find the product by it." })}
          {field("mpn", "MPN", { hint: "The maker's part number, the feeds' second match." })}
          <CheckboxField
            name="best_seller"
            label="Mark as best seller"
            checked={valueText(state.values, "best_seller") === "true"}
            hint="Shows a 'Best seller' badge on its cards. The site measures no sales: tick it only where you know it sells best."
            error={state.fieldErrors?.best_seller}
          />
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          {field("images", "Images", { multiline: true, hint: "One per line: an http(s) link or an uploaded file name." })}
          {field("key_features", "Key features", { multiline: true, hint: "One per line." })}
          {field("description", "Description", { multiline: true })}
          {field("full_description", "Full description", { multiline: true })}
        </div>
        <ReviewFields state={state} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save Product"}
          </Button>
          <Link to="/admin/products" className="inline-flex h-11 items-center rounded-full px-5 font-semibold text-ink hover:bg-sand">
            Cancel
          </Link>
          {editingId !== null && (
            <Link
              to={`/admin/products/${editingId}/revisions`}
              className="inline-flex h-11 items-center rounded-full px-5 font-semibold text-ink hover:bg-sand"
            >
              Revisions
            </Link>
          )}
        </div>
      </Form>
    </section>
  );
}
