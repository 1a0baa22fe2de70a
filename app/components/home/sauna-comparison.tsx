import { Suspense, use } from "react";
import { Link } from "~/components/ui/link";
import { AddToCompare } from "~/components/compare/add-to-compare";
import { ProductImage } from "~/components/catalog/product-image";
import { cn } from "~/components/ui/cn";
import { COMPARISON_TABLE_FEATURES, type ComparisonRow, type ComparisonSection } from "~/lib/home/home-page";
import { responsiveImage } from "~/lib/images/image-url";
import { featureSummary, productHref } from "~/lib/catalog/product-display";
import { ratingGrade, ratingText } from "~/lib/catalog/ratings";
import { CheckPriceLink } from "./check-price-link";
import { RATING_TONE_CHIP, SampleBadge } from "./rating-summary";
import { SectionHeading } from "./section-heading";
import { PriceDrop } from "~/components/catalog/price-drop";
import { PriceText } from "~/components/catalog/price-text";

const NO_COMPARISON_TEXT = "No saunas available for comparison.";
/** The table cell shows the first 3 features and a card the first 2: a phone card has less room. */
const TABLE_FEATURES = COMPARISON_TABLE_FEATURES;
const CARD_FEATURES = 2;

type ComparisonData = ComparisonSection | null;

/**
 * The home page's 'Sauna Comparison', anchor #comparison: a table from 768 px up, cards below it,
 * both drawn from the same rows.
 * Its rows are deferred loader data. On a client navigation they arrive as a promise and the
 * skeleton shows until they stream in; a document load gets them already resolved and renders
 * them with no Suspense boundary at all, so the table is plain HTML in the first response.
 * `null` means the rows could not be read.
 */
export function SaunaComparison({ comparison }: { comparison: ComparisonData | Promise<ComparisonData> }) {
  return (
    <section id="comparison" aria-labelledby="sauna-comparison" className="home-section">
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
        <span aria-hidden>* </span>Specifications and prices may change. Please check the manufacturer's website for the latest details
        before you buy. We may earn a commission from 'Check Price' links, at no extra cost to you.
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
      <p className="rounded-card border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted">{NO_COMPARISON_TEXT}</p>
    );
  }
  const more = totalProducts - rows.length;
  return (
    <>
      <ComparisonTable rows={rows} />
      {more > 0 && (
        <p className="mt-6 text-center">
          <Link to="/reviews" className="arrow-link">
            Showing the {rows.length} top-rated of {totalProducts} saunas. See all reviews
          </Link>
        </p>
      )}
    </>
  );
}

/** The score on its label's colour, '–' when unrated. */
function ScoreChip({ rating }: { rating: number | null }) {
  return (
    <span className={cn("comparison-score", RATING_TONE_CHIP[ratingGrade(rating).tone])}>{rating === null ? "–" : ratingText(rating)}</span>
  );
}

function RatingCell({ rating, isSample }: { rating: number | null; isSample: boolean }) {
  return (
    <div className="comparison-rating">
      <ScoreChip rating={rating} />
      <span>{ratingGrade(rating).label}</span>
      {isSample && rating !== null && <SampleBadge />}
    </div>
  );
}

/**
 * The first 3 features on the table, the first 2 on a card: one list, whose third entry and
 * '+N more' line for each width are shown or hidden by CSS. `features` holds at most the first 3
 * of the product's `count` key features (all the table shows).
 */
function FeatureList({ features, count }: { features: string[]; count: number }) {
  const table = featureSummary(features, TABLE_FEATURES, count);
  const card = featureSummary(features, CARD_FEATURES, count);
  if (table.emptyText) return <p className="text-sm text-ink-muted">{table.emptyText}</p>;
  return (
    // Each entry is led by a check (`.comparison-features` in app/app.css), the '+N more' lines excepted.
    <ul className="comparison-features">
      {table.visible.map((feature, index) => (
        <li key={feature} className={index >= CARD_FEATURES ? "max-md:hidden" : undefined}>
          {feature}
        </li>
      ))}
      {table.moreText && <li className="comparison-more max-md:hidden">{table.moreText}</li>}
      {card.moreText && <li className="comparison-more md:hidden">{card.moreText}</li>}
    </ul>
  );
}

/** The picture itself carries the thumbnail's box (`.comparison-thumb`): no wrapper per row. */
function Thumbnail({ row }: { row: ComparisonRow }) {
  return (
    <ProductImage
      // 4rem wide in the desktop table, 5rem in the phone cards.
      {...responsiveImage(row.image, "productCard", "(min-width: 1024px) 64px, 80px")}
      placeholderKey={row.id}
      alt=""
      width={160}
      height={120}
      loading="lazy"
      className="comparison-thumb"
    />
  );
}

const headings = ["Sauna Model", "Type", "Rating", "Price", "Key Features", "Buy"];

/**
 * One table for both widths: a table from 768 px up, and below it each row laid out as a card
 * (the `.comparison-table` rules in app.css), so the rows are in the HTML once.
 */
function ComparisonTable({ rows }: { rows: ComparisonRow[] }) {
  return (
    <div className="comparison-table" data-testid="comparison-table">
      <table>
        <caption className="sr-only">{`Comparison of our ${rows.length} top-rated outdoor saunas`}</caption>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {/* The cells' looks are `.comparison-table` rules in app/app.css, by position. */}
              <th scope="row">
                <div>
                  <Thumbnail row={row} />
                  <div>
                    <p className="brand-line">{row.brand}</p>
                    <Link to={productHref(row)}>{row.name}</Link>
                  </div>
                </div>
              </th>
              <td>{row.type}</td>
              <td>
                <RatingCell rating={row.rating} isSample={row.isSample} />
              </td>
              <td>
                <PriceText text={row.priceText} asOf={row.priceAsOf} />
                <PriceDrop percent={row.priceDrop} />
              </td>
              <td>
                <FeatureList features={row.features} count={row.featureCount} />
              </td>
              <td>
                <CheckPriceLink link={row.buyLink} productName={row.name} />
                <AddToCompare slug={row.slug} name={row.name} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The table's shape while the rows load: header band and six grey rows (cards on phones). */
function ComparisonSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the comparison"
      data-testid="comparison-skeleton"
      className="animate-pulse motion-reduce:animate-none"
    >
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
