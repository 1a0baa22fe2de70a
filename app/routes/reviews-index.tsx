import { ArrowRight, SearchX } from "~/components/ui/icons";
import { Link, redirect } from "react-router";
import { Pagination } from "~/components/catalog/pagination";
import { CategoryTile } from "~/components/reviews/category-tile";
import { HowWeTest } from "~/components/reviews/how-we-test";
import { ProductRow } from "~/components/reviews/product-row";
import { ReviewsSearchForm } from "~/components/reviews/search-form";
import { useRevalidateOnFocus } from "~/components/reviews/use-revalidate-on-focus";
import { cn } from "~/components/ui/cn";
import { lastResortCollectionRecords } from "~/lib/built-in-collections";
import { resultsCountText, resultsHeading } from "~/lib/catalog-search";
import type { CategoryCard, HomeProductCard } from "~/lib/home-page";
import { linkSource } from "~/lib/clicks/tracked-link";
import type { DisplayContext } from "~/lib/product-view-models";
import {
  isPastLastPage,
  PAGE_PARAM,
  pagedLinkTags,
  pagedTitle,
  pagedUrls,
  pageHref,
  pageInfo,
  pageOffset,
  parsePageParam,
  PRODUCT_LIST_PAGE_SIZE,
  type PageInfo,
} from "~/lib/pagination";
import { reviewsIndexRequest, reviewsIndexView, type CollectionLink } from "~/lib/reviews-index";
import { SITE_NAME } from "~/lib/site-navigation";
import { siteOrigin } from "~/lib/site-origin";
import { socialCardMeta } from "~/lib/social-card";
import { breadcrumbList, HOME_STEP, itemList, REVIEWS_STEP, structuredDataMeta } from "~/lib/structured-data";
import { catalogCache, PUBLIC_PAGE_CACHE_CONTROL } from "~/server/catalog/catalog-cache.server";
import { log } from "~/server/log.server";
import { countProducts, listProductPage } from "~/server/catalog/product-lists.server";
import type { Route } from "./+types/reviews-index";

/** SPEC §2: '{product} Reviews - Expert Recommendations', product = 'Sauna'. */
const PAGE_TITLE = "Sauna Reviews - Expert Recommendations";
const SOCIAL_IMAGE = "/images/collections/outdoor-saunas.webp";
const DESCRIPTION =
  "Expert reviews of outdoor saunas: barrel, traditional Finnish, infrared and modern designs, ranked by build quality, heat performance, installation and value.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { page, canonical } = parsePageParam(url.searchParams.get(PAGE_PARAM));
  if (!canonical) throw redirect(pageHref(url.pathname, url.search, page), 301);

  const { db, config } = context;
  const search = reviewsIndexRequest(url.searchParams.get("q"));
  const [collections, total, products] = await Promise.all([
    // A failed read of the collections must not take the product list down: the page goes on with
    // the built-in last-resort collections (logged), as the spec's cache refresh does.
    catalogCache(db)
      .collections()
      .catch((error: unknown) => {
        log.error(`Reviews index: collections could not be read, using the built-in list: ${(error as Error)?.message ?? error}`);
        return lastResortCollectionRecords();
      }),
    countProducts(db, search.selection),
    listProductPage(db, search.selection, "top-rating", {
      limit: PRODUCT_LIST_PAGE_SIZE,
      offset: pageOffset(page, PRODUCT_LIST_PAGE_SIZE),
    }),
  ]);
  const pagination = pageInfo(page, total, PRODUCT_LIST_PAGE_SIZE);
  // Past the end (the list shrank, or a hand-typed number): the last page, which moves as the
  // catalog grows, hence a temporary redirect (ADR 0017).
  if (isPastLastPage(pagination)) throw redirect(pageHref(url.pathname, url.search, pagination.pageCount), 302);

  const display: DisplayContext = {
    origin: "",
    surveyFormUrl: config.surveyFormUrl,
    linkSource: search.query === "" ? linkSource.reviews : linkSource.search,
  };
  const listParams = new URLSearchParams(search.query === "" ? {} : { q: search.query });
  return {
    view: reviewsIndexView({ request: search, products, pagination, collections }, display),
    urls: pagedUrls(config.baseUrl, "/reviews", listParams, pagination),
  };
}

