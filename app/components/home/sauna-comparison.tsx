import { ArrowRight, Check } from "lucide-react";
import { Suspense, use } from "react";
import { Link } from "react-router";
import { ProductImage } from "~/components/catalog/product-image";
import { cn } from "~/components/ui/cn";
import type { ComparisonRow, ComparisonSection } from "~/lib/home-page";
import { responsiveImage } from "~/lib/image-url";
import { featureSummary } from "~/lib/product-display";
import { ratingGrade, ratingText } from "~/lib/ratings";
import { CheckPriceLink } from "./check-price-link";
import { RATING_TONE_CHIP, SampleBadge } from "./rating-summary";
import { SectionHeading } from "./section-heading";

const NO_COMPARISON_TEXT = "No saunas available for comparison.";
/** SPEC §2: the table cell shows the first 3 features, a card the first 2. */
const TABLE_FEATURES = 3;
const CARD_FEATURES = 2;

type ComparisonData = ComparisonSection | null;

/**
 * 'Sauna Comparison' (SPEC §2), anchor #comparison: a table from 768 px up, cards below it.
 * Its rows are deferred loader data. On a client navigation they arrive as a promise and the
 * skeleton shows until they stream in; a document load gets them already resolved and renders
 * them with no Suspense boundary at all, so the table is plain HTML in the first response.
 * `null` means the rows could not be read.
 */
export function SaunaComparison({ comparison }: { comparison: ComparisonData | Promise<ComparisonData> }) {
  return (
    <section id="comparison" aria-labelledby="sauna-comparison" className="page-container py-14 md:py-20">
      <SectionHeading
        id="sauna-comparison"
        eyebrow="Side by side"
        title="Sauna Comparison"
        intro="Type, rating, price and key features of our top-rated outdoor saunas at a glance."
      />
      <div className="mt-10">
        {comparison instanceof Promise ? (
          <Suspense fallback={<ComparisonSkeleton />}>
            <DeferredComparison comparison={comparison} />
          </Suspense>
        ) : (
          <ComparisonContent section={comparison} />
        )}
      </div>
      <p className="mt-6 text-sm text-ink-muted">
        <span aria-hidden>* </span>Specifications and prices may change. Please check the manufacturer's website for
        the latest details before you buy. We may earn a commission from 'Check Price' links, at no extra cost to you.
      </p>
    </section>
  );
}

function DeferredComparison({ comparison }: { comparison: Promise<ComparisonData> }) {
  return <ComparisonContent section={use(comparison)} />;
}

function ComparisonContent({ section }: { section: ComparisonData }) {
  if (!section) {
    return (
      <p className="rounded-card border border-line bg-surface px-6 py-10 text-center text-ink-muted">
        The comparison couldn't be loaded. Please reload the page to try again.
      </p>
    );
  }
  const { rows, totalProducts } = section;
  if (rows.length === 0) {
    return (
      <p className="rounded-card border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted">
        {NO_COMPARISON_TEXT}
      </p>
    );
  }
  const more = totalProducts - rows.length;
  return (
    <>
      <ComparisonTable rows={rows} />
      <ComparisonCards rows={rows} />
      {more > 0 && (
        <p className="mt-6 text-center">
          <Link to="/reviews" className="inline-flex items-center gap-1.5 font-semibold text-brand hover:text-brand-strong">
            Showing the {rows.length} top-rated of {totalProducts} saunas. See all reviews
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </p>
      )}
    </>
  );
}

/** The score on its label's colour, '–' when unrated; `className` sizes it for the table or a card. */
function ScoreChip({ rating, className }: { rating: number | null; className: string }) {
  return (
    <span
      data-testid="rating-chip"
      className={cn(
        "inline-flex justify-center rounded-md py-0.5 text-sm font-bold tabular-nums",
        RATING_TONE_CHIP[ratingGrade(rating).tone],
        className,
      )}
    >
      {rating === null ? "–" : ratingText(rating)}
    </span>
  );
}

function RatingCell({ rating, isSample }: { rating: number | null; isSample: boolean }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <ScoreChip rating={rating} className="min-w-11 items-center px-2" />
      <span className="text-xs text-ink-muted">{ratingGrade(rating).label}</span>
      {isSample && rating !== null && <SampleBadge />}
    </div>
  );
}

function FeatureList({ features, limit, className }: { features: string[]; limit: number; className?: string }) {
  const summary = featureSummary(features, limit);
  if (summary.emptyText) return <p className={cn("text-sm text-ink-muted", className)}>{summary.emptyText}</p>;
  return (
    <ul className={cn("space-y-1 text-sm", className)}>
      {summary.visible.map((feature) => (
        <li key={feature} className="flex gap-2">
          <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-forest" />
          <span>{feature}</span>
        </li>
      ))}
      {summary.moreText && <li className="pl-6 text-xs font-semibold text-ink-muted">{summary.moreText}</li>}
    </ul>
  );
}

function Thumbnail({ row, className }: { row: ComparisonRow; className?: string }) {
  return (
    <div className={cn("relative shrink-0 overflow-hidden rounded-md bg-sand", className)}>
      <ProductImage
        // 4rem wide in the desktop table, 5rem in the phone cards.
        {...responsiveImage(row.image, "productCard", "(min-width: 1024px) 64px, 80px")}
        placeholderKey={row.id}
        alt=""
        width={160}
        height={120}
        loading="lazy"
        decoding="async"
        className="size-full object-cover"
      />
    </div>
  );
}

