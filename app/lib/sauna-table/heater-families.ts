/**
 * Heater types are written freely ('Electric (WiFi-controlled)', 'Wood-burning', 'Harvia wood
 * stove'): the table filters and counts them by family, the first family whose word the
 * lower-cased text contains, in this order (a hybrid that burns wood is a wood heater). The server
 * turns the same list into one SQL CASE (app/server/sauna-table/table-filters.server.ts), so a
 * count and its filter always agree.
 */
export interface HeaterFamily {
  key: string;
  label: string;
  /** Lower-case text the heater type contains. */
  word: string;
}

export const HEATER_FAMILIES: readonly HeaterFamily[] = [
  { key: "wood", label: "Wood-burning", word: "wood" },
  { key: "infrared", label: "Infrared", word: "infrared" },
  { key: "gas", label: "Gas", word: "gas" },
  { key: "electric", label: "Electric", word: "electric" },
];

/** Any other heater text that is not blank. */
export const OTHER_HEATER: HeaterFamily = { key: "other", label: "Other", word: "" };

export function heaterFamily(key: string): HeaterFamily | undefined {
  return key === OTHER_HEATER.key ? OTHER_HEATER : HEATER_FAMILIES.find((family) => family.key === key);
}

/** The family of a heater text, as the SQL CASE decides it; null when blank. */
export function heaterFamilyOf(heaterType: string | null | undefined): HeaterFamily | null {
  const text = (heaterType ?? "").trim().toLowerCase();
  if (text === "") return null;
  return HEATER_FAMILIES.find((family) => text.includes(family.word)) ?? OTHER_HEATER;
}
