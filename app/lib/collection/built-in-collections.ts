import type { Collection } from "../catalog/catalog";

/**
 * The collection list the site can always fall back on and the slug aliases. The twelve built-in
 * fallback slugs are all fixed pages, which exist with
 * or without a stored record (collection-page-defaults.ts); merging stand-ins for them into the
 * collections list would change nothing a reader sees, because the tiles and the carousel hide a
 * collection without a picture of its own. So only the last-resort list is kept here.
 */

/** What a category card or menu needs of a collection; database records satisfy it. */
export type CollectionSummary = Pick<Collection, "slug" | "title" | "description" | "imageUrl" | "featured">;

/** When even the collections list cannot be read: these five, all featured. */
export const LAST_RESORT_COLLECTION_SLUGS = [
  "infrared-saunas",
  "traditional-finnish-saunas",
  "barrel-saunas",
  "two-person-saunas",
  "recovery-saunas",
] as const;

/**
 * Short names that mean a fixed collection: 'barrel', the short 'electric' and 'wood-fired', and
 * the category words the product page's breadcrumb links to
 * (/reviews/{lowercased category, default outdoor}), so that link lands on a real page.
 */
const SLUG_ALIASES: Readonly<Record<string, string>> = {
  barrel: "barrel-saunas",
  electric: "electric-saunas",
  "wood-fired": "wood-fired-saunas",
  infrared: "infrared-saunas",
  traditional: "traditional-finnish-saunas",
  clt: "clt-saunas",
  custom: "custom-saunas",
  modern: "modern-outdoor-saunas",
  cube: "modern-outdoor-saunas",
  outdoor: "outdoor-saunas",
};

/** 'barrel' → 'barrel-saunas'; any slug without an alias is returned lower-cased and trimmed. */
export function canonicalCollectionSlug(slug: string): string {
  const key = slug.trim().toLowerCase();
  return SLUG_ALIASES[key] ?? key;
}

/** Words kept in capitals when a title is made from a slug. */
const ACRONYMS = new Set(["clt", "diy"]);

/** 'two-person-saunas' → 'Two Person Saunas'; 'clt-saunas' → 'CLT Saunas'. */
export function titleFromSlug(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter((word) => word !== "")
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()))
    .join(" ");
}

/** 'Top-rated Two Person Saunas': no year, since no date stands behind one. */
export function defaultCollectionDescription(title: string): string {
  return `Top-rated ${title}`;
}

/** A stand-in record for a slug with no stored collection: title from the slug, no image. */
export function builtInCollection(slug: string, featured = false): CollectionSummary {
  const title = titleFromSlug(slug);
  return { slug, title, description: defaultCollectionDescription(title), imageUrl: null, featured };
}

/** The last-resort list: infrared, traditional Finnish, barrel, two-person and recovery, all featured. */
export function lastResortCollections(): CollectionSummary[] {
  return LAST_RESORT_COLLECTION_SLUGS.map((slug) => builtInCollection(slug, true));
}

/** A page that exists without a stored record (a fixed page, or the last-resort list) as a record: never stored (id 0). */
export function builtInCollectionRecord(summary: CollectionSummary): Collection {
  return {
    ...summary,
    id: 0,
    intro: null,
    criteriaType: "custom",
    criteriaValue: null,
    keepsRule: false,
    isSample: false,
    updatedAt: "1970-01-01T00:00:00.000Z",
  };
}

/**
 * The last-resort list as collection records, for a page that must go on when the stored
 * collections cannot be read: fixed pages that always exist, with no picture of their own (so no
 * tile shows one).
 */
export function lastResortCollectionRecords(): Collection[] {
  return lastResortCollections().map(builtInCollectionRecord);
}
