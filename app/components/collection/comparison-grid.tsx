import { Check, Truck } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { AddToCompare } from "~/components/compare/add-to-compare";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { specText } from "~/lib/catalog/product-display";
import type { CollectionSauna } from "~/lib/collection/collection-page";
import { RankLabel, RatingRow } from "./ranked-list";
import { AffiliateNote, BuyButton } from "./sauna-links";
import { SaunaPhoto } from "./sauna-photo";
import { PriceDrop } from "~/components/catalog/price-drop";
import { PriceText } from "~/components/catalog/price-text";

/**
 * The alternative comparison layout of a collection page: cards side by side, one column on phones. Each has
 * '#1 Best Overall' on the first, stars and count, price and shipping, the first 4 pros under
 * 'Key Features:', a specification grid, 'View Details' and 'Check Price'.
 */
export function ComparisonGrid({ saunas }: { saunas: CollectionSauna[] }) {
  return (
    <ol className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" aria-label="Saunas side by side">
      {saunas.map((sauna) => (
        <li key={sauna.id} className="flex">
          <ComparisonCard sauna={sauna} />
        </li>
      ))}
    </ol>
  );
}

function ComparisonCard({ sauna }: { sauna: CollectionSauna }) {
  const titleId = `compare-${sauna.id}-name`;
  const specs: [string, string | null][] = [
    ["Capacity", sauna.specification.capacity],
    ["Heater", sauna.specification.heaterType],
    ["Dimensions", sauna.specification.dimensions],
  ];
  return (
    <article
      aria-labelledby={titleId}
      data-testid="compare-sauna"
      className="flex w-full flex-col overflow-hidden rounded-card border border-line bg-surface shadow-card"
    >
      <div className="relative aspect-[4/3] bg-sand">
        <SaunaPhoto sauna={sauna} sizes="(min-width: 1280px) 27rem, (min-width: 640px) 45vw, calc(100vw - 2rem)" />
        {sauna.rank === 1 && (
          <Badge variant="featured" className="absolute left-3 top-3 px-2.5 py-1 text-xs shadow-sm">
            #1 Best Overall
          </Badge>
        )}
      </div>

      <div className="flex flex-1 flex-col gap-4 p-5">
        <div>
          <div className="flex items-center gap-2">
            <RankLabel rank={sauna.rank} />
            <p className="text-sm font-semibold text-brand">{sauna.brand}</p>
          </div>
          <h3 id={titleId} className="mt-1 text-xl font-semibold leading-snug">
            <Link to={sauna.href} className="rounded-sm hover:text-brand-strong hover:underline">
              {sauna.name}
            </Link>
          </h3>
          <RatingRow sauna={sauna} className="mt-2" />
        </div>

        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-y border-line py-3">
          <span className="text-2xl font-bold text-ink" data-testid="compare-price">
            <PriceText text={sauna.priceText} asOf={sauna.priceAsOf} />
            <PriceDrop percent={sauna.priceDrop} />
          </span>
          {sauna.shipping && (
            <span className="inline-flex items-center gap-1.5 text-sm text-forest">
              <Truck aria-hidden className="size-4 shrink-0" />
              {sauna.shipping}
            </span>
          )}
        </div>

        {sauna.pros.length > 0 && (
          <div>
            <p className="text-sm font-semibold text-ink">Key Features:</p>
            <ul className="mt-2 grid gap-1.5 text-sm">
              {sauna.pros.map((pro) => (
                <li key={pro} className="flex gap-2">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-forest" />
                  <span className="min-w-0">{pro}</span>
                </li>
              ))}
            </ul>
          </div>
        )}

        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-card bg-sand p-3.5 text-sm" data-testid="spec-grid">
          {specs.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-ink-muted">{label}</dt>
              <dd className="text-ink" data-spec={label.toLowerCase()}>
                {specText(value)}
              </dd>
            </div>
          ))}
        </dl>

        <div className="mt-auto space-y-2">
          <div className="grid grid-cols-2 gap-2">
            <ButtonLink to={sauna.href} variant="secondary" className="px-3">
              View Details
            </ButtonLink>
            <BuyButton link={sauna.buyLink} reviewHref={sauna.href} className="px-3">
              Check Price
            </BuyButton>
          </div>
          <AddToCompare slug={sauna.slug} name={sauna.name} className="w-full justify-center" />
          <AffiliateNote link={sauna.buyLink} />
        </div>
      </div>
    </article>
  );
}
