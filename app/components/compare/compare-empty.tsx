import { ButtonLink } from "~/components/ui/button";
import { MAX_COMPARE } from "~/lib/compare";

/** A comparison with no saunas in it: how to pick some. */
export function CompareEmpty() {
  return (
    <div className="mt-8 rounded-card border border-dashed border-line bg-surface p-8 text-center">
      <p className="text-ink-muted">No saunas to compare yet. Use “Add to compare” on any review to pick up to {MAX_COMPARE}.</p>
      <ButtonLink to="/reviews" className="mt-5">
        Browse All Reviews
      </ButtonLink>
    </div>
  );
}
