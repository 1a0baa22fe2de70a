import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ExternalLink } from "~/components/ui/icons";
import type { WhereToBuyRow, WhereToBuyView } from "~/lib/offers/where-to-buy";
import { buyButtonText, orderRows, withVariantTag } from "~/lib/ab-tests/buy-button";
import { buyButtonLook, useBuyButtonChoice } from "./buy-button-choice";

/**
 * The product page's "Where to buy": every shop's offer for the site's country, cheapest first,
 * out of stock last. A table where the main column is wide enough for five columns (xl); a
 * stacked list below that, down to phones (390 px). Plain links through /go, so it works without JavaScript; only
 * one of the two layouts is displayed, so readers and screen readers meet each link once.
 */
export function WhereToBuy({
  whereToBuy,
  productName,
  featuredShop = null,
}: {
  whereToBuy: WhereToBuyView;
  productName: string;
  /** The shop the page's Buy button leads to: first in the list when the owner (or a test) chose that order. */
  featuredShop?: string | null;
}) {
  const { settings } = useBuyButtonChoice();
  const rows = orderRows(whereToBuy.rows, settings.order, featuredShop);
  const featuredFirst = rows !== whereToBuy.rows;
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="where-to-buy-heading" data-testid="where-to-buy">
      <h2 id="where-to-buy-heading" className="text-2xl font-semibold">
        Where to buy
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        {rows.length === 1
          ? "One shop sells it."
          : featuredFirst
            ? `${rows.length} shops: the one our Buy button goes to first, then cheapest.`
            : `${rows.length} shops, cheapest first.`}{" "}
        We may earn a commission when you buy through these links, at no extra cost to you.
      </p>

      <div className="mt-4 hidden overflow-hidden rounded-card border border-line bg-surface shadow-card xl:block">
        <table className="w-full text-left text-sm" data-testid="where-to-buy-table">
          <caption className="sr-only">
            Shops selling {productName}, {featuredFirst ? "the Buy button's shop first, then cheapest" : "cheapest first"}
          </caption>
          <thead className="bg-sand text-xs font-semibold uppercase tracking-wider text-ink-muted">
            <tr>
              <th scope="col" className="px-4 py-2.5">
                Shop
              </th>
              <th scope="col" className="px-4 py-2.5">
                Price
              </th>
              <th scope="col" className="px-4 py-2.5">
                Availability
              </th>
              <th scope="col" className="px-4 py-2.5">
                Shipping
              </th>
              <th scope="col" className="px-4 py-2.5">
                <span className="sr-only">Shop link</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <tr key={row.merchantSlug} data-testid="offer-row" className={cn("align-top", !row.buyable && "text-ink-muted")}>
                <th scope="row" className="px-4 py-3 font-semibold text-ink">
                  {/* The name and the badge on lines of their own: the column is narrow, and a badge that wraps keeps its indent. */}
                  <span className="block">{row.merchantName}</span>
                  {row.lowest && <LowestBadge className="mt-1" />}
                </th>
                <td className="px-4 py-3">
                  <OfferPrice row={row} />
                </td>
                <td className="px-4 py-3">
                  <Availability row={row} />
                </td>
                <td className="px-4 py-3">{row.shippingText ?? "See the shop"}</td>
                <td className="px-4 py-3 text-right">
                  <OfferLink row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ol className="mt-4 grid gap-3 xl:hidden" data-testid="where-to-buy-list">
        {rows.map((row) => (
          <li key={row.merchantSlug} data-testid="offer-row" className="rounded-card border border-line bg-surface p-4 shadow-card">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-ink">{row.merchantName}</p>
              {row.lowest && <LowestBadge />}
            </div>
            <div className="mt-2">
              <OfferPrice row={row} />
            </div>
            <dl className="mt-2 grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-ink-muted">Availability</dt>
              <dd>
                <Availability row={row} />
              </dd>
              <dt className="text-ink-muted">Shipping</dt>
              <dd>{row.shippingText ?? "See the shop"}</dd>
            </dl>
            <OfferLink row={row} className="mt-3 w-full" />
          </li>
        ))}
      </ol>
    </section>
  );
}

function LowestBadge({ className = "ml-2" }: { className?: string }) {
  return (
    // One line: in the table's narrow shop column the two words broke inside the pill.
    <Badge variant="best-value" className={cn("whitespace-nowrap", className)}>
      Lowest price
    </Badge>
  );
}

function OfferPrice({ row }: { row: WhereToBuyRow }) {
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className={cn("text-base font-semibold", row.listText ? "text-brand-strong" : "text-ink")}>
          {row.listText && <span className="sr-only">Sale price </span>}
          {row.priceText}
        </span>
        {row.listText && (
          <s className="text-ink-muted">
            <span className="sr-only">Regular price </span>
            {row.listText}
          </s>
        )}
      </p>
      {row.saleEndsText && <p className="text-xs font-semibold text-brand-strong">{row.saleEndsText}</p>}
      {row.asOfText && <p className="text-xs text-ink-muted">{row.asOfText}</p>}
    </div>
  );
}

function Availability({ row }: { row: WhereToBuyRow }) {
  return (
    <>
      <span className={cn(row.availability === "InStock" && "font-medium text-forest")}>{row.availabilityText}</span>
      {row.shipsFromText && <span className="block text-xs font-semibold text-ink">{row.shipsFromText}</span>}
    </>
  );
}

function OfferLink({ row, className }: { row: WhereToBuyRow; className?: string }) {
  const { settings, tag } = useBuyButtonChoice();
  if (!row.href) return <span className={cn("text-sm text-ink-muted", className)}>No shop link yet</span>;
  const namesShop = row.buyable && settings.label === "check-price";
  return (
    <a
      href={withVariantTag(row.href, tag)}
      target="_blank"
      rel={row.rel}
      className={buttonClasses(buyButtonLook(settings.style, row.buyable), cn("whitespace-nowrap", className))}
    >
      {row.buyable ? buyButtonText(settings.label, row.merchantName) : "View shop"}
      {/* The row names the shop; a link read out of context needs it too. */}
      {!namesShop && <span className="sr-only"> at {row.merchantName}</span>}
      <ExternalLink aria-hidden className="size-4" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
