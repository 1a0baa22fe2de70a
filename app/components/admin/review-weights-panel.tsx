import { Form } from "~/components/ui/link";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { REVIEW_CRITERIA, type ReviewWeights } from "~/lib/catalog/review";

/**
 * The owner's weights of the five review criteria. A product with scores gets its rating from
 * them (the weighted mean of its scores, out of 10, halved to the five stars); saving new
 * weights works every scored product's rating out again.
 */
export function ReviewWeightsPanel({ weights, busy }: { weights: ReviewWeights; busy: boolean }) {
  return (
    <section
      id="review-weights"
      aria-labelledby="review-weights-title"
      className="scroll-mt-24 rounded-card border border-line bg-surface p-4 shadow-card md:p-6"
    >
      <h2 id="review-weights-title" className="text-xl font-semibold">
        Review score weights
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Whole percents that add up to 100. A criterion a review leaves unscored drops out, and the others share its weight.
      </p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="save-weights" />
        <div className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {REVIEW_CRITERIA.map(({ key, label }) => (
            <FormField
              key={`${key}-${weights[key]}`}
              label={`${label} (%)`}
              name={`weight_${key}`}
              defaultValue={String(weights[key])}
              inputMode="numeric"
            />
          ))}
        </div>
        <Button type="submit" className="mt-4" disabled={busy}>
          {busy ? "Saving…" : "Save weights"}
        </Button>
      </Form>
    </section>
  );
}
