import { SITE_NAME } from "~/lib/site/site-navigation";
import { ReviewsSearchForm } from "./search-form";

/** The reviews index's header: the site's name as the page title, what the page offers, the search. */
export function ReviewsHeader({ query }: { query: string }) {
  return (
    <header className="border-b border-line bg-sand">
      <div className="page-container py-10 md:py-14">
        <p className="mb-3 text-sm font-semibold uppercase tracking-wider text-brand">Expert Recommendations</p>
        <h1 className="text-[2.25rem] font-semibold leading-[1.1] tracking-tight md:text-5xl">{SITE_NAME}</h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed text-ink-muted">
          Independent reviews of outdoor saunas, from compact barrels to custom cabins. Browse by category, scan every rated model below, or
          search for a type, brand or feature.
        </p>
        <div className="mt-8">
          <ReviewsSearchForm query={query} />
        </div>
      </div>
    </header>
  );
}
