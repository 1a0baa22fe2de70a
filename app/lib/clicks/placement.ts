/**
 * Where on a page a tracked shop link sits (its placement), so the owner can see which spots
 * earn: the product page's buy box against its sticky bar, an article's product box against its
 * shop links. A link says it in its `from`, after the page: `product:tyyni-4:where-to-buy`,
 * `article:diy-sauna-bench:box`, `compare:table`. The placement recorded is the page kind and the
 * spot (`product:where-to-buy`), one of the list below; anything else is recorded as "other",
 * never as written. The spot is the same for every reader, so cached pages stay valid.
 */

/** The spots each kind of page has, as its links name them. */
const SPOTS = {
  home: ["picks", "top-rated", "comparison"],
  reviews: ["card"],
  search: ["card"],
  compare: ["table"],
  "price-alert": ["email"],
  collection: ["row"],
  product: ["box", "sticky-bar", "where-to-buy"],
  article: ["box", "shop-link"],
} as const satisfies Record<string, readonly string[]>;

export type PlacementPageKind = keyof typeof SPOTS;
export type Spot<Kind extends PlacementPageKind> = (typeof SPOTS)[Kind][number];

/** What a click's placement is when its link named none, or one this list does not have. */
export const OTHER_PLACEMENT = "other";

/** Kinds whose `from` carries a slug before the spot: `collection:{slug}:{spot}`. */
const SLUGGED_KINDS: ReadonlySet<string> = new Set(["collection", "product", "article"]);

/** Every placement a click can be recorded under, "other" last. */
export const PLACEMENTS: readonly string[] = [
  ...Object.entries(SPOTS).flatMap(([kind, spots]) => spots.map((spot) => `${kind}:${spot}`)),
  OTHER_PLACEMENT,
];
const KNOWN = new Set(PLACEMENTS);

/** Longest `from` worth reading: a kind, a slug of at most 100 characters and a spot. */
const MAX_FROM_LENGTH = 140;

/** Whether `spot` is one of the kind's spots. */
export function isSpotOf(kind: string, spot: string): boolean {
  return KNOWN.has(`${kind}:${spot}`) && kind !== OTHER_PLACEMENT;
}

/**
 * The parts of a `from` value (already lower case and trimmed): the page kind, its slug when the
 * kind has one, and the spot when one is written. `product:tyyni-4` is a product page's link
 * without a spot (links made before placements), `compare:table` the compare page's table.
 */
export function splitLinkFrom(text: string): { kind: string; slug: string | null; spot: string | null } {
  const parts = text.split(":");
  const kind = parts[0]!;
  if (SLUGGED_KINDS.has(kind)) {
    if (parts.length > 3) return { kind, slug: parts.slice(1).join(":"), spot: null };
    return { kind, slug: parts[1] ?? null, spot: parts[2] ?? null };
  }
  return { kind, slug: null, spot: parts.length === 2 ? parts[1]! : null };
}

/** The placement a link's `from` names (`product:where-to-buy`), else "other". Case and surrounding spaces are ignored. */
export function placementOf(raw: string | null | undefined): string {
  const text = (raw ?? "").trim().toLowerCase();
  if (text === "" || text.length > MAX_FROM_LENGTH) return OTHER_PLACEMENT;
  const { kind, spot } = splitLinkFrom(text);
  return spot !== null && isSpotOf(kind, spot) ? `${kind}:${spot}` : OTHER_PLACEMENT;
}

/**
 * The kind of page whose views a placement's clicks are divided by for its click-through rate
 * (app/lib/views/page-view.ts names them), or null when it has no page (the email, "other").
 */
export function placementViewKind(placement: string): string | null {
  const kind = placement.slice(0, placement.indexOf(":"));
  switch (kind) {
    case "search":
      return "reviews";
    case "home":
    case "reviews":
    case "collection":
    case "product":
    case "compare":
    case "article":
      return kind;
    default:
      return null;
  }
}

const PAGE_WORDS: Record<string, string> = {
  home: "Home page",
  reviews: "Reviews index",
  search: "Search results",
  compare: "Compare page",
  "price-alert": "Price-drop alert",
  collection: "Collection",
  product: "Product page",
  article: "Article",
};

const SPOT_WORDS: Record<string, string> = {
  picks: "best picks",
  "top-rated": "top rated",
  comparison: "comparison table",
  card: "product card",
  table: "table",
  email: "email",
  row: "product row",
  box: "buy box",
  "sticky-bar": "sticky buy bar",
  "where-to-buy": "where to buy",
  "shop-link": "shop link in the text",
};

/** How the admin names a placement: "Product page · sticky buy bar". */
export function describePlacement(placement: string): string {
  if (!KNOWN.has(placement) || placement === OTHER_PLACEMENT) return "Other (no placement named)";
  const [kind, spot] = placement.split(":") as [string, string];
  // An article's box is the product box written into the article, not the product page's buy box.
  const words = kind === "article" && spot === "box" ? "product box" : SPOT_WORDS[spot];
  return `${PAGE_WORDS[kind]} · ${words}`;
}
