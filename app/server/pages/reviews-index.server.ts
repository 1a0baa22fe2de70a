import type { AppServices } from "~/server/load-context";
import { redirect } from "react-router";
import { lastResortCollectionRecords } from "~/lib/collection/built-in-collections";
import { linkFrom, linkSource } from "~/lib/clicks/tracked-link";
import {
  isPastLastPage,
  PAGE_PARAM,
  pagedUrls,
  pageHref,
  pageInfo,
  pageOffset,
  parsePageParam,
  PRODUCT_LIST_PAGE_SIZE,
} from "~/lib/catalog/pagination";
import { priceSettingsAt } from "~/lib/offers/price-view";
import type { DisplayContext } from "~/lib/catalog/product-view-models";
import { reviewsIndexRequest, reviewsIndexView, type ReviewsIndexPage } from "~/lib/reviews/reviews-index";
import { catalogCache } from "../catalog/catalog-cache.server";
import { listProductPageAndCount } from "../catalog/product-lists.server";
import { log } from "../log.server";
import { unavailable } from "./page-errors.server";

/**
 * The reviews index (/reviews), or with ?q= its search results: one page of products at a time,
 * with its canonical, rel=prev and rel=next addresses.
 *
 * Throws a redirect for a page number written another way (301 to its one spelling) or past the
 * end (302 to the last page, which moves as the catalog grows: ADR 0017), and the shared
 * "unavailable" answer (503) when the products cannot be read: a list that silently came back
 * empty would tell the reader the site has no reviews.
 */
export async function loadReviewsIndexPage({ db, config }: Pick<AppServices, "db" | "config">, url: URL): Promise<ReviewsIndexPage> {
  const { page, canonical } = parsePageParam(url.searchParams.get(PAGE_PARAM));
  if (!canonical) throw redirect(pageHref(url.pathname, url.search, page), 301);

  const search = reviewsIndexRequest(url.searchParams.get("q"));
  const [collections, { products, total, more }] = await Promise.all([
    // A failed read of the collections must not take the product list down: the page goes on with
    // the built-in last-resort collections (logged), fixed pages that always exist.
    catalogCache(db)
      .collections()
      .catch((error: unknown) => {
        log.error(`Reviews index: collections could not be read, using the built-in list: ${(error as Error)?.message ?? error}`);
        return lastResortCollectionRecords();
      }),
    listProductPageAndCount(db, search.selection, "top-rating", {
      limit: PRODUCT_LIST_PAGE_SIZE,
      offset: pageOffset(page, PRODUCT_LIST_PAGE_SIZE),
    }),
  ]).catch((error: unknown) => {
    log.error(`Reviews index: products could not be read: ${(error as Error)?.message ?? error}`);
    return unavailable({ screen: "site", kind: "unavailable" });
  });
  const pagination = pageInfo(page, total, PRODUCT_LIST_PAGE_SIZE);
  if (isPastLastPage(pagination)) throw redirect(pageHref(url.pathname, url.search, pagination.pageCount), 302);

  const display: DisplayContext = {
    origin: "",
    surveyFormUrl: config.surveyFormUrl,
    linkSource: linkFrom(search.query === "" ? linkSource.reviews : linkSource.search, "card"),
    prices: priceSettingsAt(config.prices, Date.now()),
  };
  const listParams = new URLSearchParams(search.query === "" ? {} : { q: search.query });
  return {
    view: reviewsIndexView({ request: search, products, pagination, more, collections }, display),
    urls: pagedUrls(config.baseUrl, "/reviews", listParams, pagination),
  };
}
