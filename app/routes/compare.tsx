import { Check, Info, X } from "~/components/ui/icons";
import { useEffect } from "react";
import { Link } from "react-router";
import { writeCompareItems } from "~/components/compare/compare-store";
import { CheckPriceLink } from "~/components/home/check-price-link";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { canonicalCompareHref, COMPARE_PARAM, compareView, MAX_COMPARE, parseCompareSlugs } from "~/lib/compare";
import { renditionUrl } from "~/lib/image-url";
import { SITE_NAME } from "~/lib/site-navigation";
import { siteOrigin } from "~/lib/site-origin";
import { socialCardMeta } from "~/lib/social-card";
import { breadcrumbList, HOME_STEP, REVIEWS_STEP, structuredDataMeta } from "~/lib/structured-data";
import { findProductsBySlugs } from "~/server/products/products.server";
import type { Route } from "./+types/compare";

/**
 * /compare?products=slug-a,slug-b: up to four saunas side by side. The URL is the whole state, so
 * it can be shared and works without JavaScript. Every combination is noindex, with a canonical
 * link to the sorted set.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get(COMPARE_PARAM);
  const products = await findProductsBySlugs(context.db, parseCompareSlugs(requested));
  const bySlug = new Map(products.map((product) => [product.slug.toLowerCase(), product]));
  const view = compareView(requested, (slug) => bySlug.get(slug), {
    surveyFormUrl: context.config.surveyFormUrl,
  });
  return { view };
}

export function headers() {
  // The page depends on the query string and changes with the catalog: short-lived in caches.
  return { "Cache-Control": "public, max-age=0, s-maxage=60" };
}

const TITLE = `Compare Saunas - ${SITE_NAME}`;
const DESCRIPTION = "Outdoor saunas side by side: price, type, capacity, size, weight, heater, features and rating.";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const origin = siteOrigin(matches);
  const slugs = loaderData?.view.products.map((product) => product.slug) ?? [];
  const canonical = `${origin}${canonicalCompareHref(slugs)}`;
  const names = loaderData?.view.products.map((product) => product.name) ?? [];
  const title = names.length > 0 ? `${names.join(" vs ")} - ${SITE_NAME}` : TITLE;
  return [
    { title },
    { name: "description", content: DESCRIPTION },
    { name: "robots", content: "noindex,follow" },
    { tagName: "link", rel: "canonical", href: canonical },
    ...socialCardMeta({ title, description: DESCRIPTION, url: canonical, image: loaderData?.view.products[0]?.image }, origin),
    ...structuredDataMeta([breadcrumbList([HOME_STEP, REVIEWS_STEP, { name: "Compare", path: canonicalCompareHref(slugs) }], origin)]),
  ];
};

export default function Compare({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  const { products } = view;

  // The page's URL is the truth: the tray follows it (a shared link, a removed column).
  useEffect(() => {
    writeCompareItems(products.map((product) => ({ slug: product.slug, name: product.name })));
  }, [products]);

  return (
    <main id="main" className="flex-1">
      <div className="page-container py-8 md:py-12">
        <h1 className="text-3xl font-semibold tracking-tight md:text-4xl">Compare Saunas</h1>
        <p className="mt-2 text-ink-muted">
          Up to {MAX_COMPARE} saunas side by side. Share this page's address to share the comparison.
        </p>

        {(view.unknownSlugs.length > 0 || view.truncated) && (
          <div role="note" data-testid="compare-notice" className="mt-5 flex items-start gap-2 rounded-card border border-line bg-sand/60 px-4 py-3 text-sm">
            <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
            <div>
              {view.unknownSlugs.length > 0 && (
                <p>
                  Not found, so left out: {view.unknownSlugs.map((slug, index) => (
                    <span key={slug}>
                      {index > 0 && ", "}
                      <code className="font-medium">{slug}</code>
                    </span>
                  ))}
                  .
                </p>
              )}
              {view.truncated && <p>Only the first {MAX_COMPARE} saunas named are compared.</p>}
            </div>
          </div>
        )}

        {products.length === 0 ? (
          <div className="mt-8 rounded-card border border-dashed border-line bg-surface p-8 text-center">
            <p className="text-ink-muted">No saunas to compare yet. Use “Add to compare” on any review to pick up to {MAX_COMPARE}.</p>
            <ButtonLink to="/reviews" className="mt-5">
              Browse All Reviews
            </ButtonLink>
          </div>
        ) : (
          <div className="mt-8 overflow-x-auto rounded-card border border-line bg-surface shadow-card">
            <table className="w-full min-w-[40rem] table-fixed text-left text-sm" data-testid="compare-table">
              <caption className="sr-only">Saunas compared side by side</caption>
              <thead>
                <tr className="align-top">
                  <th scope="col" className="w-36 bg-sand px-4 py-3 text-xs font-semibold uppercase tracking-wider text-ink-muted">
                    Sauna
                  </th>
                  {products.map((product) => (
                    <th key={product.slug} scope="col" className="px-4 py-3 font-normal">
                      <div className="aspect-[4/3] overflow-hidden rounded-md bg-sand">
                        <img
                          src={renditionUrl(product.image, "productCard", 320)}
                          alt=""
                          width={320}
                          height={240}
                          loading="lazy"
                          className="size-full object-cover"
                        />
                      </div>
                      <p className="mt-2 text-xs font-semibold uppercase tracking-wider text-ink-muted">{product.brand}</p>
                      <Link to={product.href} className="font-semibold text-ink hover:text-brand hover:underline">
                        {product.name}
                      </Link>
                      {product.isSample && (
                        <Badge variant="neutral" className="ml-1.5 align-middle">
                          Sample
                        </Badge>
                      )}
                      <div className="mt-3 flex flex-wrap items-center gap-2">
                        <CheckPriceLink link={product.buyLink} productName={product.name} size="md" />
                        <Link
                          to={product.removeHref}
                          data-testid="compare-remove"
                          className="inline-flex h-9 items-center gap-1 rounded-full px-2 text-sm font-medium text-ink-muted hover:bg-sand hover:text-ink"
                          aria-label={`Remove ${product.name} from the comparison`}
                        >
                          <X aria-hidden className="size-4" />
                          Remove
                        </Link>
                      </div>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {view.rows.map((row) => (
                  <tr key={row.label}>
                    <th scope="row" className="bg-sand px-4 py-2.5 font-semibold">
                      {row.label}
                    </th>
                    {row.values.map((value, index) => (
                      <td key={products[index]!.slug} className="px-4 py-2.5">
                        {value}
                      </td>
                    ))}
                  </tr>
                ))}
                {view.features.map((feature) => (
                  <tr key={feature.feature} data-shared={feature.shared || undefined}>
                    <th scope="row" className="bg-sand px-4 py-2.5 font-medium">
                      {feature.feature}
                      {feature.shared && <span className="ml-1.5 text-xs font-semibold text-forest">(all)</span>}
                    </th>
                    {feature.has.map((has, index) => (
                      <td key={products[index]!.slug} className="px-4 py-2.5">
                        {has ? (
                          <Check aria-label="Yes" className="size-4 text-forest" />
                        ) : (
                          <span className="text-ink-muted" aria-label="No">
                            —
                          </span>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </main>
  );
}
