import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { PriceText } from "~/components/catalog/price-text";
import type { CollectionPick } from "~/lib/collection/collection-page";
import type { PickRole } from "~/lib/collection/pick-roles";
import { AffiliateNote, BuyButton } from "./sauna-links";
import { SaunaPhoto } from "./sauna-photo";

/** The badge colour of each role: the brand for the top pick, the "best value" green for the budget one. */
const ROLE_BADGE: Record<PickRole, BadgeVariant> = {
  "best-overall": "featured",
  "runner-up": "top-rated",
  budget: "best-value",
  upgrade: "best-seller",
  custom: "top-rated",
  "also-tested": "neutral",
};

/**
 * "Our picks": the owner's roles at the head of a collection page, one card each with the role,
 * the product, its price and the line why, the buy button and the review one glance away.
 * One column on a phone, two from 640 px, four from 1024 px.
 */
export function OurPicks({ picks }: { picks: CollectionPick[] }) {
  if (picks.length === 0) return null;
  return (
    <section aria-labelledby="our-picks-title" className="mt-10 md:mt-14" data-testid="our-picks">
      <h2 id="our-picks-title" className="text-3xl font-semibold tracking-tight md:text-4xl">
        Our picks
      </h2>
      <ul className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {picks.map((pick) => (
          <li key={pick.sauna.id} className="flex">
            <PickCard pick={pick} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PickCard({ pick }: { pick: CollectionPick }) {
  const { sauna } = pick;
  const titleId = `pick-${sauna.id}-name`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="pick-card"
      className="flex w-full flex-col overflow-hidden rounded-card border border-line bg-surface shadow-card"
    >
      <div className="relative aspect-[4/3] bg-sand">
        <SaunaPhoto sauna={sauna} sizes="(min-width: 1024px) 22rem, (min-width: 640px) 50vw, calc(100vw - 2rem)" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p>
          <Badge variant={ROLE_BADGE[pick.roleKey]} className="px-2.5 py-1 text-xs" data-testid="pick-role">
            {pick.role}
          </Badge>
        </p>
        <h3 id={titleId} className="text-lg font-semibold leading-snug">
          <Link to={sauna.href} className="rounded-sm hover:text-brand-strong hover:underline">
            {sauna.name}
          </Link>
        </h3>
        <p className="text-sm font-semibold text-ink">
          <span className="sr-only">Price: </span>
          <PriceText text={sauna.priceText} asOf={sauna.priceAsOf} />
        </p>
        <p className="text-[0.95rem] leading-relaxed text-ink/90" data-testid="pick-reason">
          {pick.reason}
        </p>
        <div className="mt-auto flex flex-col gap-2 pt-2">
          <BuyButton link={sauna.buyLink} reviewHref={sauna.href} className="w-full">
            Check Price
          </BuyButton>
          <ButtonLink to={sauna.href} variant="secondary" className="w-full">
            Read the review<span className="sr-only">: {sauna.name}</span>
          </ButtonLink>
          <AffiliateNote link={sauna.buyLink} />
        </div>
      </div>
    </article>
  );
}
