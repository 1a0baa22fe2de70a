import type { AppServices } from "~/server/load-context";
import { COMPARE_PARAM, compareView, parseCompareSlugs, type CompareView } from "~/lib/compare/compare";
import { priceSettingsAt } from "~/lib/offers/price-view";
import { withOffers } from "../offers/offer-reads.server";
import { findProductsBySlugs } from "../products/products.server";

/**
 * The comparison at /compare?products=slug-a,slug-b: the named products, read in one query, side
 * by side. Slugs that name no product are listed in the view, not answered with a 404: the rest of
 * a shared comparison still shows. A database that cannot be reached gets the site's 503, as on
 * every page; nothing here catches it.
 */
export async function loadComparePage({ db, config }: Pick<AppServices, "db" | "config">, url: URL): Promise<CompareView> {
  // One comma-separated value (a link, the tray), or one value per checkbox (the sauna table's
  // compare form, a GET form): both name the same comparison.
  const requested = url.searchParams.getAll(COMPARE_PARAM).join(",") || null;
  const products = await withOffers(db, await findProductsBySlugs(db, parseCompareSlugs(requested)));
  const bySlug = new Map(products.map((product) => [product.slug.toLowerCase(), product]));
  return compareView(requested, (slug) => bySlug.get(slug), {
    surveyFormUrl: config.surveyFormUrl,
    prices: priceSettingsAt(config.prices, Date.now()),
  });
}