const headings = ["Sauna Model", "Type", "Rating", "Price", "Key Features", "Buy"];

function ComparisonTable({ rows }: { rows: ComparisonRow[] }) {
  return (
    <div className="hidden rounded-card border border-line bg-surface shadow-card md:block" data-testid="comparison-table">
      <table className="w-full border-separate border-spacing-0 text-left">
        <caption className="sr-only">Comparison of our {rows.length} top-rated outdoor saunas</caption>
        <thead>
          <tr>
            {headings.map((heading, index) => (
              <th
                key={heading}
                scope="col"
                className={cn(
                  // Sticky under the 64 px top bar while the rows scroll by.
                  "sticky top-16 z-10 border-b border-line bg-sand px-4 py-3 text-xs font-bold uppercase tracking-wider text-ink-muted",
                  index === 0 && "rounded-tl-card",
                  index === headings.length - 1 && "rounded-tr-card text-right",
                )}
              >
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="align-top even:bg-canvas [&:last-child>*]:border-b-0 [&:last-child>:first-child]:rounded-bl-card [&:last-child>:last-child]:rounded-br-card">
              <th scope="row" className="border-b border-line px-4 py-4 font-normal">
                <div className="flex items-start gap-3">
                  <Thumbnail row={row} className="hidden h-12 w-16 lg:block" />
                  <div className="min-w-0">
                    <p className="text-xs font-semibold uppercase tracking-wider text-ink-muted">{row.brand}</p>
                    <Link to={row.href} className="font-semibold leading-snug text-ink hover:text-brand-strong">
                      {row.name}
                    </Link>
                  </div>
                </div>
              </th>
              <td className="border-b border-line px-4 py-4 text-sm">{row.type}</td>
              <td className="border-b border-line px-4 py-4">
                <RatingCell rating={row.rating} isSample={row.isSample} />
              </td>
              <td className="whitespace-nowrap border-b border-line px-4 py-4 font-semibold">{row.priceText}</td>
              <td className="border-b border-line px-4 py-4">
                <FeatureList features={row.features} limit={TABLE_FEATURES} />
              </td>
              <td className="border-b border-line px-4 py-4 text-right">
                <CheckPriceLink link={row.buyLink} productName={row.name} className="h-9! whitespace-nowrap px-4! text-sm!" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ComparisonCards({ rows }: { rows: ComparisonRow[] }) {
  return (
    <ul className="grid gap-4 md:hidden" data-testid="comparison-cards">
      {rows.map((row) => (
        <li key={row.id} className="rounded-card border border-line bg-surface p-4 shadow-card">
          <article aria-label={row.name}>
            <div className="flex gap-3">
              <Thumbnail row={row} className="h-15 w-20" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-xs font-semibold uppercase tracking-wider text-ink-muted">
                  {row.brand} · {row.type}
                </p>
                <h3 className="font-sans text-base font-semibold leading-snug">
                  <Link to={row.href} className="hover:text-brand-strong">
                    {row.name}
                  </Link>
                </h3>
              </div>
            </div>
            <div className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1">
              <ScoreChip rating={row.rating} className="min-w-10 px-1.5" />
              <span className="text-sm text-ink-muted">{ratingGrade(row.rating).label}</span>
              {row.isSample && row.rating !== null && <SampleBadge />}
              <span className="ml-auto text-lg font-semibold">{row.priceText}</span>
            </div>
            <FeatureList features={row.features} limit={CARD_FEATURES} className="mt-3" />
            <CheckPriceLink link={row.buyLink} productName={row.name} className="mt-4 w-full" />
          </article>
        </li>
      ))}
    </ul>
  );
}

/** The table's shape while the rows load: header band and six grey rows (cards on phones). */
function ComparisonSkeleton() {
  return (
    <div role="status" aria-label="Loading the comparison" data-testid="comparison-skeleton" className="animate-pulse motion-reduce:animate-none">
      <div className="hidden overflow-clip rounded-card border border-line bg-surface md:block">
        <div className="h-11 bg-sand" />
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="flex items-center gap-6 border-t border-line px-4 py-5">
            <div className="h-12 w-16 rounded-md bg-sand-strong" />
            <div className="h-4 w-48 rounded bg-sand-strong" />
            <div className="h-4 w-20 rounded bg-sand" />
            <div className="h-6 w-11 rounded bg-sand-strong" />
            <div className="h-4 w-20 rounded bg-sand" />
            <div className="h-4 flex-1 rounded bg-sand" />
            <div className="h-9 w-28 rounded-full bg-sand-strong" />
          </div>
        ))}
      </div>
      <div className="grid gap-4 md:hidden">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="rounded-card border border-line bg-surface p-4">
            <div className="flex gap-4">
              <div className="h-18 w-24 rounded-md bg-sand-strong" />
              <div className="flex-1 space-y-2">
                <div className="h-3 w-24 rounded bg-sand" />
                <div className="h-4 w-40 rounded bg-sand-strong" />
                <div className="h-4 w-16 rounded bg-sand" />
              </div>
            </div>
            <div className="mt-4 h-11 rounded-full bg-sand-strong" />
          </div>
        ))}
      </div>
      <span className="sr-only">Loading the comparison…</span>
    </div>
  );
}
