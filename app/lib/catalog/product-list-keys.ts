import type { Product } from "./catalog";
import { FIXED_COLLECTION_SLUGS, matchesFixedCollection, type FixedCollectionSlug } from "../collection/collection-rules";
import { isTraditionalPick } from "../home/best-by-type";
import { productSearchName, productSearchText } from "../reviews/catalog-search";
import { reviewCountNumber } from "./product-display";
import { EVERY_PRODUCT_LIST } from "./product-selection";
import { heaterFamilyOf } from "../sauna-table/heater-families";
import type { ProductFacts } from "./product-match";

/**
 * Values derived from a product and stored beside it, so the public lists can filter, sort and
 * count in SQL with the same meaning the rules have in code (ADR 0017). They are written on every
 * save (admin form, CSV import, seed) and by the migration that added them; a change to a rule
 * ships with a migration that recomputes them.
 *
 * - listTags: every fixed collection page whose rule the product satisfies, plus the home page's
 *   traditional pick: '|barrel-saunas|budget-saunas|…|'. Triggers copy them into
 *   product_list_tags, one row per tag, which a page reads its products through. The page every
 *   product is on has no tag (EVERY_PRODUCT_LIST).
 * - searchName, searchText: the product's name, and the rest of what the search finds it by, as
 *   the words the full-text index holds (catalog-search.ts).
 * - featureWords: the key features with a mark before every word start (see markWordStarts).
 * - brandKey, categoryKey, heaterKey: trimmed and lower-cased, for equality and 'contains'.
 * - heaterFamily: the heater's family ('wood', 'electric'…: heater-families.ts), '' for none, which
 *   the sauna table filters and counts by with an index instead of a LIKE on every row.
 * - reviewTotal: the review count the top-rated order breaks rating ties with.
 */

/** Not a collection page: the product is the kind the home page's 'Best Traditional Finnish' picks from. */
export const TRADITIONAL_PICK_TAG = "best-traditional";

/** The fixed collection pages read through their tag: all but the one every product is on. */
type TaggedCollectionSlug = Exclude<FixedCollectionSlug, typeof EVERY_PRODUCT_LIST>;

export type ListTag = TaggedCollectionSlug | typeof TRADITIONAL_PICK_TAG;

const TAG_SEPARATOR = "|";

/** Marks the start of a word; separates features. Control characters no product text contains. */
const WORD_START = "\u0001";
const FEATURE_SEPARATOR = "\u001e";
const CONTROL_CHARACTERS = /[\u0001\u001e]/g;

export interface ProductListKeys {
  listTags: string;
  searchName: string;
  searchText: string;
  featureWords: string;
  brandKey: string;
  categoryKey: string;
  heaterKey: string;
  heaterFamily: string;
  reviewTotal: number | null;
}

type KeyedProduct = ProductFacts & Pick<Product, "reviewsNumber" | "reviewCount">;

export function productListKeys(product: KeyedProduct): ProductListKeys {
  const tags: ListTag[] = FIXED_COLLECTION_SLUGS.filter(
    (slug): slug is TaggedCollectionSlug => slug !== EVERY_PRODUCT_LIST && matchesFixedCollection(slug, product),
  );
  if (isTraditionalPick(product)) tags.push(TRADITIONAL_PICK_TAG);
  return {
    listTags: tags.length === 0 ? "" : `${TAG_SEPARATOR}${tags.join(TAG_SEPARATOR)}${TAG_SEPARATOR}`,
    searchName: productSearchName(product),
    searchText: productSearchText(product),
    featureWords: product.keyFeatures.map((feature) => markWordStarts(feature.toLowerCase())).join(FEATURE_SEPARATOR),
    brandKey: textKey(product.brand),
    categoryKey: textKey(product.categoryId),
    heaterKey: textKey(product.heaterType),
    heaterFamily: heaterFamilyOf(product.heaterType)?.key ?? "",
    reviewTotal: reviewCountNumber(product),
  };
}

/** Trimmed and lower-cased, the form the text rules compare in; nothing is ''. */
export function textKey(text: string | null | undefined): string {
  return (text ?? "").trim().toLowerCase();
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Puts a mark before every character that starts a word: the first one, and each one after a
 * character that is not a letter or digit. "eco-friendly" → "·eco-·friendly".
 *
 * 'A word of the text starts with P' (the lookbehind rule of the feature criterion) then becomes
 * a plain substring test: the marked text contains the marked P. The mark before P's first
 * character asks that the text has a word start there; every later mark lines up by itself,
 * because it depends only on the character before it, which the two texts share.
 */
export function markWordStarts(text: string): string {
  let marked = "";
  let previous = "";
  for (const character of text.replace(CONTROL_CHARACTERS, "")) {
    if (previous === "" || !LETTER_OR_DIGIT.test(previous)) marked += WORD_START;
    marked += character;
    previous = character;
  }
  return marked;
}

/** The substring featureWords contains when some key feature has a word starting with `prefix`. */
export function featurePrefixNeedle(prefix: string): string {
  return markWordStarts(prefix.trim().toLowerCase());
}
