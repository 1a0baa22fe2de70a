/**
 * Comparing GTINs across their lengths: a UPC-A (12 digits), its EAN-13 (a leading 0) and its
 * GTIN-14 (two leading zeros) name the same item, so a feed writing one and the product the
 * other still match. Products keep the digits as the owner typed them.
 */

const LENGTHS = [8, 12, 13, 14] as const;

/** The 14-digit form (left-padded with zeros), the one GTINs are compared in. */
export function gtin14(digits: string): string {
  return digits.padStart(14, "0");
}

/** Every stored form that is the same GTIN as `digits`: the 14-digit form with its leading zeros dropped to each valid length. */
export function gtinForms(digits: string): string[] {
  const full = gtin14(digits);
  return LENGTHS.filter((length) => /^0*$/.test(full.slice(0, 14 - length))).map((length) => full.slice(14 - length));
}
