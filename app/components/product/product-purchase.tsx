import { ExternalLink, Truck } from "~/components/ui/icons";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import type { BuyLink } from "~/lib/offers/buy-link";
import type { SaleOffer } from "~/lib/catalog/product-display";
import { useOnScreen } from "./use-on-screen";
import { buyButtonText, withVariantTag } from "~/lib/ab-tests/buy-button";
import { buyButtonLook, useBuyButtonChoice } from "./buy-button-choice";

/** The product page's "Where to buy" section (./where-to-buy.tsx). */
const WHERE_TO_BUY_SELECTOR = '[data-testid="where-to-buy"]';

/**
 * The price and 'Buy Now' of the product page: a box in the side column on wide screens, and
 * a bar pinned to the bottom of the screen on small ones. The affiliate disclosure sits next to
 * the button, where the reader decides; outbound links open in a new tab with the rel buyLink()
 * gives them ("sponsored nofollow noopener"; docs/decisions/0028, 0058).
 */

interface PurchaseInfo {
  priceText: string;
  sale: SaleOffer | null;
  saleEndsText: string | null;
  /** 'Price as of November 26, 2026' */
  priceAsOf: string | null;
  shipping: string | null;
  buyLink: BuyLink;
  /** Set when today's price is the lowest of the past 90 days. */
  priceHistory: { lowestIn90: boolean } | null;
  /** The shop the link leads to, named by the "Check price at {shop}" label. */
  buyShop?: { name: string } | null;
}

const LOWEST_IN_90 = "Lowest price in 90 days";

const AFFILIATE_DISCLOSURE =
  "We may earn a commission if you buy through this link, at no extra cost to you. It never affects our ratings.";

function PriceDisplay({ purchase, size = "lg" }: { purchase: PurchaseInfo; size?: "lg" | "md" }) {
  const big = size === "lg" ? "text-3xl" : "text-xl";
  if (!purchase.sale) {
    return <p className={cn("font-serif font-semibold text-ink", big)}>{purchase.priceText}</p>;
  }
  return (
    <p className="flex flex-wrap items-baseline gap-x-2.5 gap-y-1 leading-none">
      <span className={cn("font-serif font-semibold text-brand-strong", big)}>
        <span className="sr-only">Sale price </span>
        {purchase.sale.salePriceText}
      </span>
      <s data-testid="list-price" className={cn("text-ink-muted", size === "lg" ? "text-lg" : "text-sm")}>
        <span className="sr-only">Regular price </span>
        {purchase.sale.priceText}
      </s>
    </p>
  );
}

function BuyNowLink({ buyLink, shopName = null, className }: { buyLink: BuyLink; shopName?: string | null; className?: string }) {
  const { settings, tag } = useBuyButtonChoice();
  if (!buyLink.external) {
    // No shop link on the record: say so instead of a dead '#' link.
    return (
      <span aria-disabled="true" className={buttonClasses({ variant: "secondary" }, cn("cursor-not-allowed opacity-70", className))}>
        Shop link coming soon
      </span>
    );
  }
  return (
    <a
      href={withVariantTag(buyLink.href, tag)}
      target="_blank"
      rel={buyLink.rel}
      className={buttonClasses(buyButtonLook(settings.style), className)}
    >
      {buyButtonText(settings.label, shopName, "Buy Now")}
      <ExternalLink aria-hidden className="size-4" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

export function BuyBox({ purchase, className }: { purchase: PurchaseInfo; className?: string }) {
  return (
    <section
      aria-label="Price and where to buy"
      className={cn("rounded-card border border-line bg-surface p-5 shadow-card lg:p-6", className)}
    >
      <PriceDisplay purchase={purchase} />
      {purchase.priceAsOf && (
        <p className="mt-1.5 text-xs text-ink-muted" data-testid="price-as-of">
          {purchase.priceAsOf}
        </p>
      )}
      {purchase.sale && (
        <p className="mt-2 inline-flex rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-semibold text-brand-strong">
          {purchase.saleEndsText ?? "On sale now"}
        </p>
      )}
      {purchase.priceHistory?.lowestIn90 && (
        <p className="mt-2 text-sm font-semibold text-forest" data-testid="lowest-in-90">
          {LOWEST_IN_90}
        </p>
      )}
      {purchase.shipping && (
        <p className="mt-3 flex items-start gap-2 text-sm text-ink-muted">
          <Truck aria-hidden className="mt-0.5 size-4 shrink-0 text-forest" />
          <span>{purchase.shipping}</span>
        </p>
      )}
      <BuyNowLink buyLink={purchase.buyLink} shopName={purchase.buyShop?.name} className="mt-5 w-full" />
      <p className="mt-3 text-xs leading-relaxed text-ink-muted">{AFFILIATE_DISCLOSURE}</p>
    </section>
  );
}

/**
 * Small screens only (below md). Sticky to the bottom of the viewport at the end of <main>: it
 * stays in view while the page is read and comes to rest above the footer, so it never covers
 * the last of the content. While "Where to buy" is on screen it steps aside (hidden, keeping its
 * place, so nothing moves): that list has a Buy now of its own for every shop, and the bar would
 * cover the first one.
 */
export function MobileBuyBar({ purchase }: { purchase: PurchaseInfo }) {
  const besideWhereToBuy = useOnScreen(WHERE_TO_BUY_SELECTOR);
  return (
    <div
      data-testid="mobile-buy-bar"
      // The compare tray sits above whatever bar is pinned to the bottom of the screen.
      data-bottom-bar=""
      data-stepped-aside={besideWhereToBuy ? "" : undefined}
      className={cn(
        "sticky bottom-0 z-30 border-t border-line bg-surface/95 shadow-raised backdrop-blur transition-[opacity,transform,visibility] duration-200 supports-[backdrop-filter]:bg-surface/90 md:hidden motion-reduce:transition-none",
        besideWhereToBuy && "invisible translate-y-full opacity-0",
      )}
    >
      <section aria-label="Price and Buy Now" className="page-container flex items-center justify-between gap-3 py-3">
        <div className="min-w-0">
          <PriceDisplay purchase={purchase} size="md" />
          <p className="mt-1 truncate text-xs text-ink-muted">
            {purchase.sale && purchase.saleEndsText ? (
              <span className="font-semibold text-brand-strong">{purchase.saleEndsText}</span>
            ) : purchase.priceHistory?.lowestIn90 ? (
              <span className="font-semibold text-forest">{LOWEST_IN_90}</span>
            ) : (
              (purchase.priceAsOf ?? purchase.shipping)
            )}
          </p>
        </div>
        {/* Too narrow for a shop's name: "Check price" there. */}
        <BuyNowLink buyLink={purchase.buyLink} className="shrink-0" />
      </section>
      {purchase.buyLink.external && (
        <p className="page-container -mt-1.5 pb-2 text-[0.7rem] leading-snug text-ink-muted">
          Affiliate link: we may earn a commission, at no extra cost to you.
        </p>
      )}
    </div>
  );
}
