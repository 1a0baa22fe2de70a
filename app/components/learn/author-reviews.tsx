import { Link } from "~/components/ui/link";
import type { AuthorReview } from "~/lib/learn/author-profile";
import { formatLongUsDate } from "~/lib/text/dates";

/** What the author tested or wrote up: each review, their part in it and the day it was tested. */
export function AuthorReviews({ name, reviews }: { name: string; reviews: AuthorReview[] }) {
  return (
    <section aria-labelledby="author-reviews" className="mb-12 max-w-3xl">
      <h2 id="author-reviews" className="text-2xl font-semibold tracking-tight">
        What {name} tested and reviewed
      </h2>
      <ul className="mt-4 divide-y divide-line rounded-card border border-line bg-surface shadow-card">
        {reviews.map((review) => (
          <li key={review.href} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
            <Link to={review.href} className="font-semibold text-ink underline decoration-line underline-offset-4 hover:text-brand">
              {review.name}
            </Link>
            <span className="text-sm text-ink-muted">
              {review.role}
              {review.testedOn && (
                <>
                  {", "}
                  <time dateTime={review.testedOn}>{formatLongUsDate(review.testedOn)}</time>
                </>
              )}
              {review.isSample && " (sample review)"}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
