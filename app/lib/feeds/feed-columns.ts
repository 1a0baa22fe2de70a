import { FEED_FIELDS, type FeedColumnMapping, type FeedField, type RawFeedFields } from "./feed-item";

/**
 * Which column of a delimited feed holds which field: Google's attribute names in the header
 * ("id", "sale_price", also "sale price" or "g:sale_price" as some exports write them), or the
 * owner's mapping of their own column names.
 */

export type ColumnIndex = ReadonlyMap<FeedField, number>;

const REQUIRED: readonly FeedField[] = ["id", "price"];

/** "Sale Price", "g:sale_price", "sale-price" → "sale_price". */
export function googleAttributeName(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/^g:/, "")
    .replace(/[\s-]+/g, "_");
}

/** Column names compare trimmed and in any letter case: a spreadsheet re-save must not break a mapping. */
function sameColumn(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The header's Google columns, or null when it lacks id or price (the file then needs a mapping). The first of repeated names wins. */
export function googleColumns(header: readonly string[]): ColumnIndex | null {
  const index = new Map<FeedField, number>();
  header.forEach((name, position) => {
    const field = googleAttributeName(name) as FeedField;
    if ((FEED_FIELDS as readonly string[]).includes(field) && !index.has(field)) index.set(field, position);
  });
  return REQUIRED.every((field) => index.has(field)) ? index : null;
}

export type MappedColumns = { ok: true; index: ColumnIndex } | { ok: false; reason: string };

/** The owner's mapping against this file's header: every mapped column must be there, and id and price mapped. */
export function mappedColumns(header: readonly string[], mapping: FeedColumnMapping): MappedColumns {
  const unmapped = REQUIRED.filter((field) => (mapping[field] ?? "").trim() === "");
  if (unmapped.length > 0) {
    return {
      ok: false,
      reason: `The column mapping does not say which column holds the item's ${unmapped.join(" and ")}; both are needed.`,
    };
  }
  const index = new Map<FeedField, number>();
  const missing: string[] = [];
  for (const field of FEED_FIELDS) {
    const column = mapping[field];
    if (column === undefined || column.trim() === "") continue;
    const position = header.findIndex((name) => sameColumn(name, column));
    if (position < 0) missing.push(`"${column}" (for ${field})`);
    else index.set(field, position);
  }
  if (missing.length > 0) {
    return {
      ok: false,
      reason: `The file has no column ${missing.join(", ")}, which the feed's column mapping names. Its columns are now: ${header.map((name) => `"${name}"`).join(", ")}. Update the mapping to match the file.`,
    };
  }
  return { ok: true, index };
}

/** One record's fields under the index; a missing cell reads as empty. */
export function fieldsOf(record: readonly string[], index: ColumnIndex): RawFeedFields {
  const fields: RawFeedFields = {};
  for (const [field, position] of index) fields[field] = record[position] ?? "";
  return fields;
}
