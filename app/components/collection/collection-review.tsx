import { useEffect } from "react";
import { Info } from "~/components/ui/icons";
import { toast } from "~/components/ui/toast";
import { Pagination } from "~/components/catalog/pagination";
import { Link } from "~/components/ui/link";
import type { CollectionPageView } from "~/lib/collection/collection-page";
import { CollectionHero } from "./collection-hero";
import { ComparisonGrid } from "./comparison-grid";
import { ExampleProducts } from "./example-products";
import { Methodology } from "./methodology";
import { AlsoTested } from "./also-tested";
import { OurPicks } from "./our-picks";
import { RankedList } from "./ranked-list";
import { CollectionViews } from "./view-switch";

/** A collection review page: the hero, the intro, the ranked list or the comparison, and how we rank. */
export function CollectionReview({ page }: { page: CollectionPageView }) {
  const { header, saunas, content, source, showingTopRated, pagination, picks, alsoTested, tableHref } = page;

  // The infrared page says so when its collection record is missing (it shows the standard list).
  useEffect(() => {
    if (header.recordMissing && header.slug === "infrared-saunas") {
      toast.error("Collection not found", {
        description: "Showing our standard infrared sauna list instead.",
        id: "infrared-collection-missing",
      });
    }
  }, [header.recordMissing, header.slug]);

  const orderText = source === "membership" ? "in our editors' order" : "ranked by our rating, best first";

  return (
    <>
      <CollectionHero key={header.slug} header={header} />
      <div className="page-container py-10 md:py-14">
        <p className="max-w-3xl text-lg leading-relaxed text-ink md:text-xl md:leading-relaxed" data-testid="collection-intro">
          {header.intro}
        </p>

        {content === "empty" ? (
          <div className="mt-10">
            <ExampleProducts />
          </div>
        ) : (
          <OurPicks picks={picks} />
        )}

        {content !== "empty" && (
          <section aria-labelledby="picks-title" className="mt-10 md:mt-14">
            {showingTopRated && (
              <p className="mb-6 flex gap-2 rounded-card border border-line bg-sand px-4 py-3 text-sm text-ink">
                <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-brand" />
                No sauna in our catalog matches this collection yet, so these are our best-rated saunas overall.
              </p>
            )}
            <CollectionViews
              heading={
                <>
                  <h2 id="picks-title" className="text-3xl font-semibold tracking-tight md:text-4xl">
                    {/* Under "Our picks" the ranking is the whole list, and says so. */}
                    {picks.length > 0 ? "The full ranking" : "Our top picks"}
                  </h2>
                  <p className="mt-1 text-sm text-ink-muted">
                    {pagination.totalItems.toLocaleString("en-US")} {pagination.totalItems === 1 ? "sauna" : "saunas"}, {orderText}.
                    {tableHref && (
                      <>
                        {" "}
                        <Link
                          to={tableHref}
                          className="font-semibold text-brand hover:text-brand-strong"
                          data-testid="collection-table-link"
                        >
                          Sort and filter them in a table
                        </Link>
                      </>
                    )}
                  </p>
                  <p className="mt-3 max-w-2xl text-xs leading-relaxed text-ink-muted" data-testid="affiliate-disclosure">
                    <strong className="font-semibold text-ink">Disclosure:</strong> we earn a commission when you buy through the price
                    links on this page, at no extra cost to you. It never decides the order of this list.
                  </p>
                </>
              }
              list={<RankedList saunas={saunas} />}
              compare={<ComparisonGrid saunas={saunas} />}
            />
            <Pagination pagination={pagination} label={`${header.title}, pages`} />
          </section>
        )}
        {content !== "empty" && <AlsoTested saunas={alsoTested} />}
      </div>
      <Methodology />
    </>
  );
}
