import { Check, X } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { CheckPriceLink } from "~/components/home/check-price-link";
import { Badge } from "~/components/ui/badge";
import { PriceText } from "~/components/catalog/price-text";
import type { ComparedProduct, CompareView } from "~/lib/compare";
import { renditionUrl } from "~/lib/image-url";

/** The saunas side by side: one column per sauna, a row per spec, then a row per key feature. */
export function CompareTable({ products, rows, features }: Pick<CompareView, "products" | "rows" | "features">) {
  return (
    <div className="mt-8 overflow-x-auto rounded-card border border-line bg-surface shadow-card">
      <table className="w-full min-w-[40rem] table-fixed text-left text-sm" data-testid="compare-table">
        <caption className="sr-only">Saunas compared side by side</caption>
        <thead>
          <tr className="align-top">
            <th scope="col" className="w-36 bg-sand px-4 py-3 text-xs font-semibold uppercase tracking-wider text-ink-muted">
              Sauna
            </th>
            {products.map((product) => (
              <ProductHeading key={product.slug} product={product} />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="bg-sand px-4 py-2.5 font-semibold">
                {row.label}
              </th>
              {row.values.map((value, index) => (
                <td key={products[index]!.slug} className="px-4 py-2.5">
                  {row.isPrice ? <PriceText text={value} asOf={products[index]!.priceAsOf} /> : value}
                </td>
              ))}
            </tr>
          ))}
          {features.map((feature) => (
            <tr key={feature.feature} data-shared={feature.shared || undefined}>
              <th scope="row" className="bg-sand px-4 py-2.5 font-medium">
                {feature.feature}
                {feature.shared && <span className="ml-1.5 text-xs font-semibold text-forest">(all)</span>}
              </th>
              {feature.has.map((has, index) => (
                <td key={products[index]!.slug} className="px-4 py-2.5">
                  {/* The words for screen readers, the marks for the eye: an aria-label on a plain span is ignored. */}
                  {has ? (
                    <>
                      <Check aria-hidden className="size-4 text-forest" />
                      <span className="sr-only">Yes</span>
                    </>
                  ) : (
                    <>
                      <span aria-hidden className="text-ink-muted">
                        —
                      </span>
                      <span className="sr-only">No</span>
                    </>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A column's heading: picture, brand, name, 'Check Price' and the link that drops it from the comparison. */
function ProductHeading({ product }: { product: ComparedProduct }) {
  return (
    <th scope="col" className="px-4 py-3 font-normal">
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
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <CheckPriceLink link={product.buyLink} productName={product.name} size="md" />
        <Link
          to={product.removeHref}
          data-testid="compare-remove"
          className="inline-flex h-9 items-center gap-1 rounded-full px-2 text-sm font-medium text-ink-muted hover:bg-sand hover:text-ink"
          aria-label={`Remove ${product.name} from the comparison`}
        >
          <X aria-hidden className="size-4" />
          Remove
        </Link>
      </div>
    </th>
  );
}
