/** How the admin tables print numbers: exact, and a dash for nothing. */

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function adminPrice(cents: number | null): string {
  return cents === null ? "—" : dollars.format(cents / 100);
}

export function adminNumber(value: number | null, digits = 0): string {
  return value === null ? "—" : value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
