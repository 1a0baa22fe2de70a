import type { CollectionImport } from "../csv/collection-csv";

/** One row of the admin's collections table: a saved collection, or a row of a parsed CSV. */
export interface CollectionRow {
  /** Saved collections only: a parsed row has no id yet. */
  id?: number;
  /**
   * Saved collections only: 'curated' when an admin stored its saunas (the page shows exactly
   * those, in order); 'rule' for a fixed page that shows what its rule selects.
   */
  listing?: "curated" | "rule";
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
