/**
 * Measured test results: what the owner measures (a definition), a product's value of it, and the
 * rule that decides which values may be compared (docs/decisions/0109). Pure: shared by the admin
 * screens, the product CSV, the product page and the scores.
 */

export type Better = "higher" | "lower";

/** The usages a score is worked out for; the owner weighs each measurement in each of them. */
export const USAGES = [
  { key: "overall", label: "Overall" },
  { key: "families", label: "For families" },
  { key: "quick-sessions", label: "For quick sessions" },
] as const;

export type UsageKey = (typeof USAGES)[number]["key"];

/** A weight is a whole number from 0 (not counted) to 10. */
export const MAX_WEIGHT = 10;

export interface MeasurementDefinition {
  id: number;
  slug: string;
  name: string;
  unit: string;
  better: Better;
  /** How it is measured, in the owner's words: shown under the value on the product page. */
  method: string;
  /** The method's version now: only values taken under it are compared. */
  methodVersion: number;
  position: number;
  /** The row's edit version (a save names the one it loaded). */
  version: number;
  weights: Record<UsageKey, number>;
}

export interface MeasurementValue {
  productId: number;
  measurementId: number;
  value: number;
  /** YYYY-MM-DD, or null when not known. */
  measuredOn: string | null;
  methodVersion: number;
}

/** The CSV column of a measurement: `measure:<slug>`, its value under the current method. */
export const MEASURE_COLUMN_PREFIX = "measure:";

export function measureColumn(slug: string): string {
  return `${MEASURE_COLUMN_PREFIX}${slug}`;
}

/** Whether a value may be compared with others: only when taken under the definition's method version now. */
export function isComparable(
  value: Pick<MeasurementValue, "methodVersion">,
  definition: Pick<MeasurementDefinition, "methodVersion">,
): boolean {
  return value.methodVersion === definition.methodVersion;
}

/** A measurement's slug: lower-case letters, digits and single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
}

/** The largest magnitude a measured value may have: far beyond any sauna's, small enough to print plainly. */
export const MAX_MEASURED = 1_000_000;

/**
 * A measured value as typed (a form field or a CSV cell): a plain decimal number. Empty is null (no value); anything else that is not a number is a problem in
 * the user's words.
 */
export function readMeasuredValue(raw: string | null | undefined): { value: number | null; problem?: string } {
  const text = (raw ?? "").trim();
  if (text === "") return { value: null };
  // 12,5 and 1,200 read differently around the world: neither is guessed at.
  if (/^[+-]?[\d.]*,[\d,.]*$/.test(text))
    return { value: null, problem: "has a comma: write the number with a point for decimals and no thousands separator (12.5)" };
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return { value: null, problem: "is not a number" };
  const value = Number(text);
  if (Math.abs(value) > MAX_MEASURED) return { value: null, problem: `is larger than ${MAX_MEASURED.toLocaleString("en-US")}` };
  return { value };
}

/** A day as YYYY-MM-DD that exists in the calendar; empty is null. */
export function readMeasuredOn(raw: string | null | undefined): { value: string | null; problem?: string } {
  const text = (raw ?? "").trim();
  if (text === "") return { value: null };
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!day || day.toISOString().slice(0, 10) !== text) return { value: null, problem: "is not a date written as YYYY-MM-DD" };
  return { value: text };
}

/** A method version: a whole number from 1. */
export function readMethodVersion(raw: string | null | undefined): { value: number | null; problem?: string } {
  const text = (raw ?? "").trim().replace(/^v/i, "");
  if (text === "") return { value: null };
  if (!/^\d{1,6}$/.test(text) || Number(text) < 1) return { value: null, problem: "is not a method version (a whole number from 1)" };
  return { value: Number(text) };
}

/** A value as the page prints it: at most two decimals, no trailing zeros, thousands grouped. */
export function formatMeasured(value: number): string {
  return value.toLocaleString("en-US", { maximumFractionDigits: 2 });
}

/** A value with its unit: "12 min", "84 °C"; a unit that is a symbol such as % sits against the number. */
export function measuredText(value: number, unit: string): string {
  const number = formatMeasured(value);
  if (unit === "") return number;
  return unit === "%" ? `${number}%` : `${number} ${unit}`;
}
