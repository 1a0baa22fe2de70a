import { z } from "zod";
import { readLines } from "../csv/csv-values";
import { readOfferFields, type OfferFieldColumn, type OfferFields } from "../csv/offer-csv";
import { minorToMajorText } from "./currencies";

/**
 * The admin's form for one offer of a product (on the product's edit screen), read with the
 * offers CSV's own rules (readOfferFields), so a typed offer and an imported one agree. Countries
 * may be written one per line or separated by commas.
 */

export const OFFER_FORM_FIELDS = [
  "link",
  "price",
  "currency",
  "sale_price",
  "sale_end",
  "availability",
  "available_from",
  "shipping_note",
  "countries",
] as const satisfies readonly OfferFieldColumn[];

export type OfferFormField = (typeof OFFER_FORM_FIELDS)[number] | "merchant_id";

export interface OfferFormValue {
  /** The offer being edited; null adds one. */
  offerId: number | null;
  productId: number;
  /** The merchant picked for a new offer (an edited offer keeps its merchant). */
  merchantId: number | null;
  fields: OfferFields;
  warnings: string[];
}

const id = (value: string) => (/^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : null);

export const offerFormSchema = z
  .object({
    offer_id: z.string().default(""),
    product_id: z.string().default(""),
    merchant_id: z.string().default(""),
    ...(Object.fromEntries(OFFER_FORM_FIELDS.map((field) => [field, z.string().default("")])) as Record<
      (typeof OFFER_FORM_FIELDS)[number],
      z.ZodDefault<z.ZodString>
    >),
  })
  .transform((values, ctx): OfferFormValue => {
    const offerId = id(values.offer_id);
    const productId = id(values.product_id);
    const merchantId = id(values.merchant_id);
    if (productId === null)
      ctx.addIssue({ code: "custom", path: [], message: "The form names no product; reload the page and try again." });
    if (offerId === null && merchantId === null)
      ctx.addIssue({ code: "custom", path: ["merchant_id"], message: "Pick the merchant that sells it." });
    const { countries, ...rest } = values;
    const read = readOfferFields(rest, readLines(countries));
    if (!read.ok) {
      for (const [field, message] of Object.entries(read.errors)) ctx.addIssue({ code: "custom", path: [field], message: `${message}.` });
      return z.NEVER;
    }
    if (productId === null || (offerId === null && merchantId === null)) return z.NEVER;
    return { offerId, productId, merchantId, fields: read.fields, warnings: read.warnings };
  });

/** A stored offer as the form's values. */
export function offerFormValues(
  offer: Omit<OfferFields, "availability"> & { availability: string },
): Record<(typeof OFFER_FORM_FIELDS)[number], string> {
  return {
    link: offer.link ?? "",
    price: minorToMajorText(offer.priceMinor, offer.currency),
    currency: offer.currency,
    sale_price: minorToMajorText(offer.salePriceMinor, offer.currency),
    sale_end: offer.saleEndsAt ?? "",
    availability: offer.availability,
    available_from: offer.availableFrom ?? "",
    shipping_note: offer.shippingNote ?? "",
    countries: offer.countries.join(", "),
  };
}
