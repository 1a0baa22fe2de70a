import { Form } from "~/components/ui/link";
import { VERSION_FIELD, versionToSend } from "~/lib/admin/edit-conflict";
import { Button } from "~/components/ui/button";
import { FormField, inputClasses } from "~/components/ui/form-field";
import { Notice } from "~/components/ui/notice";
import { fieldProps, type FieldErrors, type FormValues } from "~/lib/forms/parse-form";
import { OFFER_AVAILABILITIES } from "~/lib/offers/display-price";
import type { OfferFormField } from "~/lib/offers/offer-form";

/**
 * The product screen's offers: each shop that sells the product, with its price, sale,
 * availability, countries and when it was last confirmed, an edit form per offer (a <details>,
 * so it opens without scripts) and a form to add an offer from a merchant picked from a list.
 * Every form posts to the products page, whose offer intents save and refresh the price.
 */

export interface ProductOfferRow {
  id: number;
  merchantId: number;
  merchantName: string;
  isPrimary: boolean;
  priceText: string;
  salePriceText: string | null;
  saleEndsAt: string | null;
  availability: string;
  countries: string[];
  source: string;
  confirmedAt: string;
  /** As loaded: its edit form names it (docs/decisions/0103-no-silent-overwrite.md). */
  version?: number;
  values: Record<string, string>;
}

export interface OfferFormFeedback {
  key: string;
  values: FormValues;
  fieldErrors?: FieldErrors<OfferFormField>;
  formError?: string | null;
}

const AVAILABILITY_LABELS: Record<string, string> = {
  InStock: "In stock",
  OutOfStock: "Out of stock",
  PreOrder: "Pre-order",
  BackOrder: "Back-order",
  Discontinued: "Discontinued",
  unknown: "Unknown",
};

const day = (iso: string) => iso.slice(0, 10);

export function ProductOffers({
  productId,
  offers,
  merchants,
  feedback,
  busy,
}: {
  productId: number;
  offers: readonly ProductOfferRow[];
  merchants: readonly { id: number; name: string }[];
  /** The last refused save's values and errors, for the form it came from. */
  feedback: OfferFormFeedback | null | undefined;
  busy: boolean;
}) {
  // A product has one offer per merchant: the add form offers the others.
  const taken = new Set(offers.map((offer) => offer.merchantId));
  const free = merchants.filter((merchant) => !taken.has(merchant.id));
  return (
    <section
      id="product-offers"
      aria-labelledby="product-offers-title"
      className="scroll-mt-24 space-y-3 rounded-card border border-line bg-surface p-4 shadow-card md:p-6"
    >
      <h2 id="product-offers-title" className="text-xl font-semibold">
        Offers ({offers.length})
      </h2>
      <p className="text-sm text-ink-muted">
        Where the product is sold. The site shows the lowest in-stock price; each save refreshes it. The primary offer is the one the
        product form&apos;s price and affiliate link edit.
      </p>
      {offers.length === 0 && <p className="text-sm text-ink-muted">No offers yet: add one below.</p>}
      <ul className="space-y-2">
        {offers.map((offer) => (
          <li key={offer.id} className="rounded-lg border border-line p-3 text-sm">
            <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
              <span className="font-semibold text-ink">
                {offer.merchantName}
                {offer.isPrimary && (
                  <span className="ml-2 rounded-full bg-sand px-2 py-0.5 text-xs font-medium text-ink-muted">primary</span>
                )}
              </span>
              <span className="tabular-nums">{offer.priceText}</span>
              {offer.salePriceText && (
                <span className="tabular-nums text-forest">
                  sale {offer.salePriceText}
                  {offer.saleEndsAt ? ` until ${offer.saleEndsAt}` : ""}
                </span>
              )}
              <span>{AVAILABILITY_LABELS[offer.availability] ?? offer.availability}</span>
              <span className="text-ink-muted">{offer.countries.length > 0 ? offer.countries.join(", ") : "merchant's countries"}</span>
              <span className="text-ink-muted">
                confirmed {day(offer.confirmedAt)} ({offer.source})
              </span>
            </div>
            <details className="mt-2" open={feedback?.key === String(offer.id)}>
              <summary className="cursor-pointer font-semibold text-brand">
                Edit<span className="sr-only"> the offer of {offer.merchantName}</span>
              </summary>
              <OfferForm
                productId={productId}
                offerId={offer.id}
                version={offer.version}
                values={offer.values}
                feedback={feedback?.key === String(offer.id) ? feedback : null}
                busy={busy}
              />
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="delete-offer" />
                <input type="hidden" name="product_id" value={productId} />
                <input type="hidden" name="offer_id" value={offer.id} />
                <button type="submit" className="text-sm font-semibold text-red-700 underline-offset-2 hover:underline">
                  Delete this offer
                </button>
              </Form>
            </details>
          </li>
        ))}
      </ul>
      <details open={feedback?.key === "new"} className="rounded-lg border border-dashed border-line p-3">
        <summary className="cursor-pointer font-semibold text-brand">Add an offer</summary>
        {free.length === 0 ? (
          <p className="mt-2 text-sm text-ink-muted">
            Every merchant already has an offer for this product. Add merchants under Merchants.
          </p>
        ) : (
          <OfferForm
            productId={productId}
            offerId={null}
            values={{ currency: "USD", availability: "unknown" }}
            merchants={free}
            feedback={feedback?.key === "new" ? feedback : null}
            busy={busy}
          />
        )}
      </details>
    </section>
  );
}

