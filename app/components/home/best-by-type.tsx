import { ArrowRight, BookOpen } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { AddToCompare } from "~/components/compare/add-to-compare";
import { ProductImage } from "~/components/catalog/product-image";
import { ButtonLink } from "~/components/ui/button";
import { bestPicksTitle } from "~/lib/home/content-year";
import type { BestPickCard } from "~/lib/home/home-page";
import { responsiveImage } from "~/lib/images/image-url";
import { productHref } from "~/lib/catalog/product-display";
import { CheckPriceLink } from "./check-price-link";
import { RatingSummary } from "./rating-summary";
import { SectionHeading } from "./section-heading";
import { PriceDrop } from "~/components/catalog/price-drop";
import { PriceText } from "~/components/catalog/price-text";

/** The home page's 'Best Outdoor Saunas of {the picks' year}': one pick per type, the two buttons, the type pages. */
export function BestByTypeSection({ cards, year }: { cards: BestPickCard[]; year: number | null }) {
  return (
    <section aria-labelledby="best-outdoor-saunas" className="home-section">
      <SectionHeading
        id="best-outdoor-saunas"
        eyebrow="Our picks"
        title={bestPicksTitle(year)}
        intro="The highest-rated sauna of each major type. Start here if you want one clear recommendation."
      />
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {cards.map((card) => (
          <li key={card.type} className="grid">
            <BestPickCardView card={card} />
          </li>
        ))}
      </ul>
      <p className="mt-4 text-xs text-ink-muted">
        We may earn a commission when you buy through 'Check Price' links, at no extra cost to you.
      </p>

      <div className="mt-10 flex flex-col items-center gap-6 rounded-card border border-line bg-sand px-6 py-8 text-center">
        <div className="flex flex-col gap-3 sm:flex-row">
          <ButtonLink to="/reviews" size="lg">
            Explore Top Saunas
            <ArrowRight aria-hidden className="size-5" />
          </ButtonLink>
          <ButtonLink to="/learn" size="lg" variant="secondary">
            <BookOpen aria-hidden className="size-5" />
            Gain Sauna Knowledge
          </ButtonLink>
        </div>
        <nav aria-label="Sauna types" className="type-links">
          {cards.map((card) => (
            <Link key={card.type} to={card.collectionHref}>
              {card.label} Saunas
            </Link>
          ))}
        </nav>
      </div>
    </section>
  );
}

function BestPickCardView({ card }: { card: BestPickCard }) {
  const product = card.product;
  const href = product ? productHref(product) : null;
  // A card without its product always carries the type's fallback picture.
  const image = product?.image ?? card.fallbackImage ?? "";
  return (
    <article data-testid="best-pick" className="pick-card">
      <div className="pick-card-photo">
        <ProductImage
          {...responsiveImage(image, "productCard", "(min-width: 768px) 31vw, calc(100vw - 2rem)")}
          placeholderKey={href ?? card.type}
          alt={product ? product.name : card.heading}
          width={640}
          height={480}
          loading="lazy"
        />
        <span>{card.heading}</span>
      </div>
      <div className="pick-card-body">
        {product && <p className="brand-line">{product.brand}</p>}
        <h3>{card.title}</h3>
        {product ? (
          <>
            <RatingSummary rating={product.rating} isSample={product.isSample} className="mt-2" />
            <p className="mt-2 text-lg font-semibold">
              <PriceText text={product.priceText} asOf={product.priceAsOf} />
              <PriceDrop percent={product.priceDrop} />
            </p>
            <div className="pick-card-actions">
              <ButtonLink to={href!} variant="secondary" aria-label={`Read Review: ${product.name}`}>
                Read Review
              </ButtonLink>
              <CheckPriceLink link={product.buyLink} productName={product.name} />
              <AddToCompare slug={product.slug} name={product.name} />
            </div>
          </>
        ) : (
          <>
            <p className="mt-2 text-sm text-ink-muted">We haven't rated a sauna of this type yet.</p>
            <div className="mt-auto pt-5">
              <ButtonLink to={card.collectionHref} variant="secondary">
                Browse the category
              </ButtonLink>
            </div>
          </>
        )}
      </div>
    </article>
  );
}
