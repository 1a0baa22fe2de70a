import { buyLink } from "~/lib/offers/buy-link";
import type { Product } from "~/lib/catalog/catalog";
import { linkFrom, linkSource } from "~/lib/clicks/tracked-link";
import { renditionUrl } from "~/lib/images/image-url";
import { formatLongUsDate } from "~/lib/text/dates";
import type { PriceSettings } from "~/lib/offers/display-price";
import { DEFAULT_SITE_PRICES, priceSettingsAt, productPriceView } from "~/lib/offers/price-view";
import { productHref } from "~/lib/catalog/product-display";
import type { DB } from "../db/connection.server";
import { withOffers } from "../offers/offer-reads.server";
import { findProductsBySlugs } from "../products/products.server";

/**
 * Product boxes in an article's Markdown: a line `::product{slug="…"}` becomes the product's
 * card (picture, rating, current price and the day it was last confirmed, a tracked buy link from
 * `article:{slug}`), and
 * `::compare{slugs="a,b,c"}` a comparison table. A product that does not exist (never did, or
 * was removed) shows nothing on the public page and a warning in the editor's preview.
 */

export type ArticleDirective = { kind: "product"; slug: string } | { kind: "compare"; slugs: string[] };

const DIRECTIVE_LINE = /^::(product|compare)\{\s*(slugs?)="([^"]*)"\s*\}\s*$/;

/** The directive a line holds, or null. */
export function readDirective(line: string): ArticleDirective | null {
  const match = DIRECTIVE_LINE.exec(line.trim());
  if (!match) return null;
  const [, kind, key, value] = match;
  const slugs = value!
    .split(",")
    .map((slug) => slug.trim().toLowerCase())
    .filter(Boolean);
  if (kind === "product" && key === "slug" && slugs.length === 1) return { kind: "product", slug: slugs[0]! };
  if (kind === "compare" && key === "slugs" && slugs.length > 0) return { kind: "compare", slugs: slugs.slice(0, 6) };
  return null;
}

export function directiveSlugs(body: string): string[] {
  const slugs = new Set<string>();
  for (const line of body.split("\n")) {
    const directive = readDirective(line);
    if (directive?.kind === "product") slugs.add(directive.slug);
    if (directive?.kind === "compare") for (const slug of directive.slugs) slugs.add(slug);
  }
  return [...slugs];
}

export async function productsForBodies(db: DB, bodies: readonly string[]): Promise<Map<string, Product>> {
  const slugs = [...new Set(bodies.flatMap(directiveSlugs))];
  if (slugs.length === 0) return new Map();
  // With their offers: the box shows the price by the one price rule, dated like every price.
  return new Map((await withOffers(db, await findProductsBySlugs(db, slugs))).map((product) => [product.slug, product]));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The price as every page shows it, with "as of" the day it was last confirmed. */
function priceOf(product: Product, prices: PriceSettings): string {
  const view = productPriceView(product, prices);
  const asOf = view.asOf
    ? ` <span class="article-product-asof">as of <time datetime="${escapeHtml(view.asOf.slice(0, 10))}">${escapeHtml(formatLongUsDate(view.asOf))}</time></span>`
    : "";
  return `${escapeHtml(view.text)}${asOf}`;
}

function ratingOf(product: Product): string {
  return product.rating === null ? "Not yet rated" : `Rated ${product.rating.toFixed(1)} out of 5`;
}

function buyAnchor(product: Product, articleSlug: string): string {
  const link = buyLink(product, { source: linkFrom(linkSource.article(articleSlug), "box") });
  if (link.kind === "none") return "";
  return `<a class="article-product-buy" href="${escapeHtml(link.href)}" target="_blank" rel="${escapeHtml(link.rel ?? "noopener")}">Check price<span class="sr-only"> of ${escapeHtml(product.name)} (opens in a new tab)</span></a>`;
}

function productCard(product: Product, articleSlug: string, prices: PriceSettings): string {
  const image = product.images[0];
  const picture = image
    ? `<img src="${escapeHtml(image.startsWith("/") ? renditionUrl(image, "productCard", 480) : image)}" alt="" width="480" height="360" loading="lazy" decoding="async">`
    : "";
  return [
    `<aside class="article-product" aria-label="${escapeHtml(product.name)}">`,
    picture,
    `<div class="article-product-text"><p class="article-product-name"><a href="${escapeHtml(productHref(product))}">${escapeHtml(product.name)}</a></p>`,
    `<p>${escapeHtml(ratingOf(product))}</p><p class="article-product-price">${priceOf(product, prices)}</p>`,
    `${buyAnchor(product, articleSlug)}</div></aside>`,
  ].join("");
}

function comparisonTable(products: Product[], articleSlug: string, prices: PriceSettings): string {
  const rows = products
    .map(
      (product) =>
        `<tr><th scope="row"><a href="${escapeHtml(productHref(product))}">${escapeHtml(product.name)}</a></th><td>${escapeHtml(ratingOf(product))}</td><td>${priceOf(product, prices)}</td><td>${buyAnchor(product, articleSlug)}</td></tr>`,
    )
    .join("");
  return `<div class="table-scroll"><table class="article-compare"><thead><tr><th scope="col">Sauna</th><th scope="col">Rating</th><th scope="col">Price</th><th scope="col"><span class="sr-only">Shop</span></th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function warning(text: string): string {
  return `<p class="article-block-warning" role="note">${escapeHtml(text)}</p>`;
}

/**
 * The HTML of one directive: trusted markup built here from the catalog, escaped, put into the
 * sanitized body after sanitizing. `preview` adds the warnings a missing product earns.
 */
export function renderDirective(
  directive: ArticleDirective,
  products: ReadonlyMap<string, Product>,
  articleSlug: string,
  preview: boolean,
  prices: PriceSettings = priceSettingsAt(DEFAULT_SITE_PRICES, Date.now()),
): string {
  const slugs = directive.kind === "product" ? [directive.slug] : directive.slugs;
  const missing = slugs.filter((slug) => !products.has(slug));
  const note =
    preview && missing.length > 0
      ? warning(`No product ${missing.map((slug) => `“${slug}”`).join(", ")}: readers see nothing in its place.`)
      : "";
  const found = slugs.flatMap((slug) => products.get(slug) ?? []);
  if (directive.kind === "product") return found[0] ? productCard(found[0], articleSlug, prices) : note;
  return (found.length > 0 ? comparisonTable(found, articleSlug, prices) : "") + note;
}
