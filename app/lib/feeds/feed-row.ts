import { readLink } from "../csv/csv-values";
import type { FeedRow, RawFeedFields } from "./feed-item";
import type { DecimalMark } from "./feed-amounts";
import { parseFeedPrice } from "./feed-price";
import { readAvailabilityDate, readFeedAvailability, readFeedText, readSaleDates, readShipping } from "./feed-values";
import { readGtin } from "./gtin";
import { isCurrencyCode } from "../offers/currencies";

/**
 * One feed item's text fields → a read item, or the one sentence that says why it cannot be
 * used. Only what would make the site show a wrong price or send a reader to a wrong place
 * rejects the row (no id, no readable price, a link that is not http(s), an unreadable sale
 * price); a doubtful GTIN or sale dates are left out with a warning.
 */

/** Google allows 50 characters; longer is a paste error, not an id. */
const MAX_ID_LENGTH = 100;

function quoted(raw: string): string {
  const text = raw.trim().replace(/\s+/g, " ");
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 39)}…` : text);
}

export interface FeedRowOptions {
  /** The feed's own currency, set by its owner, for prices written without one. Never the site's: a price is stored in the currency it was given in. */
  defaultCurrency?: string | null;
  /** The feed's decimal mark, decided once from its rows (feed-amounts.ts); absent: each amount read by its own marks. */
  decimalMark?: DecimalMark;
}

export function readFeedRow(raw: RawFeedFields, line: number, options: FeedRowOptions = {}): FeedRow {
  const id = readFeedText(raw.id, Number.POSITIVE_INFINITY);
  const reject = (reason: string): FeedRow => ({ ok: false, line, itemId: id, reason });
  if (id === null) return reject("The item has no id (Google's id attribute), so it cannot be matched to a product.");
  if (id.length > MAX_ID_LENGTH) return reject(`The item's id is longer than ${MAX_ID_LENGTH} characters.`);

  const currencyCell = readFeedText(raw.currency, 20);
  const columnCurrency = currencyCell === null ? null : currencyCell.toUpperCase();
  if (columnCurrency !== null && !isCurrencyCode(columnCurrency)) {
    return reject(`Currency ${quoted(currencyCell!)} is not an ISO 4217 currency code (such as USD, EUR or GBP).`);
  }
  const decimalMark = options.decimalMark;
  const price = parseFeedPrice(raw.price ?? "", columnCurrency ?? options.defaultCurrency, "Price", { decimalMark });
  if (!price.ok) return reject(price.reason);
  if (columnCurrency !== null && price.currency !== columnCurrency) {
    return reject(`Price ${quoted(raw.price!)} is in ${price.currency} but the row's currency column says ${columnCurrency}.`);
  }

  let salePriceMinor: number | null = null;
  const warnings: string[] = [];
  if (readFeedText(raw.sale_price) !== null) {
    const sale = parseFeedPrice(raw.sale_price!, price.currency, "Sale price", { decimalMark });
    if (!sale.ok) return reject(sale.reason);
    if (sale.currency !== price.currency) {
      return reject(`Sale price ${quoted(raw.sale_price!)} is in ${sale.currency} but the price is in ${price.currency}.`);
    }
    salePriceMinor = sale.minor;
    if (sale.minor >= price.minor) warnings.push("The sale price is not below the price, so the site shows the price.");
  }

  const linkText = raw.link ?? "";
  const link = readLink(linkText);
  if (link.note) return reject(`Link ${quoted(linkText)} is not an http(s) address.`);

  const dates = salePriceMinor === null ? { startsAt: null, endsAt: null } : readSaleDates(raw.sale_price_effective_date);
  if (dates.warning) warnings.push(dates.warning);
  const gtin = readGtin(raw.gtin);
  if (gtin.warning) warnings.push(gtin.warning);
  const availability = readFeedAvailability(raw.availability);
  // The day only means something for an item that is not in stock yet.
  const shipsFrom =
    availability === "PreOrder" || availability === "BackOrder" ? readAvailabilityDate(raw.availability_date) : { day: null };
  if (shipsFrom.warning) warnings.push(shipsFrom.warning);

  return {
    ok: true,
    line,
    item: {
      id,
      title: readFeedText(raw.title),
      link: link.value,
      priceMinor: price.minor,
      currency: price.currency,
      salePriceMinor,
      saleStartsAt: dates.startsAt,
      saleEndsAt: dates.endsAt,
      availability,
      availableFrom: shipsFrom.day,
      brand: readFeedText(raw.brand, 200),
      gtin: gtin.gtin,
      mpn: readFeedText(raw.mpn, 100),
      shipping: readShipping(raw.shipping),
    },
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}
