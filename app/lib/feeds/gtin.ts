/**
 * GTINs (EAN-8, UPC-A, EAN-13, GTIN-14): the number that lets a feed item find its product
 * without the owner matching it by hand, so a mistyped one must not match anything.
 */

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** The GS1 check digit for the digits before it: weights 3 and 1 alternating from the right. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    const digit = body.charCodeAt(body.length - 1 - index) - 48;
    sum += digit * (index % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export type GtinRead = { gtin: string | null; warning?: string };

/** "4006381333931", "4006 3813 3393 1", "400-638-133-393-1" → digits; wrong length or check digit → null with a warning. */
export function readGtin(raw: string | undefined): GtinRead {
  const text = (raw ?? "").trim();
  if (text === "") return { gtin: null };
  const digits = text.replace(/[\s-]/g, "");
  const quoted = JSON.stringify(text.length > 40 ? `${text.slice(0, 39)}…` : text);
  if (!/^\d+$/.test(digits) || !GTIN_LENGTHS.has(digits.length)) {
    return { gtin: null, warning: `GTIN ${quoted} is not 8, 12, 13 or 14 digits; it was left out.` };
  }
  if (gtinCheckDigit(digits.slice(0, -1)) !== Number(digits.at(-1))) {
    return { gtin: null, warning: `GTIN ${quoted} has a wrong check digit (a typo?); it was left out.` };
  }
  return { gtin: digits };
}
