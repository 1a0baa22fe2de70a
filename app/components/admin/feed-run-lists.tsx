import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { Form } from "~/components/ui/link";
import type { GoneOffer, RejectedItem, UnmatchedItem } from "~/lib/feeds/feed-run";

/**
 * A feed run's lists beside its diff: the items no product was found for (each with the one-click
 * "This is product …"), the rejected items with the reason in plain words, and the offers marked
 * out of stock because their item left the feed.
 */

function More({ shown, total, noun }: { shown: number; total: number; noun: string }) {
  if (total <= shown) return null;
  return (
    <p className="text-sm text-ink-muted">
      Showing the first {shown.toLocaleString("en-US")} of {total.toLocaleString("en-US")} {noun}.
    </p>
  );
}

export function UnmatchedItems({
  items,
  total,
  products,
}: {
  items: readonly UnmatchedItem[];
  total: number;
  products: readonly { slug: string; name: string }[];
}) {
  if (total === 0) return null;
  return (
    <section aria-labelledby="unmatched-title" className="space-y-3">
      <h2 id="unmatched-title" className="text-xl font-semibold">
        Unmatched items ({total.toLocaleString("en-US")})
      </h2>
      <p className="text-sm text-ink-muted">
        No product has these items&apos; GTIN or MPN. Name the product once; the feed remembers it, and the run is previewed again.
      </p>
      <datalist id="feed-products">
        {products.map((product) => (
          <option key={product.slug} value={product.slug}>
            {product.name}
          </option>
        ))}
      </datalist>
      <ul className="space-y-2">
        {items.map((item) => (
          <li
            key={`${item.line}-${item.itemId}`}
            className="rounded-card border border-line bg-surface p-3 text-sm shadow-card"
            data-testid="unmatched-item"
          >
            <p>
              <span className="font-medium text-ink">{item.title ?? item.itemId}</span>{" "}
              <span className="font-mono text-xs text-ink-muted">
                item {item.itemId}, line {item.line}
                {item.gtin ? `, GTIN ${item.gtin}` : ""}
                {item.mpn ? `, MPN ${item.mpn}` : ""}
                {item.brand ? `, ${item.brand}` : ""}
              </span>
            </p>
            <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="match-item" />
              <input type="hidden" name="item_id" value={item.itemId} />
              <div className="min-w-0 flex-1 basis-56">
                <label htmlFor={`match-${item.line}`} className="block text-xs font-medium text-ink">
                  Product (its slug or name)
                </label>
                <input id={`match-${item.line}`} name="product" list="feed-products" required className={inputClasses} autoComplete="off" />
              </div>
              <Button type="submit" variant="secondary">
                This is the product
              </Button>
            </Form>
          </li>
        ))}
      </ul>
      <More shown={items.length} total={total} noun="unmatched items" />
    </section>
  );
}

export function RejectedItems({ items, total }: { items: readonly RejectedItem[]; total: number }) {
  if (total === 0) return null;
  return (
    <section aria-labelledby="rejected-title" className="space-y-3">
      <h2 id="rejected-title" className="text-xl font-semibold">
        Rejected items ({total.toLocaleString("en-US")})
      </h2>
      <p className="text-sm text-ink-muted">These items change nothing; the rest of the feed is saved without them.</p>
      <ul className="space-y-1 text-sm" data-testid="rejected-items">
        {items.map((item) => (
          <li key={`${item.line}-${item.itemId ?? ""}`} className="rounded-lg border border-line bg-surface px-3 py-2">
            <span className="font-mono text-xs text-ink-muted">
              Line {item.line}
              {item.itemId ? `, item ${item.itemId}` : ""}:
            </span>{" "}
            {item.reason}
          </li>
        ))}
      </ul>
      <More shown={items.length} total={total} noun="rejected items" />
    </section>
  );
}

export function GoneOffers({ offers, total }: { offers: readonly GoneOffer[]; total: number }) {
  if (total === 0) return null;
  return (
    <section aria-labelledby="gone-title" className="space-y-3">
      <h2 id="gone-title" className="text-xl font-semibold">
        No longer in the feed ({total.toLocaleString("en-US")})
      </h2>
      <p className="text-sm text-ink-muted">
        {total === 1 ? "Its offer is marked out of stock, not deleted." : "Their offers are marked out of stock, not deleted."}
      </p>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {offers.map((offer) => (
          <li key={offer.productSlug}>
            {offer.productName}{" "}
            <span className="font-mono text-xs text-ink-muted">{offer.itemId ? `item ${offer.itemId}` : offer.productSlug}</span>
          </li>
        ))}
      </ul>
      <More shown={offers.length} total={total} noun="offers" />
    </section>
  );
}
