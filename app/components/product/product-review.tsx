import { Link } from "~/components/ui/link";
import { Byline } from "~/components/learn/byline";
import { RatingStars } from "~/components/catalog/rating-stars";
import { Badge } from "~/components/ui/badge";
import { CheckCircle2, UserRound, XCircle } from "~/components/ui/icons";
import type { ProductPageView, ReviewView } from "~/lib/product/product-page";

/**
 * The in-depth review near the top of the product page: the verdict with who it suits and who
 * should skip it, the reviewer and the date tested, the five scores as bars beside it, then the
 * pros and cons side by side. A sample product's review is an example, badged as such.
 */
export function ReviewSummary({ view, review }: { view: ProductPageView; review: ReviewView }) {
  return (
    <section aria-labelledby="verdict-heading" className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_23rem] lg:gap-12">
      <div className="min-w-0 rounded-card border border-line bg-surface p-5 shadow-card md:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="verdict-heading" className="font-serif text-2xl font-semibold">
            Our verdict
          </h2>
          {view.isSample && <Badge variant="neutral">Sample</Badge>}
        </div>
        {review.verdict && <p className="mt-3 max-w-[70ch] text-[1.05rem] leading-relaxed text-ink/90">{review.verdict}</p>}
        {(review.bestFor || review.skipIf) && (
          <dl className="mt-4 grid gap-3 text-[0.95rem] sm:grid-cols-2">
            {review.bestFor && (
              <div className="rounded-lg bg-forest-soft px-3.5 py-2.5">
                <dt className="font-semibold text-forest">Best for</dt>
                <dd className="mt-0.5 text-ink">{review.bestFor}</dd>
              </div>
            )}
            {review.skipIf && (
              <div className="rounded-lg bg-sand px-3.5 py-2.5">
                <dt className="font-semibold text-red-800">Skip it if</dt>
                <dd className="mt-0.5 text-ink">{review.skipIf}</dd>
              </div>
            )}
          </dl>
        )}
        {(review.reviewer || review.tester || review.testedOn) && (
          <p className="mt-4 flex items-start gap-2 text-sm text-ink-muted" data-testid="review-byline">
            <UserRound aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              {review.reviewer && (
                <Byline
                  writer={{ name: review.reviewer, href: review.reviewerPath }}
                  tester={{ name: review.tester ?? review.reviewer, href: review.testerPath }}
                />
              )}
              {!review.reviewer && review.tester && (
                <>
                  Tested by{" "}
                  {review.testerPath ? (
                    <Link to={review.testerPath} className="font-medium text-ink underline underline-offset-2 hover:text-brand">
                      {review.tester}
                    </Link>
                  ) : (
                    <span className="font-medium text-ink">{review.tester}</span>
                  )}
                </>
              )}
              {review.testedOn && (
                <>
                  {review.reviewer || review.tester ? " on " : "Tested "}
                  <time dateTime={review.testedOn}>{review.testedOnText}</time>
                </>
              )}
            </span>
          </p>
        )}
      </div>
      {review.scores.length > 0 && <ScoreBars view={view} review={review} />}
      {(review.pros.length > 0 || review.cons.length > 0) && <ProsAndCons review={review} />}
    </section>
  );
}

function ScoreBars({ view, review }: { view: ProductPageView; review: ReviewView }) {
  return (
    <div className="rounded-card border border-line bg-surface p-5 shadow-card md:p-6" data-testid="review-scores">
      <h3 className="flex items-center justify-between gap-3 text-lg font-semibold">
        Scores
        <span className="inline-flex items-center gap-2 font-sans text-sm font-normal text-ink-muted">
          <RatingStars rating={view.rating} size="sm" />
          <span>
            Overall <span className="font-semibold text-ink">{view.ratingText}</span> of 5
          </span>
        </span>
      </h3>
      <ul className="mt-4 space-y-3">
        {review.scores.map((score) => (
          <li key={score.label}>
            <div className="flex items-baseline justify-between text-sm">
              <span>{score.label}</span>
              <span className="font-semibold tabular-nums">
                {score.text}
                <span className="sr-only"> out of 10</span>
              </span>
            </div>
            <div aria-hidden className="mt-1 h-2 overflow-hidden rounded-full bg-sand">
              <div className="h-full rounded-full bg-brand" style={{ width: `${score.percent}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ProsAndCons({ review }: { review: ReviewView }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:col-span-2" data-testid="pros-and-cons">
      <div className="rounded-card border border-line bg-surface p-5 shadow-card">
        <h3 className="text-lg font-semibold">Pros</h3>
        <ul className="mt-3 space-y-2">
          {review.pros.map((pro) => (
            <li key={pro} className="flex gap-2">
              <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-forest" />
              {pro}
            </li>
          ))}
        </ul>
      </div>
      <div className="rounded-card border border-line bg-surface p-5 shadow-card">
        <h3 className="text-lg font-semibold">Cons</h3>
        <ul className="mt-3 space-y-2">
          {review.cons.map((con) => (
            <li key={con} className="flex gap-2">
              <XCircle aria-hidden className="mt-0.5 size-4 shrink-0 text-red-700" />
              {con}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The alternatives the reviewer names, each with its price as every page shows it. */
export function Alternatives({ review }: { review: ReviewView }) {
  if (review.alternatives.length === 0) return null;
  return (
    <section aria-labelledby="alternatives-heading">
      <h2 id="alternatives-heading" className="text-2xl font-semibold">
        Alternatives to consider
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3" data-testid="review-alternatives">
        {review.alternatives.map((alternative) => (
          <li key={alternative.slug} className="overflow-hidden rounded-card border border-line bg-surface shadow-card">
            <img src={alternative.image} alt="" width={320} height={200} loading="lazy" className="aspect-[8/5] w-full object-cover" />
            <div className="p-4">
              <p className="text-xs font-semibold uppercase tracking-wider text-brand">{alternative.brand}</p>
              <Link to={alternative.href} className="mt-1 block font-semibold underline-offset-4 hover:underline">
                {alternative.name}
              </Link>
              <p className="mt-2 flex items-center justify-between gap-2 text-sm">
                <span className="inline-flex items-center gap-1.5">
                  <RatingStars rating={alternative.rating} size="sm" />
                  {alternative.ratingText}
                </span>
                <span className="font-serif text-base font-semibold">{alternative.priceText}</span>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