export function headers() {
  return { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const view = loaderData?.view;
  const searching = view?.mode === "search";
  const title = searching ? `${resultsHeading(view.query)} - ${PAGE_TITLE}` : PAGE_TITLE;
  const origin = siteOrigin(matches);
  const canonicalUrl = loaderData?.urls.canonical ?? `${origin}/reviews`;
  return [
    { title: pagedTitle(title, view?.pagination.page ?? 1) },
    { name: "description", content: DESCRIPTION },
    // Result pages are endless variations of the index: keep them out of search engines.
    { name: "robots", content: searching ? "noindex,follow" : "index,follow" },
    ...(loaderData ? pagedLinkTags(loaderData.urls) : []),
    ...socialCardMeta({ title: PAGE_TITLE, description: DESCRIPTION, url: canonicalUrl, image: SOCIAL_IMAGE }, origin),
    ...structuredDataMeta([
      breadcrumbList([HOME_STEP, REVIEWS_STEP], origin),
      // The list the page shows, numbered from its first item's place in the whole list.
      view?.mode === "index" ? itemList(view.products, origin, (view.pagination.page - 1) * view.pagination.pageSize + 1) : null,
    ]),
  ];
};

export default function ReviewsIndex({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  useRevalidateOnFocus(loaderData);
  const query = view.mode === "search" ? view.query : "";

  return (
    <main id="main" className="flex-1">
      <header className="border-b border-line bg-sand">
        <div className="page-container py-10 md:py-14">
          <p className="mb-3 text-sm font-semibold uppercase tracking-wider text-brand">Expert Recommendations</p>
          <h1 className="text-[2.25rem] font-semibold leading-[1.1] tracking-tight md:text-5xl">{SITE_NAME}</h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-ink-muted">
            Independent reviews of outdoor saunas, from compact barrels to custom cabins. Browse by category, scan every
            rated model below, or search for a type, brand or feature.
          </p>
          <div className="mt-8">
            <ReviewsSearchForm query={query} />
          </div>
        </div>
      </header>

      {view.mode === "index" ? (
        <>
          <CategoryTiles tiles={view.tiles} />
          {view.products.length > 0 ? (
            <ProductList id="all-saunas" title="All Sauna Reviews" products={view.products} pagination={view.pagination} />
          ) : (
            <section aria-labelledby="all-saunas" className="page-container py-12 md:py-16">
              <h2 id="all-saunas" className="text-2xl font-semibold tracking-tight md:text-3xl">
                All Sauna Reviews
              </h2>
              <p className="mt-4 rounded-card border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted">
                Our first reviews are on their way. In the meantime, our{" "}
                <Link to="/learn" className="font-semibold text-brand hover:text-brand-strong">
                  buying guides
                </Link>{" "}
                explain what to look for.
              </p>
            </section>
          )}
        </>
      ) : (
        <SearchResults
          query={view.query}
          collections={view.collections}
          collectionCount={view.collectionCount}
          products={view.products}
          pagination={view.pagination}
          suggestions={view.suggestions}
        />
      )}

      <HowWeTest />
    </main>
  );
}

function CategoryTiles({ tiles }: { tiles: CategoryCard[] }) {
  if (tiles.length === 0) return null;
  return (
    <section aria-labelledby="review-categories" className="page-container pt-12 md:pt-16">
      <h2 id="review-categories" className="text-2xl font-semibold tracking-tight md:text-3xl">
        Browse by Category
      </h2>
      <ul className="mt-6 grid gap-5 sm:grid-cols-2 md:grid-cols-4" data-testid="category-tiles">
        {tiles.map((tile) => (
          <li key={tile.slug} className="grid">
            <CategoryTile card={tile} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProductList({
  id,
  title,
  products,
  pagination,
}: {
  id: string;
  title: string;
  products: HomeProductCard[];
  pagination: PageInfo;
}) {
  return (
    <section aria-labelledby={id} className="page-container py-12 md:py-16">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={id} className="text-2xl font-semibold tracking-tight md:text-3xl">
          {title}
        </h2>
        <p className="text-sm text-ink-muted">
          {pagination.totalItems.toLocaleString("en-US")} {pagination.totalItems === 1 ? "sauna" : "saunas"}, best rated first
        </p>
      </div>
      <ProductRows products={products} className="mt-6" />
      <Pagination pagination={pagination} label="All sauna reviews, pages" />
    </section>
  );
}

/** Products best rated first, two columns from lg; under a search's h3 their names are h4s. */
function ProductRows({
  products,
  headingLevel,
  className,
}: {
  products: HomeProductCard[];
  headingLevel?: 3 | 4;
  className: string;
}) {
  return (
    <ul className={cn("grid gap-4 lg:grid-cols-2", className)} data-testid="product-list">
      {products.map((product) => (
        <li key={product.id} className="grid">
          <ProductRow product={product} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

function SearchResults({
  query,
  collections,
  collectionCount,
  products,
  pagination,
  suggestions,
}: {
  query: string;
  collections: CategoryCard[];
  collectionCount: number;
  products: HomeProductCard[];
  pagination: PageInfo;
  suggestions: CollectionLink[];
}) {
  const empty = collectionCount === 0 && pagination.totalItems === 0;
  return (
    <section aria-labelledby="search-results" className="page-container py-10 md:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="search-results" className="text-2xl font-semibold tracking-tight md:text-3xl">
            {resultsHeading(query)}
          </h2>
          <p className="mt-1 text-ink-muted" data-testid="results-count">
            {resultsCountText(pagination.totalItems, collectionCount)}
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
          <h3 className="font-sans text-sm font-bold uppercase tracking-wider text-ink-muted">Saunas, best rated first</h3>
          <ProductRows products={products} headingLevel={4} className="mt-4" />
          <Pagination pagination={pagination} label="Search results, pages" />
        </div>
      )}
    </section>
  );
}

function NoResults({ query, suggestions }: { query: string; suggestions: CollectionLink[] }) {
  return (
    <div data-testid="no-results" className="mt-8 rounded-card border border-line bg-surface px-6 py-10 text-center shadow-card md:px-10">
      <SearchX aria-hidden className="mx-auto size-10 text-brand" />
      <h3 className="mt-4 text-xl font-semibold tracking-tight">No saunas or collections match “{query}”</h3>
      <p className="mx-auto mt-2 max-w-xl text-ink-muted">
        Check the spelling, or try a shorter search: a type such as <em>barrel</em> or <em>infrared</em>, a brand, or a
        feature such as <em>cedar</em>.
      </p>
      {suggestions.length > 0 && (
        <>
          <p className="mt-6 text-sm font-semibold text-ink">Popular collections</p>
          <ul className="mt-3 flex flex-wrap justify-center gap-2">
            {suggestions.map((suggestion) => (
              <li key={suggestion.href}>
                <Link
                  to={suggestion.href}
                  className="inline-flex rounded-full border border-line bg-canvas px-4 py-2 text-sm font-semibold hover:border-brand hover:text-brand-strong"
                >
                  {suggestion.name}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      <Link to="/reviews" className="mt-6 inline-flex items-center gap-1.5 font-semibold text-brand hover:text-brand-strong">
        Browse all reviews
        <ArrowRight aria-hidden className="size-4" />
      </Link>
    </div>
  );
}
