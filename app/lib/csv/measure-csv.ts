import {
  MEASURE_COLUMN_PREFIX,
  measureColumn,
  readMeasuredOn,
  readMeasuredValue,
  readMethodVersion,
  SLUG_PATTERN,
  type MeasurementDefinition,
  type MeasurementValue,
} from "../measurements/measurements";
import { quoteForWarning } from "./csv-values";

/**
 * The product CSV's measurement columns (docs/decisions/0109): one `measure:<slug>` column per
 * measurement, each cell the value, the day measured and the method version, separated by
 * semicolons: `24.5; 2026-10-03; v2`. The day and the version may be left out: no day is "not
 * known", no version is the measurement's method version now. An empty cell removes the value; a
 * file without the column leaves the values as they are. Export writes all three, so a file
 * exported and imported again changes nothing, a value under an older method included.
 */

/** One cell as read: the value, or null to remove it. */
export interface MeasureImport {
  slug: string;
  value: number | null;
  measuredOn: string | null;
  /** Null: the measurement's method version at the time of the save. */
  methodVersion: number | null;
}

/** The slug a header names, or null when it is not a measurement column. */
export function measureHeaderSlug(header: string): string | null {
  const name = header.trim().toLowerCase();
  if (!name.startsWith(MEASURE_COLUMN_PREFIX)) return null;
  const slug = name.slice(MEASURE_COLUMN_PREFIX.length).trim();
  return SLUG_PATTERN.test(slug) ? slug : null;
}

/**
 * One cell. A cell that cannot be read is left out (the stored value stays as it is) with a note
 * saying why in the owner's words.
 */
export function readMeasureCell(slug: string, raw: string): { entry: MeasureImport | null; note?: string } {
  const column = measureColumn(slug);
  const parts = raw.split(";").map((part) => part.trim());
  if (parts.length > 3) {
    return { entry: null, note: `${column} ${quoteForWarning(raw)} has more than value; date; version (left as it was)` };
  }
  const [valueText = "", dayText = "", versionText = ""] = parts;
  const value = readMeasuredValue(valueText);
  if (value.problem) return { entry: null, note: `${column} ${quoteForWarning(valueText)} ${value.problem} (left as it was)` };
  if (value.value === null) {
    if (dayText !== "" || versionText !== "") {
      return { entry: null, note: `${column} ${quoteForWarning(raw)} has a date or version but no value (left as it was)` };
    }
    return { entry: { slug, value: null, measuredOn: null, methodVersion: null } };
  }
  const day = readMeasuredOn(dayText);
  if (day.problem) return { entry: null, note: `${column} date ${quoteForWarning(dayText)} ${day.problem} (left as it was)` };
  const version = readMethodVersion(versionText);
  if (version.problem)
    return { entry: null, note: `${column} version ${quoteForWarning(versionText)} ${version.problem} (left as it was)` };
  return { entry: { slug, value: value.value, measuredOn: day.value, methodVersion: version.value } };
}

/** A stored value as its cell: `24.5; 2026-10-03; v2` (`24.5; ; v2` when the day is not known). */
export function measureCell(value: Pick<MeasurementValue, "value" | "measuredOn" | "methodVersion"> | undefined): string {
  if (!value) return "";
  return `${String(value.value)}; ${value.measuredOn ?? ""}; v${value.methodVersion}`;
}

/** The export's measurement columns, in the owner's order. */
export function measureExportHeader(definitions: readonly Pick<MeasurementDefinition, "slug">[]): string[] {
  return definitions.map((definition) => measureColumn(definition.slug));
}

/** One product's measurement cells, in the header's order. */
export function measureExportCells(
  definitions: readonly Pick<MeasurementDefinition, "id">[],
  values: readonly Pick<MeasurementValue, "measurementId" | "value" | "measuredOn" | "methodVersion">[],
): string[] {
  const byMeasurement = new Map(values.map((value) => [value.measurementId, value]));
  return definitions.map((definition) => measureCell(byMeasurement.get(definition.id)));
}
