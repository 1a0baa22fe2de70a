/**
 * ISO 3166-1 alpha-2 country codes, the form merchants' and offers' countries are kept in (upper
 * case). The list is written out rather than asked of Intl: Intl.DisplayNames names "UK" and other
 * codes that are not ISO 3166-1, and a code that is not in the list would silently match no reader.
 */

const CODES =
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW";

export const COUNTRY_CODES: ReadonlySet<string> = new Set(CODES.split(" "));

/** Common spellings that are not the ISO code, with the code meant. */
const MEANT: Record<string, string> = { UK: "GB", EL: "GR" };

export function isCountryCode(code: string): boolean {
  return COUNTRY_CODES.has(code);
}

/**
 * A list of country codes as typed ("de", " AT ", "US, CA"): upper case, each once, in the order
 * given. Entries that are not ISO 3166-1 alpha-2 codes are returned apart, so the caller can name
 * them; an entry may itself hold several codes separated by commas or spaces.
 */
export function readCountryCodes(items: readonly string[]): { codes: string[]; unknown: { text: string; meant?: string }[] } {
  const codes: string[] = [];
  const unknown: { text: string; meant?: string }[] = [];
  for (const item of items) {
    for (const part of item.split(/[\s,;]+/)) {
      const code = part.trim().toUpperCase();
      if (code === "") continue;
      if (!isCountryCode(code)) unknown.push(MEANT[code] ? { text: part.trim(), meant: MEANT[code] } : { text: part.trim() });
      else if (!codes.includes(code)) codes.push(code);
    }
  }
  return { codes, unknown };
}

/** "Unknown country code "UK" (write GB)" style text for one unreadable entry. */
export function unknownCountryText(entry: { text: string; meant?: string }): string {
  return `"${entry.text}"${entry.meant ? ` (the code is ${entry.meant})` : ""}`;
}
