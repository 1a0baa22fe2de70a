import type { Collection } from "../catalog/catalog";
import { collectionListing, type CollectionListing } from "../collection/collection-listing";
import type { CollectionImport } from "../csv/collection-csv";

/** One row of the admin's collections table: a saved collection, or a row of a parsed CSV. */
export interface CollectionRow {
  /** Saved collections only: a parsed row has no id yet. */
  id?: number;
  /**
   * Saved collections only: 'curated' when an admin stored its saunas (the page shows exactly
   * those, in order); 'rule' for a page that shows what its rule selects; 'rule-plus' for one that
   * shows its rule's saunas and the ones stored for it (ADR 0070).
   */
  listing?: "curated" | "rule" | "rule-plus";
  name: string;
  slug: string;
  description: string | null;
  imageUrl: string | null;
}

/** A saved collection and a parsed one show the same columns. */
export function collectionRow(
  collection: Pick<CollectionImport, "title" | "slug" | "description" | "imageUrl"> & { id?: number },
): CollectionRow {
  return {
    id: collection.id,
    name: collection.title,
    slug: collection.slug,
    description: collection.description,
    imageUrl: collection.imageUrl,
  };
}

/** A custom collection with nothing stored shows stand-ins: no badge. */
const LISTING_LABELS: Record<CollectionListing, CollectionRow["listing"]> = {
  rule: "rule",
  "hand-picked": "curated",
  "rule-and-extras": "rule-plus",
  "stand-ins": undefined,
};

/** A saved collection's listing badge, from how its page lists its saunas (collection-listing.ts). */
export function listingOf(
  collection: Pick<Collection, "slug" | "criteriaType" | "criteriaValue" | "keepsRule">,
  hasStoredProducts: boolean,
): CollectionRow["listing"] {
  return LISTING_LABELS[collectionListing(collection, hasStoredProducts)];
}
