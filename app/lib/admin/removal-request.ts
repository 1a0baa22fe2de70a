/**
 * The query string (or form) that names what the admin asked to delete, shared by the links and
 * checkboxes that lead to the confirmation page and by the page itself.
 */

export interface RemovalSelection {
  productIds: number[];
  collectionIds: number[];
  /** Articles named on the confirmation (the sample ones, when the samples go). */
  articleIds: number[];
  samples: boolean;
  /** Where to go back to: the page the admin came from. */
  returnTo: RemovalReturnPage;
}

export const REMOVAL_RETURN_PAGES = ["/admin", "/admin/products", "/admin/collections"] as const;
export type RemovalReturnPage = (typeof REMOVAL_RETURN_PAGES)[number];

/** Positive whole ids, each once, in the order given; anything else is ignored. */
function readIds(values: readonly string[]): number[] {
  const ids: number[] = [];
  for (const value of values) {
    for (const part of value.split(",")) {
      const text = part.trim();
      if (!/^\d{1,15}$/.test(text)) continue;
      const id = Number(text);
      if (id > 0 && !ids.includes(id)) ids.push(id);
    }
  }
  return ids;
}

/** Reads `product`, `collection`, `samples` and `from`, from a URL's search params or a posted form. */
export function readRemovalSelection(params: { getAll(name: string): unknown[]; get(name: string): unknown }): RemovalSelection {
  const texts = (name: string) => params.getAll(name).filter((value): value is string => typeof value === "string");
  const from = params.get("from");
  return {
    productIds: readIds(texts("product")),
    collectionIds: readIds(texts("collection")),
    articleIds: readIds(texts("article")),
    samples: params.get("samples") === "1",
    returnTo: (REMOVAL_RETURN_PAGES as readonly unknown[]).includes(from) ? (from as RemovalReturnPage) : "/admin",
  };
}

/** The confirmation page's address for a selection. */
export function removalHref(selection: Partial<RemovalSelection>): string {
  const params = new URLSearchParams();
  for (const id of selection.productIds ?? []) params.append("product", String(id));
  for (const id of selection.collectionIds ?? []) params.append("collection", String(id));
  for (const id of selection.articleIds ?? []) params.append("article", String(id));
  if (selection.samples) params.set("samples", "1");
  if (selection.returnTo) params.set("from", selection.returnTo);
  return `/admin/remove?${params}`;
}

/** "3 products and 1 collection", "1 product, 2 collections, 5 articles and 3 shops", "nothing". */
export function removalSummary(counts: {
  products: number;
  collections: number;
  articles?: number;
  shops?: number;
  authors?: number;
}): string {
  const count = (n: number, one: string, many: string) => n > 0 && `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
  const parts = [
    count(counts.products, "product", "products"),
    count(counts.collections, "collection", "collections"),
    count(counts.articles ?? 0, "article", "articles"),
    count(counts.shops ?? 0, "shop", "shops"),
    count(counts.authors ?? 0, "author", "authors"),
  ].filter((part): part is string => Boolean(part));
  if (parts.length === 0) return "nothing";
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/**
 * What the page the admin returns to says after a delete: "Deleted 1 product and 2 uploaded
 * pictures. The public pages no longer show it."
 */
export function removedNoticeText(result: {
  products: number;
  collections: number;
  articles?: number;
  shops?: number;
  authors?: number;
  imagesDeleted: number;
}): string {
  const images = result.imagesDeleted;
  const pictures = images > 0 ? ` and ${images} uploaded ${images === 1 ? "picture" : "pictures"}` : "";
  const one = result.products + result.collections + (result.articles ?? 0) + (result.shops ?? 0) + (result.authors ?? 0) === 1;
  return `Deleted ${removalSummary(result)}${pictures}. The public pages no longer show ${one ? "it" : "them"}.`;
}
