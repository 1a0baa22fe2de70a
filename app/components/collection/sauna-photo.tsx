import { ProductImage } from "~/components/catalog/product-image";
import { responsiveImage } from "~/lib/images/image-url";
import type { CollectionSauna } from "~/lib/collection/collection-page";

/**
 * A sauna's photo on a collection page: a 4:3 crop through the image route, its box reserved
 * by the parent (aspect ratio or fixed height) so nothing moves when it arrives. Every photo sits
 * below the collection hero (the page's LCP picture), so all of them wait until they are near
 * the viewport instead of competing with it.
 */
export function SaunaPhoto({
  sauna,
  sizes,
}: {
  sauna: Pick<CollectionSauna, "id" | "image" | "brand" | "name">;
  /** The photo's rendered width at each breakpoint. */
  sizes: string;
}) {
  return (
    <ProductImage
      {...responsiveImage(sauna.image, "productCard", sizes)}
      placeholderKey={sauna.id}
      alt={`${sauna.brand} ${sauna.name}`}
      width={800}
      height={600}
      loading="lazy"
      refreshable
      className="absolute inset-0 size-full object-cover"
    />
  );
}
