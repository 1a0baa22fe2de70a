import { productHref } from "~/lib/catalog/product-display";
import { findProductBySlug } from "~/server/products/products.server";
import type { DB } from "~/server/db/connection.server";
import { log } from "~/server/log.server";
import { notFound } from "./page-errors.server";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/**
 * /go/{product-slug} when there is nowhere to send the visitor. A product with a shop link is
 * redirected before React ever sees the request (app/server/clicks/outbound-redirect.server.ts);
 * what reaches this page is an unknown slug, or a product without a usable link. Either is a 404
 * that leads back to the product's review (or to all reviews), never stored and never indexed.
 */
export async function throwOutboundNotFound(db: DB, rawSlug: string | undefined, request: Request): Promise<never> {
  const slug = (rawSlug ?? "").trim();
  const product = slug === "" ? undefined : await findProductBySlug(db, slug.toLowerCase());
  // The path as it came (still percent-encoded): a decoded slug could put a line break in the log.
  log.warn(`404 Not Found: ${new URL(request.url).pathname} (${product ? "the product has no shop link" : "no such product"})`);
  return notFound(
    { screen: "go", kind: "not-found", product: product ? { name: product.name, href: productHref(product) } : null },
    { "Cache-Control": CACHE_CONTROL.noStore, "X-Robots-Tag": "noindex, nofollow" },
  );
}
