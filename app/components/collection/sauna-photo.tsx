import { ProductImage } from "~/components/catalog/product-image";
import { resizedImageUrl, resizedSrcSet } from "~/lib/image-url";
import type { CollectionSauna } from "~/server/catalog/collection-page.server";

const PHOTO = { width: 800, height: 600, quality: 80, fit: "cover" } as const;
const PHOTO_WIDTHS = [400, 600, 800, 1000];

/**
 * A sauna's photo on a collection page: 4:3, resized through the image route, its box reserved
 * by the parent (aspect ratio or fixed height) so nothing moves when it arrives. Those above the
 * fold (`eager`, the caller's choice) load at once; the rest wait until they are near the viewport.
 */
export function SaunaPhoto({
  sauna,
  eager,
  sizes,
}: {
  sauna: Pick<CollectionSauna, "id" | "image" | "brand" | "name">;
  eager: boolean;
  sizes: string;
}) {
  const { image } = sauna;
  return (
    <ProductImage
      src={resizedImageUrl(image, PHOTO)}
      srcSet={resizedSrcSet(image, PHOTO_WIDTHS, {
        quality: PHOTO.quality,
        fit: PHOTO.fit,
        aspect: PHOTO.width / PHOTO.height,
      })}
      sizes={sizes}
      placeholderKey={sauna.id}
      alt={`${sauna.brand} ${sauna.name}`}
      width={PHOTO.width}
      height={PHOTO.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      refreshable
      className="absolute inset-0 size-full object-cover"
    />
  );
}
