/**
 * The two layouts of a collection page, chosen by `?view=`: the ranked list (the default, no
 * parameter) or the side-by-side comparison (`?view=compare`). Any other value is the ranked list.
 */
export type CollectionView = "list" | "compare";

export const VIEW_PARAM = "view";

export function collectionViewFrom(value: string | null | undefined): CollectionView {
  return value === "compare" ? "compare" : "list";
}
