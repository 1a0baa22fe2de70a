import { ChevronRight } from "~/components/ui/icons";
import { ProductImage } from "~/components/catalog/product-image";
import { AddToCompare } from "~/components/compare/add-to-compare";
import { RatingSummary } from "~/components/home/rating-summary";
import { ProductTagBadge } from "~/components/catalog/product-tag-badge";
import { CardLink, linkedCardClasses } from "~/components/ui/linked-card";
import type { HomeProductCard } from "~/lib/home/home-page";
import { responsiveImage } from "~/lib/images/image-url";
import { productHref } from "~/lib/catalog/product-display";
import { PriceDrop } from "~/components/catalog/price-drop";
import { PriceText } from "~/components/catalog/price-text";

/** A compact product row of the reviews index: picture, brand, name, stars, price, its badge (Best seller or Top rated). */
export function ProductRow({ product, headingLevel = 3 }: { product: HomeProductCard; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <article
      data-testid="product-row"
      className={linkedCardClasses(
        "grid grid-cols-[6rem_1fr] items-center gap-x-4 gap-y-1 bg-surface p-3 sm:grid-cols-[8rem_1fr_auto_auto] sm:p-4",
      )}
    >
      <div className="row-span-2 aspect-[4/3] w-full overflow-hidden rounded-md bg-sand sm:row-span-1">
        <ProductImage
          {...responsiveImage(product.image, "productCard", "(min-width: 640px) 128px, 96px")}
          placeholderKey={product.id}
          alt=""
          width={256}
          height={192}
          loading="lazy"
          className="size-full object-cover"
        />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="brand-line">{product.brand}</p>
          <ProductTagBadge tag={product.tag} />
        </div>
        <Heading className="mt-0.5 font-sans text-base font-semibold leading-snug sm:text-lg">
          <CardLink to={productHref(product)}>{product.name}</CardLink>
        </Heading>
        <RatingSummary rating={product.rating} reviewCount={product.reviewCount} isSample={product.isSample} className="mt-1" />
        <AddToCompare slug={product.slug} name={product.name} className="mt-2" />
      </div>
      <p className="col-start-2 self-start font-semibold sm:col-start-3 sm:row-start-1 sm:self-center sm:text-right sm:text-lg">
        <PriceText text={product.priceText} asOf={product.priceAsOf} />
        <PriceDrop percent={product.priceDrop} />
      </p>
      <ChevronRight
        aria-hidden
        className="hidden size-5 shrink-0 text-ink-muted transition-transform group-hover:translate-x-0.5 sm:block"
      />
    </article>
  );
}
