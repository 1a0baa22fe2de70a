import type { AppServices } from "~/server/load-context";
import { linkFrom, linkSource } from "~/lib/clicks/tracked-link";
import {
  bestPickCards,
  categoryCarouselCards,
  COMPARISON_ROW_LIMIT,
  comparisonSection,
  homeYears,
  topRatedSection,
  type ComparisonSection,
  type HomePageView,
} from "~/lib/home/home-page";
import { priceSettingsAt } from "~/lib/offers/price-view";
import type { DisplayContext } from "~/lib/catalog/product-view-models";
import { catalogCache } from "../catalog/catalog-cache.server";
import { log } from "../log.server";

/**
 * The home page's view model. It reads the catalog cache's small results (the picks, the top ten
 * and the catalog's size), never the product table, once per section: the hero, categories, picks
 * and top-rated cards are awaited; the comparison table is deferred (Hydrogen style). A client
 * navigation streams it behind its skeleton; a document load waits for it, so the first HTML is
 * complete without JavaScript (see streamsDeferredData).
 *
 * This page never answers 503, unlike the other public screens: it is the site's front door, so a
 * failed read only empties its own section (logged) and the rest of the page still shows, with the
 * built-in sample cards where the top-rated list would be.
 */
export async function loadHomePage(
  { db, config }: Pick<AppServices, "db" | "config">,
  { streamComparison }: { streamComparison: boolean },
): Promise<HomePageView> {
  // Pictures as site paths, so the /img route can resize them whatever BASE_URL says.
  const display: DisplayContext = {
    origin: "",
    surveyFormUrl: config.surveyFormUrl,
    linkSource: linkSource.home,
    prices: priceSettingsAt(config.prices, Date.now()),
  };
  // Each section's shop links name their spot, so the clicks tell the sections apart.
  const inSection = (spot: "picks" | "top-rated" | "comparison"): DisplayContext => ({
    ...display,
    linkSource: linkFrom(linkSource.home, spot),
  });
  const comparison = loadComparison(db, inSection("comparison"));
  const catalog = catalogCache(db);
  const [collections, picks, top] = await Promise.all([
    // The collections cache falls back to nothing: no category then has a picture of its own.
    readOr(catalog.collections(), [], "collections for the category carousel"),
    // A best-by-type failure gives three empty picks.
    readOr(catalog.bestByType(), { traditional: null, infrared: null, barrel: null }, "products for best by type"),
    // A top-rated failure gives an empty list, so the built-in sample cards stand in.
    readOr(catalog.topProducts(), { products: [], total: 0 }, "products for the top-rated list"),
  ]);
  return {
    years: homeYears(picks, top.products),
    categories: categoryCarouselCards(collections, display.origin),
    bestPicks: bestPickCards(picks, inSection("picks")),
    topRated: topRatedSection(top.products, inSection("top-rated")),
    comparison: streamComparison ? comparison : await comparison,
  };
}

/** The comparison table. A failure gives null (the section says so) instead of failing the page. */
function loadComparison(db: AppServices["db"], display: DisplayContext): Promise<ComparisonSection | null> {
  return catalogCache(db)
    .topProducts()
    .then((top) => comparisonSection(top.products, display, COMPARISON_ROW_LIMIT, top.total))
    .catch((error: unknown) => {
      log.error(`Home page comparison failed: ${(error as Error)?.message ?? error}`);
      return null;
    });
}

async function readOr<T>(read: Promise<T>, fallback: T, what: string): Promise<T> {
  try {
    return await read;
  } catch (error) {
    log.error(`Home page could not read ${what}: ${(error as Error)?.message ?? error}`);
    return fallback;
  }
}
