import { useLayoutEffect, useRef, type CSSProperties } from "react";
import { Check, X } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { CheckPriceLink } from "~/components/home/check-price-link";
import { Badge } from "~/components/ui/badge";
import { PriceText } from "~/components/catalog/price-text";
import { sameSaunas, type ComparedProduct, type CompareView } from "~/lib/compare/compare";
import { renditionUrl } from "~/lib/images/image-url";
import { readCompareItems, writeCompareItems } from "./compare-store";

/**
 * The saunas side by side: one column per sauna; the specs first, then a row per key feature two
 * or more of them list, then one row with each sauna's own features. On a phone the columns
 * scroll sideways under the row labels, which stay put (`.compare-table` in app/app.css).
 */
export function CompareTable({ view }: { view: Pick<CompareView, "products" | "rows" | "features" | "ownFeatures"> }) {
  const { products, rows, features, ownFeatures } = view;
  const removal = useColumnRemoval(products);
  return (
    <div className="compare-scroll mt-8 overflow-x-auto rounded-card border border-line bg-surface shadow-card">
      <table
        className="compare-table"
        style={{ "--columns": products.length } as CSSProperties}
        data-testid="compare-table"
        ref={removal.table}
      >
        <caption className="sr-only">Saunas compared side by side</caption>
        <thead className="border-b border-line">
          <tr>
            <th scope="col" className="text-xs font-semibold uppercase tracking-wider text-ink-muted">
              Sauna
            </th>
            {products.map((product, index) => (
              <ProductHeading key={product.slug} product={product} onRemove={() => removal.removing(product.slug, index)} />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="font-semibold">
                {row.label}
              </th>
              {row.values.map((value, index) => (
                <td key={products[index]!.slug}>
                  {row.isPrice ? <PriceText text={value} asOf={products[index]!.priceAsOf} /> : value}
                  {typeof row.bars?.[index] === "number" && (
                    <span aria-hidden className="mt-1 block h-1.5 w-24 max-w-full overflow-hidden rounded-full bg-sand">
                      <span className="block h-full rounded-full bg-brand" style={{ width: `${row.bars[index]}%` }} />
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
          {features.map((feature) => (
            <tr key={feature.feature}>
              <th scope="row" className="font-medium">
                {feature.feature}
                {feature.shared && <span className="ml-1.5 text-xs font-semibold text-forest">(all)</span>}
              </th>
              {feature.has.map((has, index) => (
                <td key={products[index]!.slug}>
                  {/* The words for screen readers, the marks for the eye: an aria-label on a plain span is ignored. */}
                  {has ? (
                    <>
                      <Check aria-hidden className="size-4 text-forest" />
                      <span className="sr-only">Yes</span>
                    </>
                  ) : (
                    <NoneMark words="No" />
                  )}
                </td>
              ))}
            </tr>
          ))}
          {ownFeatures && (
            <tr data-testid="compare-own-features" className="align-top">
              <th scope="row" className="font-semibold">
                {ownFeatures.label}
              </th>
              {ownFeatures.lists.map((list, index) => (
                <td key={products[index]!.slug}>
                  {list.length > 0 ? (
                    <ul className="list-disc space-y-1.5 pl-4 marker:text-ink-muted">
                      {list.map((feature) => (
                        <li key={feature}>{feature}</li>
                      ))}
                    </ul>
                  ) : (
                    <NoneMark words="None" />
                  )}
                </td>
              ))}
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A dash for the eye, words for screen readers. */
function NoneMark({ words }: { words: string }) {
  return (
    <>
      <span aria-hidden className="text-ink-muted">
        —
      </span>
      <span className="sr-only">{words}</span>
    </>
  );
}

/**
 * 'Remove' on a column. It is a link (the comparison without that sauna), so it works without
 * JavaScript; with it, focus moves to the next column's Remove once the page is redrawn instead
 * of falling back to the document, and when this page compares exactly the reader's picks the
 * sauna leaves the compare tray too. A link someone shared never changes the tray.
 */
let lastColumnRemoved = false;

/**
 * True once after 'Remove' took the last column away: the table is gone with the focused link,
 * so the empty comparison that replaces it takes focus (see CompareEmpty) instead of the document.
 */
export function takeLastColumnRemoval(): boolean {
  const removed = lastColumnRemoved;
  lastColumnRemoved = false;
  return removed;
}

function useColumnRemoval(products: readonly ComparedProduct[]) {
  const table = useRef<HTMLTableElement>(null);
  const removedAt = useRef<number | null>(null);
  useLayoutEffect(() => {
    const index = removedAt.current;
    if (index === null) return;
    removedAt.current = null;
    const links = table.current?.querySelectorAll<HTMLElement>("[data-testid=compare-remove]") ?? [];
    links[Math.min(index, links.length - 1)]?.focus();
  }, [products]);
  const removing = (slug: string, index: number) => {
    removedAt.current = index;
    lastColumnRemoved = products.length === 1;
    const picks = readCompareItems();
    if (
      sameSaunas(
        products.map((product) => product.slug),
        picks,
      )
    ) {
      writeCompareItems(picks.filter((pick) => pick.slug !== slug));
    }
  };
  return { table, removing };
}

/** A column's heading: picture, brand, name, 'Check Price' and the link that drops it from the comparison. */
function ProductHeading({ product, onRemove }: { product: ComparedProduct; onRemove: () => void }) {
  return (
    <th scope="col" className="font-normal">
      <div className="aspect-[4/3] overflow-hidden rounded-md bg-sand">
        <img
          src={renditionUrl(product.image, "productCard", 320)}
          alt=""
          width={320}
          height={240}
          loading="lazy"
          className="size-full object-cover"
        />
      </div>
      <p className="mt-2 text-xs font-semibold uppercase tracking-wider text-ink-muted">{product.brand}</p>
      <Link to={product.href} className="font-semibold text-ink hover:text-brand hover:underline">
        {product.name}
      </Link>
      {product.isSample && (
        <Badge variant="neutral" className="ml-1.5 align-middle">
          Sample
        </Badge>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1">
        <CheckPriceLink link={product.buyLink} productName={product.name} className="compare-buy" />
        <Link
          to={product.removeHref}
          onClick={(event) => {
            // A click that opens the link elsewhere (a new tab or window) removes nothing here.
            if (event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) onRemove();
          }}
          data-testid="compare-remove"
          className="inline-flex h-9 items-center gap-1 whitespace-nowrap rounded-full px-2 text-sm font-medium text-ink-muted hover:bg-sand hover:text-ink"
          aria-label={`Remove ${product.name} from the comparison`}
        >
          <X aria-hidden className="size-4" />
          Remove
        </Link>
      </div>
    </th>
  );
}
