/**
 * Numbers as en-US text ('12,499', '1,950.5') without Intl.
 *
 * The pages print prices and weights the same way on the server and in every browser, so the
 * format is fixed rather than the reader's locale. Intl.NumberFormat would do it, but building
 * one loads locale data: on a mid-range phone that is about 20 ms of main thread while the page
 * hydrates, for text this short function writes as well.
 */

/** '1234567' → '1,234,567' (digits only, no sign). */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * The decimal digits of `magnitude` (≥ 0) rounded half up to `digits` decimals, as Intl rounds:
 * on the shortest decimal that reads back as the same number ('616.265' → '616.27'), not on its
 * binary value (which `toFixed` uses and which is a hair below 616.265).
 */
function roundedDigits(magnitude: number, digits: number): { whole: string; fraction: string } {
  const text = String(magnitude);
  if (text.includes("e")) {
    // Below 1e-6 or from 1e21 up: not a price or a weight; toFixed is exact enough there.
    const [whole = "0", fraction = ""] = magnitude.toFixed(digits).split(".");
    return { whole, fraction };
  }
  const [integerPart = "0", fractionPart = ""] = text.split(".");
  const kept = BigInt(integerPart + fractionPart.slice(0, digits).padEnd(digits, "0")) + (fractionPart.charAt(digits) >= "5" ? 1n : 0n);
  const all = kept.toString().padStart(digits + 1, "0");
  return { whole: all.slice(0, all.length - digits), fraction: all.slice(all.length - digits) };
}

/**
 * `value` rounded to at most `maximumFractionDigits` decimals (trailing zeros dropped down to
 * `minimumFractionDigits`), with thousands separated by commas: what
 * `new Intl.NumberFormat("en-US", { minimumFractionDigits, maximumFractionDigits }).format(value)`
 * prints, for finite numbers.
 */
export function formatDecimal(value: number, { minimumFractionDigits = 0, maximumFractionDigits = 0 } = {}): string {
  const { whole, fraction } = roundedDigits(Math.abs(value), maximumFractionDigits);
  let decimals = fraction;
  while (decimals.length > minimumFractionDigits && decimals.endsWith("0")) decimals = decimals.slice(0, -1);
  // Intl keeps the sign of a negative number that rounds to zero ('-0'), and so does this.
  const sign = value < 0 ? "-" : "";
  return `${sign}${groupThousands(whole)}${decimals ? `.${decimals}` : ""}`;
}
