import { OFFER_AVAILABILITIES, type OfferAvailability, type OfferForPrice } from "~/lib/offers/display-price";

/** An offer row's price columns, as the tables store them. */
export interface OfferPriceColumns {
  price_minor: number | string | null;
  currency: string;
  sale_price_minor: number | string | null;
  sale_ends_at: string | null;
  availability: string;
}

/** An availability no code knows (written by hand, say) reads as "unknown", never as in stock. */
function availabilityOf(value: string): OfferAvailability {
  return (OFFER_AVAILABILITIES as readonly string[]).includes(value) ? (value as OfferAvailability) : "unknown";
}

/** The price fields of an offer row, read the one way every offer read and write compares them. */
export function offerPriceFields(
  row: OfferPriceColumns,
): Pick<OfferForPrice, "priceMinor" | "currency" | "salePriceMinor" | "saleEndsAt" | "availability"> {
  return {
    // Numbers on both drivers; a bigint given as text is read as one too.
    priceMinor: row.price_minor === null ? null : Number(row.price_minor),
    currency: row.currency.trim().toUpperCase(),
    salePriceMinor: row.sale_price_minor === null ? null : Number(row.sale_price_minor),
    saleEndsAt: row.sale_ends_at,
    availability: availabilityOf(row.availability),
  };
}
