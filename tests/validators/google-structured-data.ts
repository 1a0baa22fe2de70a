/**
 * Google's required properties for the rich results the site's JSON-LD aims at (Product
 * snippets, review snippets with pros and cons, breadcrumbs), checked on any block: every node of
 * a type listed here must carry what Google's documentation marks as required, so a block that
 * passes schema.org's vocabulary (./schema-org-vocabulary.ts) but would be rejected by Google shows
 * as a finding. And the site's own rule: an AggregateRating only with a count of reviews.
 */

type Node = Record<string, unknown>;

const has = (node: Node, property: string) => node[property] !== undefined && node[property] !== null && node[property] !== "";

const named = (value: unknown) => typeof value === "object" && value !== null && has(value as Node, "name");

/** Each type's checks: a finding's text per missing requirement. */
const REQUIRED: Record<string, (node: Node) => string[]> = {
  Product: (node) => [
    ...(has(node, "name") ? [] : ["Product needs name"]),
    ...(has(node, "offers") || has(node, "review") || has(node, "aggregateRating")
      ? []
      : ["Product needs one of offers, review or aggregateRating"]),
  ],
  Offer: (node) => (has(node, "price") || has(node, "priceSpecification") ? [] : ["Offer needs price"]),
  AggregateOffer: (node) => [
    ...(has(node, "lowPrice") ? [] : ["AggregateOffer needs lowPrice"]),
    ...(has(node, "priceCurrency") ? [] : ["AggregateOffer needs priceCurrency"]),
  ],
  Review: (node) => [
    ...([node.author].flat().every(named) && has(node, "author") ? [] : ["Review needs an author with a name"]),
    ...(has(node, "reviewRating") ? [] : ["Review needs reviewRating"]),
  ],
  Rating: (node) => [
    ...(has(node, "ratingValue") ? [] : ["Rating needs ratingValue"]),
    ...(has(node, "bestRating") ? [] : ["Rating needs bestRating (the scale is not 5 by assumption)"]),
  ],
  AggregateRating: (node) => [
    ...(has(node, "ratingValue") ? [] : ["AggregateRating needs ratingValue"]),
    ...(has(node, "ratingCount") || has(node, "reviewCount") ? [] : ["AggregateRating needs ratingCount or reviewCount"]),
  ],
  ItemList: (node) => (Array.isArray(node.itemListElement) && node.itemListElement.length > 0 ? [] : ["ItemList needs itemListElement"]),
  ListItem: (node) => [
    ...(has(node, "position") ? [] : ["ListItem needs position"]),
    ...(has(node, "name") || has(node, "item") || has(node, "url") ? [] : ["ListItem needs name, item or url"]),
  ],
  BreadcrumbList: (node) =>
    Array.isArray(node.itemListElement) && node.itemListElement.every((item) => named(item) && has(item as Node, "item"))
      ? []
      : ["BreadcrumbList needs each step's name and item"],
  Article: (node) => (has(node, "headline") ? [] : ["Article needs headline"]),
};

/** One line per missing requirement in a JSON-LD block, with its path. */
export function googleRequiredFindings(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => googleRequiredFindings(item, `${path}[${index}]`));
  if (value === null || typeof value !== "object") return [];
  const node = value as Node;
  const findings: string[] = [];
  for (const type of [node["@type"]].flat()) {
    const check = typeof type === "string" ? REQUIRED[type] : undefined;
    if (check) findings.push(...check(node).map((finding) => `${path}: ${finding}`));
  }
  for (const [key, child] of Object.entries(node)) {
    if (key !== "@context") findings.push(...googleRequiredFindings(child, `${path}.${key}`));
  }
  return findings;
}

/** Whether a block publishes an AggregateRating anywhere in it. */
export function publishesAggregateRating(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(publishesAggregateRating);
  if (value === null || typeof value !== "object") return false;
  const node = value as Node;
  return [node["@type"]].flat().includes("AggregateRating") || Object.values(node).some(publishesAggregateRating);
}
