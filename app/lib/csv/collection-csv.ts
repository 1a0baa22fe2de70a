import { isBlankRecord, readCsvFile } from "./csv-table";
import { quoteForWarning, readFlag, readImageRef, readSlug, readText, repeatedSlugsError } from "./csv-values";
import { IMPORT_MESSAGES } from "./import-messages";
import { readPicksCell, type PickEntryInput } from "../collection/pick-roles";

/**
 * The collections CSV rules: product_ids become ordered memberships, and an image is a safe
 * http(s) URL, a site path or a file name. Shared by the browser preview and the server's save.
 *
 * Columns: slug (required), name or title (required), description, image_url or image,
 * featured ('true' or '1'), product_ids (comma-separated product ids or slugs, in list order),
 * picks (the owner's picks and "Also tested", one a line: "Best overall | product-slug | why";
 * docs/decisions/0108).
 */

/** Optional columns; one the file lacks leaves that field of an existing collection as it is. */
export type CollectionCsvColumn = "description" | "image_url" | "featured" | "product_ids" | "picks";

export interface CollectionImport {
  /** The data row it came from: 1 is the first row under the header. */
  rowNumber: number;
  slug: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  featured: boolean;
  /** Product ids or slugs as written, in order, duplicates removed. */
  productRefs: string[];
  /** The picks cell's entries as written, in order; absent when the file has no picks column. */
  picks?: PickEntryInput[];
}

export interface CollectionCsvResult {
  ok: true;
  collections: CollectionImport[];
  /**
   * The advisory check, word for word: 'Row {n}: Missing title, slug', where n counts the
   * offending rows only (not the file's line numbers). Shown under
   * IMPORT_MESSAGES.collectionsWarningHeader.
   */
  missingFieldWarnings: string[];
  /** Everything else worth knowing (dropped links, unknown columns), by file row. */
  otherWarnings: string[];
  columns: CollectionCsvColumn[];
}

export interface CollectionCsvFailure {
  ok: false;
  error: string;
}

export type CollectionCsvOutcome = CollectionCsvResult | CollectionCsvFailure;

const KNOWN_HEADERS = new Set(["slug", "title", "name", "description", "image_url", "image", "featured", "product_ids", "picks"]);

/** 'a, b,,c' → ['a', 'b', 'c'] (product_ids are split on commas; empty entries are dropped). */
export function splitProductRefs(raw: string | undefined): string[] {
  const refs = (raw ?? "")
    .split(",")
    // Slugs are kept in lower case (readSlug); ids are digits, which lower case leaves alone.
    .map((ref) => ref.trim().toLowerCase())
    .filter((ref) => ref !== "");
  return [...new Set(refs)];
}

export function parseCollectionCsv(text: string): CollectionCsvOutcome {
  const file = readCsvFile(text);
  return file.ok ? readCollectionRecords(file.records) : file;
}

export function readCollectionRecords(records: readonly string[][]): CollectionCsvOutcome {
  const headerAt = records.findIndex((record) => !isBlankRecord(record));
  if (headerAt < 0) return { ok: false, error: IMPORT_MESSAGES.emptyFile };
  // Headers are matched case-insensitively: they are lowercased first.
  const headers = records[headerAt]!.map((cell) => cell.trim().toLowerCase());
  const at = (name: string) => headers.indexOf(name);
  const column = { slug: at("slug"), title: at("title"), name: at("name"), description: at("description") };
  const imageColumn = at("image_url") >= 0 ? at("image_url") : at("image");
  const featuredColumn = at("featured");
  const productIdsColumn = at("product_ids");
  const picksColumn = at("picks");
  const picksErrors: string[] = [];

  const otherWarnings: string[] = [];
  headers.forEach((name, position) => {
    if (name !== "" && !KNOWN_HEADERS.has(name)) {
      otherWarnings.push(`Column ${quoteForWarning(records[headerAt]![position] ?? name)} is not a collection field and was ignored`);
    }
  });

  const offending: string[][] = [];
  const collections: CollectionImport[] = [];
  /** Each slug's rows: a slug used twice makes the whole file an error, naming the rows. */
  const rowsBySlug = new Map<string, number[]>();
  const cell = (record: readonly string[], index: number) => (index >= 0 ? (record[index] ?? "") : "");

  records.slice(headerAt + 1).forEach((record, index) => {
    if (isBlankRecord(record)) return;
    const rowNumber = index + 1;
    const slug = readSlug(cell(record, column.slug));
    const title = readText(cell(record, column.title)) ?? readText(cell(record, column.name));
    const missing = [!title && "title", !slug && "slug"].filter((field): field is string => Boolean(field));
    if (missing.length > 0) {
      offending.push(missing);
      return;
    }

    const rawImage = cell(record, imageColumn);
    const image = readImageRef(rawImage);
    if (image.note) {
      otherWarnings.push(
        `Row ${rowNumber}: ${imageColumn === at("image") ? "image" : "image_url"} ${quoteForWarning(rawImage)} ${image.note}`,
      );
    }
    const picks = picksColumn >= 0 ? readPicksCell(cell(record, picksColumn)) : null;
    if (picks && !picks.ok) picksErrors.push(`Row ${rowNumber} (${slug}): picks ${picks.message}`);
    const collection: CollectionImport = {
      rowNumber,
      slug: slug!,
      title: title!,
      description: readText(cell(record, column.description)),
      imageUrl: image.value,
      featured: readFlag(cell(record, featuredColumn)),
      productRefs: splitProductRefs(cell(record, productIdsColumn)),
      ...(picks?.ok ? { picks: picks.entries } : {}),
    };
    const rows = rowsBySlug.get(collection.slug);
    if (rows) rows.push(rowNumber);
    else {
      rowsBySlug.set(collection.slug, [rowNumber]);
      collections.push(collection);
    }
  });
  // A picks cell that cannot be read refuses the file: its roles would be lost or wrong.
  if (picksErrors.length > 0) return { ok: false, error: picksErrors.join(" ") };
  const repeats = [...rowsBySlug].filter(([, rows]) => rows.length > 1).map(([slug, rows]) => ({ slug, rows }));
  if (repeats.length > 0) return { ok: false, error: repeatedSlugsError(repeats) };

  const missingFieldWarnings = offending.map((missing, index) => `Row ${index + 1}: Missing ${missing.join(", ")}`);
  if (collections.length === 0) return { ok: false, error: IMPORT_MESSAGES.noValidCollections };

  const columns: CollectionCsvColumn[] = [];
  if (column.description >= 0) columns.push("description");
  if (imageColumn >= 0) columns.push("image_url");
  if (featuredColumn >= 0) columns.push("featured");
  if (productIdsColumn >= 0) columns.push("product_ids");
  if (picksColumn >= 0) columns.push("picks");
  return { ok: true, collections, missingFieldWarnings, otherWarnings, columns };
}
