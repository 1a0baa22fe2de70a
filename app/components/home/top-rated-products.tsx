import { Link } from "~/components/ui/link";
import { AddToCompare } from "~/components/compare/add-to-compare";
import { ProductImage } from "~/components/catalog/product-image";
import { Badge } from "~/components/ui/badge";
import { ProductTagBadge } from "~/components/catalog/product-tag-badge";
import { CardLink, linkedCardClasses } from "~/components/ui/linked-card";
import type { BuiltInSampleCard } from "~/lib/home/built-in-sample-cards";
import type { HomeProductCard, TopRatedSection } from "~/lib/home/home-page";
import { responsiveImage } from "~/lib/images/image-url";
import { productHref } from "~/lib/catalog/product-display";
import { RatingSummary, SampleBadge } from "./rating-summary";
import { SectionHeading } from "./section-heading";
import { PriceDrop } from "~/components/catalog/price-drop";
import { PriceText } from "~/components/catalog/price-text";

/** A quarter of the row from lg, half from sm; on phones the picture takes two fifths of the card, beside the text. */
const CARD_IMAGE_SIZES = "(min-width: 1024px) 22vw, (min-width: 640px) 45vw, 40vw";
/** The example cards stack their picture above the text at every width. */
const EXAMPLE_IMAGE_SIZES = "(min-width: 1024px) 22vw, (min-width: 640px) 45vw, calc(100vw - 2rem)";

/** The home page's 'Top-Rated Products', anchor #reviews: the 4 best-rated saunas, or the built-in examples. */
export function TopRatedProducts({ section }: { section: TopRatedSection }) {
  return (
    <section id="reviews" aria-labelledby="top-rated-products" className="border-y border-line bg-surface">
      <div className="home-section">
        <SectionHeading
          id="top-rated-products"
          eyebrow="Highest rated"
          title="Top-Rated Products"
          intro="The four saunas with the best overall scores across build quality, heat performance, installation and value."
          action={
            <Link to="/reviews" className="arrow-link">
              See all reviews
            </Link>
          }
        />
        {section.source === "catalog" ? (
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {section.cards.map((card) => (
              <li key={card.id} className="grid">
                <TopRatedCard card={card} />
              </li>
            ))}
          </ul>
        ) : (
          <>
            <p className="mt-8 rounded-card border border-line bg-brand-soft px-5 py-4 text-sm text-ink">
              <strong className="font-semibold">Examples only.</strong> Our reviewed products will appear here soon. Until then, these
              examples show the main kinds of outdoor sauna we cover.
            </p>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {section.cards.map((card) => (
                <li key={card.id} className="grid">
                  <BuiltInCard card={card} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}

function TopRatedCard({ card }: { card: HomeProductCard }) {
  const showSample = card.isSample && card.rating !== null;
  return (
    <article data-testid="top-rated-card" className={linkedCardClasses("top-card")}>
      <div className="top-card-photo">
        <ProductImage
          {...responsiveImage(card.image, "productCard", CARD_IMAGE_SIZES)}
          placeholderKey={card.id}
          alt={card.name}
          width={640}
          height={480}
          loading="lazy"
          refreshable
          // Above the card's stretched link, so the button gets the click.
          refreshClassName="z-10"
        />
      </div>
      <div className="top-card-body">
        {(card.tag || showSample) && (
          <div className="card-badges">
            <ProductTagBadge tag={card.tag} />
            {showSample && <SampleBadge />}
          </div>
        )}
        <p className="brand-line">{card.brand}</p>
        <h3 className="card-title">
          <CardLink to={productHref(card)}>{card.name}</CardLink>
        </h3>
        <RatingSummary rating={card.rating} reviewCount={card.reviewCount} isSample={card.isSample} sampleBadge={false} className="mt-2" />
        <div className="top-card-foot">
          <p data-testid="price">
            <PriceText text={card.priceText} asOf={card.priceAsOf} />
            <PriceDrop percent={card.priceDrop} />
          </p>
          <AddToCompare slug={card.slug} name={card.name} />
        </div>
      </div>
    </article>
  );
}

function BuiltInCard({ card }: { card: BuiltInSampleCard }) {
  return (
    <article data-testid="built-in-card" className={linkedCardClasses("flex flex-col overflow-hidden bg-canvas")}>
      <div className="relative aspect-[4/3] overflow-hidden bg-sand">
        <ProductImage
          {...responsiveImage(card.image, "productCard", EXAMPLE_IMAGE_SIZES)}
          placeholderKey={card.id}
          alt={card.imageAlt}
          width={640}
          height={480}
          loading="lazy"
          className="size-full object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="mb-2">
          <Badge variant="neutral">Example</Badge>
        </div>
        <p className="brand-line">{card.kind}</p>
        <h3 className="card-title">
          <CardLink to={card.href}>{card.name}</CardLink>
        </h3>
        <p className="mt-2 text-sm leading-relaxed text-ink-muted">{card.description}</p>
        <p className="mt-auto pt-4 text-sm font-semibold text-brand">{card.linkText} →</p>
      </div>
    </article>
  );
}
