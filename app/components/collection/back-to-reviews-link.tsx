import { ArrowLeft } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";

/** The way back from a collection page, above its title whether the page loaded or failed. */
export function BackToReviewsLink() {
  return (
    <Link to="/reviews" className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand hover:text-brand-strong">
      <ArrowLeft aria-hidden className="size-4" />
      Back to Reviews
    </Link>
  );
}
