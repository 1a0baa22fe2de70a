import { useId } from "react";
import { ListOutcome } from "~/components/mail-lists/list-outcome";
import { OptInEmailInput, OptInForm, OPT_IN_INPUT } from "~/components/mail-lists/opt-in-form";
import { Mail } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import type { PriceAlertResult } from "~/lib/alerts/price-alert-messages";
import type { ProductPageView } from "~/lib/product/product-page";

/** Where the form posts; the route answers with a page of its own when JavaScript is off. */
export const PRICE_ALERT_ACTION = "/alerts";

/** What the form needs of the product: which one, where its page is, and what it costs now. */
export interface PriceAlertProduct {
  id: number;
  /** /reviews/product/{slug}, for the no-JavaScript answer page's way back. */
  path: string | null;
  /** The displayed price; unknown on the answer page. */
  priceText: string | null;
}

/**
 * 'Email me when the price drops' on a product page (docs/decisions/0062-price-drop-alerts.md).
 * It posts to /alerts, so the product page stays one cacheable page for every reader: with
 * JavaScript the answer appears in place (a fetcher); without it the browser goes to /alerts,
 * which shows the answer and, after a refusal, the form again. Shown only while there is a price
 * to watch.
 */
export function PriceAlertForm({ product }: { product: ProductPageView }) {
  if (product.price.kind !== "price") return null;
  return <PriceAlertBox product={{ id: product.id, path: product.canonicalPath, priceText: product.priceText }} />;
}

function PriceAlertBox({ product, result }: { product: PriceAlertProduct; result?: PriceAlertResult }) {
  const headingId = useId();
  const emailId = useId();
  const targetId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card border border-line bg-surface p-5 shadow-card md:p-6"
      data-testid="price-alert"
    >
      <div className="flex gap-3">
        <Mail aria-hidden className="mt-1 size-5 shrink-0 text-brand" />
        <div>
          <h2 id={headingId} className="text-xl font-semibold">
            Email me when the price drops
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            {product.priceText && `Now ${product.priceText}. `}We email you once when it falls below your target price, or by 5% or more if
            you leave the target empty. At most one email a week; one click stops it.
          </p>
        </div>
      </div>
      <OptInForm
        action={PRICE_ALERT_ACTION}
        fetcherKey={`price-alert-${product.id}`}
        result={result}
        testId="price-alert"
        className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-end"
        submit={{ idle: "Email me", busy: "Sending…" }}
      >
        {({ refused, describedBy }) => (
          <>
            <input type="hidden" name="product_id" value={product.id} />
            {product.path && <input type="hidden" name="product_path" value={product.path} />}
            <div>
              <label htmlFor={emailId} className="mb-1 block text-sm font-medium">
                Email address
              </label>
              <OptInEmailInput id={emailId} placeholder="name@example.com" refused={refused} describedBy={describedBy} />
            </div>
            <div>
              <label htmlFor={targetId} className="mb-1 block text-sm font-medium">
                Target price <span className="font-normal text-ink-muted">(optional)</span>
              </label>
              <input
                id={targetId}
                name="target"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                placeholder="e.g. 1,299"
                defaultValue={refused?.target}
                aria-invalid={refused?.field === "target" ? true : undefined}
                aria-describedby={describedBy}
                className={OPT_IN_INPUT}
              />
            </div>
          </>
        )}
      </OptInForm>
    </section>
  );
}

/**
 * The /alerts page, where the form lands without JavaScript: the answer, and after a refusal the
 * form again with what was typed and a way back to the sauna.
 */
export function PriceAlertAnswer({ result }: { result?: PriceAlertResult }) {
  if (result?.ok) return <ListOutcome good title="Check your inbox" body={result.message} />;
  const product = result?.productId ? { id: result.productId, path: result.productPath, priceText: null } : null;
  return (
    <main id="main" className="flex-1 bg-sand/60">
      <div className="page-container flex justify-center py-12 md:py-20">
        <div className="w-full max-w-2xl">
          <h1 className="mb-4 text-2xl font-semibold">Price alert</h1>
          {product ? (
            <>
              <PriceAlertBox product={product} result={result} />
              {product.path && (
                <Link to={product.path} className="mt-4 inline-block font-medium text-brand underline-offset-4 hover:underline">
                  Back to the sauna
                </Link>
              )}
            </>
          ) : (
            <p className="text-ink-muted">
              Price alerts are set on each sauna&apos;s page.{" "}
              <Link to="/reviews" className="font-medium text-brand underline-offset-4 hover:underline">
                Browse the reviews
              </Link>
              .
            </p>
          )}
        </div>
      </div>
    </main>
  );
}
