import { ProductImage } from "~/components/catalog/product-image";
import { CardLink, linkedCardClasses } from "~/components/ui/linked-card";
import type { CategoryCard } from "~/lib/home/home-page";
import { categoryHref } from "~/lib/home/home-categories";
import { responsiveImage } from "~/lib/images/image-url";

/** A collection tile: picture, name, description; the whole tile links to /reviews/{slug}. */
export function CategoryTile({ card, headingLevel = 3 }: { card: CategoryCard; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as "h2" | "h3" | "h4";
  return (
    <article data-testid="category-tile" className={linkedCardClasses("flex h-full flex-row overflow-hidden bg-surface sm:flex-col")}>
      <div className="relative w-32 shrink-0 overflow-hidden bg-sand sm:aspect-[16/10] sm:w-full">
        <ProductImage
          {...responsiveImage(
            card.image,
            "categoryCard",
            "(min-width: 1024px) 22vw, (min-width: 768px) 21vw, (min-width: 640px) 46vw, 128px",
          )}
          placeholderKey={card.slug}
          alt=""
          width={560}
          height={350}
          loading="lazy"
          className="card-photo absolute inset-0 sm:static"
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col justify-center p-4 sm:justify-start">
        <Heading className="font-serif text-base font-semibold leading-snug tracking-tight">
          <CardLink to={categoryHref(card.slug)}>{card.name}</CardLink>
        </Heading>
        {card.description && <p className="mt-1.5 line-clamp-2 text-sm leading-relaxed text-ink-muted">{card.description}</p>}
      </div>
    </article>
  );
}
