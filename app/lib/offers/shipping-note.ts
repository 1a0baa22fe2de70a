/**
 * An offer's shipping note as a reader of one country should see it. A feed's shipping lines
 * are kept as one note per offer, country by country ("US: $0.00; CA CA Overnight: $16.00", how
 * the feed reader writes Google's country:region:service:price). A reader sees only their
 * country's lines, "Free shipping" where the shop charges nothing, and nothing at all when the
 * note has no line for their country: the site does not know, so it claims nothing. A note in
 * any other form (typed by the owner, or a shop's own words) is shown as written.
 */

/** One line of the feed reader's note: country, then region and service if given, then the price. */
const LINE = /^([A-Z]{2})(?: ([^:]*))?: (.+)$/;
/** "$0.00", "€0,00", "CA$0": a price of nothing. */
const ZERO = /^[^\d]*0+(?:[.,]0+)?[^\d]*$/;

export function shippingForCountry(note: string | null | undefined, country: string): string | null {
  const text = (note ?? "").trim();
  if (text === "") return null;
  const lines = text.split("; ").map((line) => LINE.exec(line));
  if (lines.some((line) => line === null)) return text;
  const wanted = country.trim().toUpperCase();
  const mine = (lines as RegExpExecArray[])
    .filter(([, code, , price]) => code === wanted && price !== "price not given")
    .map(([, , where, price]) => {
      const cost = ZERO.test(price!) ? "Free shipping" : price!;
      return where ? `${cost} (${where})` : cost;
    });
  return mine.length === 0 ? null : mine.join("; ");
}
