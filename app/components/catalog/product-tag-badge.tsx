import { Badge } from "~/components/ui/badge";
import type { ProductTag } from "~/lib/catalog/product-display";

/** A card's one badge (productTag): the owner's "Best seller" mark, or "Top rated"; nothing without either. */
export function ProductTagBadge({ tag }: { tag: ProductTag | null }) {
  if (!tag) return null;
  return <Badge variant={tag === "Best seller" ? "best-seller" : "top-rated"}>{tag}</Badge>;
}
