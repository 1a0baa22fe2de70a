import { Check, Star } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { AddToCompare } from "~/components/compare/add-to-compare";
import { RatingStars } from "~/components/catalog/rating-stars";
import { Badge } from "~/components/ui/badge";
import { ProductTagBadge } from "~/components/catalog/product-tag-badge";
import { ButtonLink } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ratingText } from "~/lib/catalog/ratings";
import type { CollectionSauna } from "~/lib/collection/collection-page";
import { AffiliateNote, BuyButton } from "./sauna-links";
import { SaunaPhoto } from "./sauna-photo";
import { PriceDrop } from "~/components/catalog/price-drop";
import { PriceText } from "~/components/catalog/price-text";

const RANK_BADGES = 3;

/** A collection page's default view, the ranked list: one card per sauna, best first. */
export function RankedList({ saunas }: { saunas: CollectionSauna[] }) {
  return (
    <ol className="space-y-6 md:space-y-8" aria-label="Ranked saunas">
      {saunas.map((sauna) => (
        <li key={sauna.id}>
          <RankedSaunaCard sauna={sauna} />
        </li>
      ))}
    </ol>
  );
}

export function RankLabel({ rank }: { rank: number }) {
  if (rank <= RANK_BADGES) {
    return (
      <Badge variant="rank" className="px-2.5 py-1 text-xs">
        #{rank}
      </Badge>
    );
  }
  return <span className="text-sm font-semibold tabular-nums text-ink-muted">#{rank}</span>;
}

function RankedSaunaCard({ sauna }: { sauna: CollectionSauna }) {
  const titleId = `sauna-${sauna.id}-name`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="ranked-sauna"
      className="overflow-hidden rounded-card border border-line bg-surface shadow-card md:grid md:grid-cols-[minmax(0,19rem)_minmax(0,1fr)] lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]"
    >
      <div className="relative aspect-[4/3] bg-sand md:aspect-auto md:min-h-64">
        <SaunaPhoto sauna={sauna} sizes="(min-width: 1024px) 24rem, (min-width: 768px) 19rem, calc(100vw - 2rem)" />
        <span
          data-testid="rating-badge"
          className="absolute left-3 top-3 inline-flex items-center gap-1 rounded-full bg-surface/95 px-2.5 py-1 text-sm font-bold text-ink shadow-sm"
        >
          {sauna.rating !== null && <Star aria-hidden className="size-3.5 fill-amber-500 text-amber-500" />}
          <span className="sr-only">Rating: </span>
          {ratingText(sauna.rating)}
        </span>
        <span
          data-testid="price-badge"
          className="absolute bottom-3 left-3 rounded-full bg-ink/85 px-3 py-1 text-sm font-bold text-white shadow-sm"
        >
          <span className="sr-only">Price: </span>
          <PriceText text={sauna.priceText} asOf={sauna.priceAsOf} />
        </span>
      </div>

      <div className="flex min-w-0 flex-col gap-3 p-5 md:p-7">
        <div className="flex flex-wrap items-center gap-2">
          <RankLabel rank={sauna.rank} />
          <ProductTagBadge tag={sauna.tag} />
          <PriceDrop percent={sauna.priceDrop} />
          <span className="brand-line">{sauna.typeLabel}</span>
        </div>

        <div>
          <p className="text-sm font-semibold text-brand">{sauna.brand}</p>
          <h3 id={titleId} className="mt-0.5 text-2xl font-semibold leading-snug">
            <Link to={sauna.href} className="rounded-sm hover:text-brand-strong hover:underline">
              {sauna.name}
            </Link>
          </h3>
        </div>

        <RatingRow sauna={sauna} />

        {sauna.tagline && <p className="text-ink-muted">{sauna.tagline}</p>}

        {sauna.featureLines.length > 0 && (
          <ul className="grid gap-1.5 text-[0.95rem]" data-testid="feature-lines">
            {sauna.featureLines.map((line) => (
              <li key={line} className="flex gap-2">
                <Check aria-hidden className="mt-1 size-4 shrink-0 text-forest" />
                <span className="min-w-0">{line}</span>
              </li>
            ))}
          </ul>
        )}

        <div className="mt-auto flex flex-col gap-2 pt-3">
          <div className="flex flex-wrap gap-3">
            <BuyButton link={sauna.buyLink} reviewHref={sauna.href} className="max-sm:w-full">
              Check Price &amp; Reviews
            </BuyButton>
            <ButtonLink to={sauna.href} variant="secondary" className="max-sm:w-full">
              Full Review
            </ButtonLink>
            <AddToCompare slug={sauna.slug} name={sauna.name} className="h-11 self-center max-sm:w-full max-sm:justify-center" />
          </div>
          <AffiliateNote link={sauna.buyLink} />
        </div>
      </div>
    </article>
  );
}

/** Stars (whole part only on collection pages), one decimal, the count when known, and 'Sample'. */
export function RatingRow({ sauna, className }: { sauna: CollectionSauna; className?: string }) {
  return (
    <div className={cn("flex flex-wrap items-center gap-x-2 gap-y-1 text-sm", className)}>
      {sauna.rating !== null ? (
        <>
          <RatingStars rating={sauna.rating} size="md" />
          <span className="font-semibold text-ink" aria-hidden>
            {ratingText(sauna.rating)}
          </span>
        </>
      ) : (
        <span className="font-medium text-ink-muted">{ratingText(null)}</span>
      )}
      {sauna.userCount && (
        <span className="text-ink-muted" data-testid="review-count">
          ({sauna.userCount} {sauna.userCount === "1" ? "review" : "reviews"})
        </span>
      )}
      {sauna.isSample && (
        <Badge variant="neutral" title="Sample content: this rating and review count are invented for demonstration.">
          Sample
        </Badge>
      )}
    </div>
  );
}
