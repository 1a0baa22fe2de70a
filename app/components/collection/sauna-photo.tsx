import { ProductImage } from "~/components/catalog/product-image";
import { cn } from "~/components/ui/cn";
import { resizedImageUrl, resizedSrcSet } from "~/lib/image-url";

const PHOTO = { width: 800, height: 600, quality: 80, fit: "cover" } as const;
const PHOTO_WIDTHS = [400, 600, 800, 1000];

/**
 * A sauna's photo on a collection page: 4:3, resized through the image route, its box reserved
 * by the parent (aspect ratio or fixed height) so nothing moves when it arrives. The first two on
 * a page load at once; the rest wait until they are near the viewport.
 */
export function SaunaPhoto({
  image,
  productId,
  alt,
  eager,
  sizes,
  className,
}: {
  image: string;
  productId: number;
  alt: string;
  eager: boolean;
  sizes: string;
  className?: string;
}) {
  return (
    <ProductImage
      src={resizedImageUrl(image, PHOTO)}
      srcSet={resizedSrcSet(image, PHOTO_WIDTHS, {
        quality: PHOTO.quality,
        fit: PHOTO.fit,
        aspect: PHOTO.width / PHOTO.height,
      })}
      sizes={sizes}
      placeholderKey={productId}
      alt={alt}
      width={PHOTO.width}
      height={PHOTO.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      refreshable
      className={cn("absolute inset-0 size-full object-cover", className)}
    />
  );
}
