import type { ProductFormField } from "~/lib/admin/product-form";
import { fieldProps, type FieldErrors, type FormValues } from "~/lib/forms/parse-form";
import { REVIEW_CRITERIA } from "~/lib/catalog/review";
import { FormField } from "~/components/ui/form-field";

/**
 * The review's fields, the same on the product form and on the editor's review screen: the
 * verdict, pros and cons (one per line, as key features), the five scores, the lines, the
 * alternatives, the reviewer and the date tested, and the customers' rating with its source.
 */
export function ReviewFields({ state }: { state: { values?: FormValues; fieldErrors?: FieldErrors<ProductFormField> } }) {
  const field = (name: ProductFormField, label: string, extra: Record<string, unknown> = {}) => (
    <FormField label={label} {...fieldProps(state, name)} {...extra} />
  );
  return (
    <fieldset className="space-y-4 rounded-card border border-line p-4">
      <legend className="px-1 text-base font-semibold">Review</legend>
      {field("verdict", "Verdict", { multiline: true, hint: "The bottom line, a short paragraph; shown near the top of the page." })}
      <div className="grid gap-4 md:grid-cols-2">
        {field("pros", "Pros", { multiline: true, hint: "One per line." })}
        {field("cons", "Cons", { multiline: true, hint: "One per line." })}
      </div>
      <div className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {REVIEW_CRITERIA.map(({ column, label }) => (
          <div key={column}>{field(column, `${label} (0–10)`, { inputMode: "decimal" })}</div>
        ))}
      </div>
      <p className="text-sm text-ink-muted">
        With any score, the rating is worked out from the scores by the weights set on the products page.
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {field("best_for", "Best for", { placeholder: "Families who want a wood stove" })}
        {field("skip_if", "Skip it if", { placeholder: "You need it up in a weekend" })}
        {field("alternatives", "Alternatives", { hint: "Up to three other products' slugs, comma-separated." })}
        {field("reviewer", "Reviewer", { hint: "The author's name." })}
        {field("tester", "Tested by", { hint: "The author who tested it; empty: the reviewer did." })}
        {field("tested_on", "Date tested", { type: "date" })}
        {field("customer_rating", "Customers' rating (0–5)", {
          inputMode: "decimal",
          hint: "Their average at the source below; with the number of reviews, search results may show it.",
        })}
        {field("customer_review_source", "Customers' reviews source", { placeholder: "The maker's store" })}
      </div>
    </fieldset>
  );
}
