import { appContext } from "~/server/load-context";
import { useNavigation } from "react-router";
import { ProductDetail } from "~/components/product/product-detail";
import { ProductLoadingSpinner } from "~/components/product/product-loading-spinner";
import { PageErrorBoundary, pageErrorMeta } from "~/components/site/page-error-boundary";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { socialCardMeta, socialCardPrice } from "~/lib/seo/social-card";
import { structuredDataMeta } from "~/lib/seo/structured-data";
import { productPage } from "~/server/pages/product.server";
import type { PageHandle } from "~/lib/site/page-handle";
import type { Route } from "./+types/product";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/**
 * The product detail page, at /reviews/product/{id or slug} and /product/{id or slug}; the
 * canonical link names /reviews/product/{slug}.
 */
/** The Buy Now bar pinned to the bottom of a phone's screen. */
export const handle: PageHandle = { bottomBar: true };

export function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(appContext);
  return productPage(db, {
    idOrSlug: (params.productId ?? "").trim(),
    baseUrl: config.baseUrl,
    surveyFormUrl: config.surveyFormUrl,
    prices: config.prices,
  });
}

/** A found product is public; a thrown 404, 410 or 503 brings its own Cache-Control. */
export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": (errorHeaders ?? loaderHeaders).get("Cache-Control") ?? CACHE_CONTROL.publicPage };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  if (error || !loaderData) return pageErrorMeta(error);
  const { view, origin } = loaderData;
  const title = `${view.name} Review - ${SITE_NAME}`;
  const canonical = `${origin}${view.canonicalPath}`;
  const description = view.summary;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { name: "robots", content: "index,follow" },
    ...socialCardMeta(
      {
        title: `${view.brand} ${view.name} Review`,
        description,
        url: canonical,
        image: view.images[0],
        // A review is an article about a product; "product" is not an Open Graph type.
        type: "article",
        price: socialCardPrice(view.price),
      },
      origin,
    ),
    ...structuredDataMeta([loaderData.productLd, loaderData.breadcrumbLd]),
  ];
};

/** True while a client navigation loads a product page. */
function useLoadingProduct(): boolean {
  const navigation = useNavigation();
  return navigation.state === "loading" && /^\/(reviews\/)?product\/[^/]+\/?$/.test(navigation.location.pathname);
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const loadingProduct = useLoadingProduct();
  return (
    <>
      {loadingProduct && <ProductLoadingSpinner />}
      <ProductDetail
        view={loaderData.view}
        updateNotes={loaderData.updateNotes}
        testResults={loaderData.testResults}
        buyButton={loaderData.buyButton}
      />
    </>
  );
}

export { PageErrorBoundary as ErrorBoundary };
