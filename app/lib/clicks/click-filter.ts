/**
 * Which clicks an admin report counts: those of one reader country ("unknown" for clicks whose
 * country nobody could tell) and/or those sent to one merchant's offer ("none" for the maker's
 * website or the survey form); null is no filter.
 */
export interface ClickFilter {
  country: string | null;
  merchant: number | "none" | null;
}

export const NO_CLICK_FILTER: ClickFilter = { country: null, merchant: null };
export const UNKNOWN_COUNTRY = "unknown";

/** ?country=DE|unknown and ?merchant=12|none; anything else is no filter. */
export function clickFilterFrom(params: URLSearchParams): ClickFilter {
  const country = (params.get("country") ?? "").trim();
  const merchant = (params.get("merchant") ?? "").trim();
  return {
    country: country === UNKNOWN_COUNTRY ? UNKNOWN_COUNTRY : /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null,
    merchant: merchant === "none" ? "none" : /^\d{1,9}$/.test(merchant) ? Number(merchant) : null,
  };
}

/** The filter as query parameters after the period ('&country=DE'), so changing the period keeps it. */
export function clickFilterQuery(filter: ClickFilter): string {
  const params = new URLSearchParams();
  if (filter.country !== null) params.set("country", filter.country);
  if (filter.merchant !== null) params.set("merchant", String(filter.merchant));
  const text = params.toString();
  return text === "" ? "" : `&${text}`;
}