function OfferForm({
  productId,
  offerId,
  version = 0,
  values,
  merchants,
  feedback,
  busy,
}: {
  productId: number;
  offerId: number | null;
  /** The offer's version as loaded: its save is refused over a newer one. */
  version?: number;
  values: Record<string, string>;
  merchants?: readonly { id: number; name: string }[];
  feedback: OfferFormFeedback | null;
  busy: boolean;
}) {
  const state = feedback ?? { values };
  const field = (name: OfferFormField, label: string, extra: Record<string, unknown> = {}) => (
    <FormField label={label} {...fieldProps(state, name, values[name] ?? "")} {...extra} />
  );
  const availability = fieldProps(state, "availability", values.availability ?? "unknown");
  const merchant = fieldProps(state, "merchant_id");
  return (
    <Form method="post" className="mt-3 space-y-4">
      <input type="hidden" name="intent" value="save-offer" />
      <input type="hidden" name="product_id" value={productId} />
      {offerId !== null && <input type="hidden" name="offer_id" value={offerId} />}
      {offerId !== null && <input type="hidden" name={VERSION_FIELD} value={versionToSend(feedback?.values, version)} />}
      {feedback?.formError && (
        <Notice tone="red" title="Not saved" role="alert">
          {feedback.formError}
        </Notice>
      )}
      <div className="grid gap-4 md:grid-cols-3">
        {merchants && (
          <div className="space-y-1.5">
            <label htmlFor={`offer-merchant-${productId}`} className="block text-sm font-medium text-ink">
              Merchant *
            </label>
            <select
              id={`offer-merchant-${productId}`}
              name="merchant_id"
              defaultValue={merchant.defaultValue}
              className={inputClasses}
              aria-invalid={merchant.error ? true : undefined}
            >
              <option value="">Pick a merchant…</option>
              {merchants.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
            {merchant.error && <p className="text-sm font-medium text-red-700">{merchant.error}</p>}
          </div>
        )}
        {field("link", "Link (affiliate)", { type: "url", placeholder: "https://" })}
        {field("price", "Price", { inputMode: "decimal", placeholder: "8499.00" })}
        {field("currency", "Currency", { placeholder: "USD", hint: "ISO 4217, e.g. USD, EUR." })}
        {field("sale_price", "Sale price", { inputMode: "decimal" })}
        {field("sale_end", "Sale ends", { type: "date" })}
        <div className="space-y-1.5">
          <label htmlFor={`offer-availability-${offerId ?? "new"}`} className="block text-sm font-medium text-ink">
            Availability
          </label>
          <select
            id={`offer-availability-${offerId ?? "new"}`}
            name="availability"
            defaultValue={availability.defaultValue}
            className={inputClasses}
          >
            {OFFER_AVAILABILITIES.map((value) => (
              <option key={value} value={value}>
                {AVAILABILITY_LABELS[value]}
              </option>
            ))}
          </select>
          {availability.error && <p className="text-sm font-medium text-red-700">{availability.error}</p>}
        </div>
        {field("available_from", "Ships from", { type: "date", hint: "For a pre-order or back-order: the day it ships." })}
        {field("shipping_note", "Shipping note")}
        {field("countries", "Countries", { placeholder: "US, CA", hint: "Empty: the merchant's countries." })}
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving…" : offerId === null ? "Add offer" : "Save offer"}
      </Button>
    </Form>
  );
}
