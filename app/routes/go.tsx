import { data } from "react-router";
import { NotFoundPanel } from "~/components/site/not-found-panel";
import { productHref } from "~/lib/product-display";
import { SITE_NAME } from "~/lib/site-navigation";
import { findProductBySlug } from "~/server/products/products.server";
import { log } from "~/server/log.server";
import type { Route } from "./+types/go";

/**
 * /go/{product-slug} when there is nowhere to send the visitor. A product with a shop link is
 * redirected before React ever sees the request (app/server/clicks/outbound-redirect.server.ts);
 * what reaches this page is an unknown slug, or a product without a usable link, which gets a 404
 * that leads back to the product's review (or to all reviews).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const slug = (params.slug ?? "").trim();
  const product = slug === "" ? undefined : await findProductBySlug(context.db, slug.toLowerCase());
  // The path as it came (still percent-encoded): a decoded slug could put a line break in the log.
  log.warn(`404 Not Found: ${new URL(request.url).pathname} (${product ? "the product has no shop link" : "no such product"})`);
  return data(
    { product: product ? { name: product.name, href: productHref(product) } : null },
    { status: 404, headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": "no-store", "X-Robots-Tag": loaderHeaders.get("X-Robots-Tag") ?? "noindex, nofollow" };
}

export const meta: Route.MetaFunction = () => [
  { title: `Shop link not available - ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function OutboundNotFound({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  return (
    <main id="main" className="flex-1">
      {product ? (
        <NotFoundPanel
          title={`No shop link for ${product.name} yet`}
          message="We don't have a link to a shop for this sauna right now. Its review has the details, price and specifications."
          returnTo={product.href}
          returnLabel={`Read the ${product.name} review`}
        />
      ) : (
        <NotFoundPanel
          title="This shop link doesn't lead anywhere"
          message="The sauna this link was for isn't in our reviews. It may have been removed, or the address may be mistyped."
          returnTo="/reviews"
          returnLabel="Browse All Saunas"
        />
      )}
    </main>
  );
}
