import { Link } from "~/components/ui/link";
import { Pagination } from "~/components/catalog/pagination";
import { moreResultsHint, resultsCountText, resultsHeading } from "~/lib/reviews/catalog-search";
import type { CategoryCard, HomeProductCard } from "~/lib/home/home-page";
import type { PageInfo } from "~/lib/catalog/pagination";
import { foundNothing, type CollectionLink } from "~/lib/reviews/reviews-index";
import { CategoryTile } from "./category-tile";
import { NoResults } from "./no-results";
import { ProductRows } from "./product-rows";

/** A search's results: the matching collections (first page only), then one page of matching saunas. */
export function SearchResults({
  query,
  collections,
  collectionCount,
  products,
  pagination,
  more,
  suggestions,
}: {
  query: string;
  collections: CategoryCard[];
  collectionCount: number;
  products: HomeProductCard[];
  pagination: PageInfo;
  more: boolean;
  suggestions: CollectionLink[];
}) {
  const empty = foundNothing({ collectionCount, pagination });
  return (
    <section aria-labelledby="search-results" className="page-container py-10 md:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="search-results" className="text-2xl font-semibold tracking-tight md:text-3xl">
            {resultsHeading(query)}
          </h2>
          <p className="mt-1 text-ink-muted" data-testid="results-count">
            {resultsCountText(pagination.totalItems, collectionCount, more)}
          </p>
        </div>
        <Link to="/reviews" className="font-semibold text-brand hover:text-brand-strong">
          Clear search
        </Link>
      </div>

      {empty && <NoResults query={query} suggestions={suggestions} />}
      {collections.length > 0 && (
        <div className="mt-8">
          <h3 className="font-sans text-sm font-bold uppercase tracking-wider text-ink-muted">Collections</h3>
          <ul className="mt-4 grid gap-5 sm:grid-cols-2 md:grid-cols-4">
            {collections.map((collection) => (
              <li key={collection.slug} className="grid">
                <CategoryTile card={collection} headingLevel={4} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {products.length > 0 && (
        <div className="mt-8">
          <h3 className="font-sans text-sm font-bold uppercase tracking-wider text-ink-muted">Saunas, best match first</h3>
          <ProductRows products={products} headingLevel={4} className="mt-4" />
          <Pagination pagination={pagination} label="Search results, pages" />
          {more && pagination.page === pagination.pageCount && (
            <p className="mt-6 text-center text-ink-muted" data-testid="more-results">
              {moreResultsHint(pagination.totalItems)}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
