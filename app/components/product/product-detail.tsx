import { Link } from "~/components/ui/link";
import { RatingStars } from "~/components/catalog/rating-stars";
import { AddToCompare } from "~/components/compare/add-to-compare";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { ChevronRight, Info } from "~/components/ui/icons";
import type { ProductPageView, ProductScreen } from "~/lib/product/product-page";
import { DEFAULT_BUY_BUTTON } from "~/lib/ab-tests/buy-button";
import { BuyButtonTest } from "./buy-button-choice";
import { AsSeenIn } from "./as-seen-in";
import { DetailsAccordion } from "./details-accordion";
import { PriceAlertForm } from "./price-alert-form";
import { ProductGallery } from "./product-gallery";
import { PriceHistoryChart } from "./price-history-chart";
import { Alternatives, ReviewSummary } from "./product-review";
import { BuyBox, MobileBuyBar } from "./product-purchase";
import { Specifications } from "./specifications";
import { WhereToBuy } from "./where-to-buy";
import { TestResults } from "./test-results";
import type { TestResultsView } from "~/lib/measurements/test-results-view";
import { WhatChanged } from "~/components/site/what-changed";
import type { UpdateNoteView } from "~/lib/updates/update-notes";

/** A product's review page: breadcrumb, header, gallery, overview, features, and the buying details beside them. */
export function ProductDetail({
  view,
  updateNotes = [],
  testResults = null,
  buyButton,
}: {
  view: ProductPageView;
  updateNotes?: readonly UpdateNoteView[];
  testResults?: TestResultsView | null;
  buyButton?: ProductScreen["buyButton"];
}) {
  return (
    <BuyButtonTest applied={buyButton?.applied ?? DEFAULT_BUY_BUTTON} test={buyButton?.test ?? null} pageKey={view.slug}>
      <ProductMain view={view} updateNotes={updateNotes} testResults={testResults} />
    </BuyButtonTest>
  );
}

function ProductMain({
  view,
  updateNotes,
  testResults,
}: {
  view: ProductPageView;
  updateNotes: readonly UpdateNoteView[];
  testResults: TestResultsView | null;
}) {
  return (
    <main id="main" className="flex-1">
      <div className="page-container pb-8 pt-5 md:pb-20 md:pt-8">
        <Breadcrumb view={view} />
        <ProductHeader view={view} />
        {view.review && <ReviewSummary view={view} review={view.review} />}

        <div className="mt-8 grid gap-10 md:grid-cols-[minmax(0,1fr)_18rem] md:gap-8 lg:grid-cols-[minmax(0,1fr)_23rem] lg:gap-12">
          <div className="min-w-0 space-y-12">
            <ProductGallery productKey={String(view.id)} name={view.name} images={view.images} fallbackImage={view.fallbackImage} />
            <WhereToBuy whereToBuy={view.whereToBuy} productName={view.name} featuredShop={view.buyShop?.slug ?? null} />
            <PriceHistoryChart history={view.priceHistory} />
            <PriceAlertForm product={view} />
            {view.overview.length > 0 && (
              <section aria-labelledby="overview-heading">
                <h2 id="overview-heading" className="text-2xl font-semibold">
                  Overview
                </h2>
                <div className="mt-4 max-w-[70ch] space-y-4 text-[1.05rem] leading-relaxed text-ink/90">
                  {view.overview.map((paragraph, index) => (
                    <p key={index}>{paragraph}</p>
                  ))}
                </div>
              </section>
            )}
            {view.keyFeatures.length > 0 && (
              <section aria-labelledby="features-heading">
                <h2 id="features-heading" className="text-2xl font-semibold">
                  Key Features
                </h2>
                <ul className="mt-4 grid max-w-[70ch] list-disc gap-2 pl-5 text-[1.05rem] marker:text-brand sm:grid-cols-2 sm:gap-x-8">
                  {view.keyFeatures.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </section>
            )}
            <TestResults results={testResults} />
            <WhatChanged notes={updateNotes} />
            {view.review && <Alternatives review={view.review} />}
            {view.asSeenIn.length > 0 && <AsSeenIn collections={view.asSeenIn} />}
          </div>

          <aside aria-label="Buying details" className="space-y-6">
            <BuyBox purchase={view} className="hidden md:block" />
            <Specifications view={view} />
            <DetailsAccordion view={view} />
          </aside>
        </div>
      </div>
      <MobileBuyBar purchase={{ ...view, buyLink: view.stickyBuyLink }} />
    </main>
  );
}

function Breadcrumb({ view }: { view: ProductPageView }) {
  const steps = [
    { label: "Home", href: "/" },
    { label: "Reviews", href: "/reviews" },
    { label: view.category.label, href: view.category.href },
  ];
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-ink-muted">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {steps.map((step) => (
          <li key={step.href} className="inline-flex items-center gap-1.5">
            <Link to={step.href} className="rounded-sm underline-offset-4 hover:text-brand hover:underline">
              {step.label}
            </Link>
            <ChevronRight aria-hidden className="size-3.5 text-ink-muted/60" />
          </li>
        ))}
        <li aria-current="page" className="min-w-0 font-medium text-ink">
          {view.name}
        </li>
      </ol>
    </nav>
  );
}

function ProductHeader({ view }: { view: ProductPageView }) {
  return (
    <header className="mt-5 max-w-4xl">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand">{view.brand}</p>
      <h1 className="mt-1.5 text-[2rem] font-semibold leading-tight tracking-tight md:text-[2.6rem]">{view.name}</h1>
      {view.tagline && <p className="mt-2 text-lg text-ink-muted">{view.tagline}</p>}
      <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        <span className="inline-flex items-center gap-2" data-testid="product-rating">
          <RatingStars rating={view.rating} size="lg" />
          <span className={cn("font-semibold", view.rating === null ? "text-ink-muted" : "text-ink")}>{view.ratingText}</span>
          {view.reviewCountText && <span className="text-ink-muted">({view.reviewCountText})</span>}
        </span>
        {view.isSample && <Badge variant="neutral">Sample</Badge>}
        <span aria-hidden className="hidden h-4 w-px bg-line sm:block" />
        <span className="text-ink-muted">
          <time dateTime={view.updatedAt}>{view.lastUpdatedText}</time>
        </span>
        <AddToCompare slug={view.slug} name={view.name} />
      </div>
      {view.isSample && (
        <p className="mt-4 flex items-start gap-2 rounded-card border border-line bg-sand/60 px-3.5 py-2.5 text-sm text-ink-muted">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          Sample listing: this product, its ratings and its review are examples shipped with the site.
        </p>
      )}
    </header>
  );
}
