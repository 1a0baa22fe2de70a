import { describeBytes, MAX_CSV_BYTES } from "../admin/upload-limits";
import {
  COLLECTION_COLUMN_GUIDE,
  COLLECTION_CSV_TEMPLATE,
  OFFER_COLUMN_GUIDE,
  OFFER_CSV_TEMPLATE,
  PRODUCT_COLUMN_GUIDE,
  PRODUCT_CSV_TEMPLATE,
  type ColumnGuide,
} from "./csv-guidelines";

/**
 * The folded guide under each CSV import, as data: its title, its help (steps or rules), the
 * template to start from and what each column takes. The help is written here beside the column
 * guide, so one import panel shows any of them. In a help line, **word** is set in bold and
 * `text` as code.
 */

export interface CsvGuideData {
  title: string;
  /** Steps to follow in order (numbered), or rules (bulleted). */
  ordered: boolean;
  help: readonly string[];
  template: string;
  templateName: string;
  columns: readonly ColumnGuide[];
}

export const PRODUCT_CSV_GUIDE: CsvGuideData = {
  title: "CSV guidelines",
  ordered: false,
  help: [
    "The first row names the columns (any letter case). **name**, **brand** and **slug** must be there.",
    'Quote values that hold commas, quotes or line breaks: `"Cedar, glass"`; a quote inside is doubled: `"The ""Lakeside"""`.',
    "Rows without a name or slug are skipped; an empty brand becomes Unknown Brand. Warnings name the row (1 = the first row under the header).",
    "Lists are written `[a, b, c]`. Links must start with http:// or https://; anything else is dropped.",
    `A column the file leaves out keeps existing products' values; an empty cell clears that field. Up to ${describeBytes(MAX_CSV_BYTES)} per file.`,
    "Before saving, the page lists which rows are new, changed (and how) or unchanged; unchanged rows are not written. Export CSV downloads every product in this format.",
  ],
  template: PRODUCT_CSV_TEMPLATE,
  templateName: "products-template.csv",
  columns: PRODUCT_COLUMN_GUIDE,
};

export const COLLECTION_CSV_GUIDE: CsvGuideData = {
  title: "Instructions and CSV guidelines",
  ordered: true,
  help: [
    "Prepare a CSV whose first row names the columns: at least **slug** and **title** (or **name**).",
    "Upload it: the rows and any warnings appear here. Rows without a slug or title are skipped.",
    "Check the changes: each row is new, changed (with what changes, the product order included) or unchanged; unchanged rows are not written.",
    "Save to Database: collections are added, or replaced when the slug exists, all together or not at all.",
    "Export CSV downloads every collection in this format, its products in list order.",
    "Open `/reviews/{slug}` to see a collection with its products in the order of product_ids (ids or slugs).",
  ],
  template: COLLECTION_CSV_TEMPLATE,
  templateName: "collections-template.csv",
  columns: COLLECTION_COLUMN_GUIDE,
};

export const OFFER_CSV_GUIDE: CsvGuideData = {
  title: "Offers CSV guidelines",
  ordered: false,
  help: [
    "One row per product and merchant. The merchant is its slug or its name; both must already exist.",
    'A value that cannot be read (a price of "free", a currency of "EURO") refuses the file, naming the row: nothing is saved until it is fixed.',
    "A column the file leaves out keeps existing offers' values; an empty cell clears that field. Prices without a currency column are USD.",
    "Before saving, the page lists which rows are new, changed (and how) or unchanged; unchanged rows are not written. Export CSV downloads every offer in this format.",
  ],
  template: OFFER_CSV_TEMPLATE,
  templateName: "offers-template.csv",
  columns: OFFER_COLUMN_GUIDE,
};

export type HelpSegment = { kind: "text" | "strong" | "code"; text: string };

/** A help line cut into plain text, **bold** and `code`. */
export function helpSegments(line: string): HelpSegment[] {
  return line
    .split(/(\*\*[^*]+\*\*|`[^`]+`)/)
    .filter((part) => part !== "")
    .map((part) =>
      part.startsWith("**") && part.endsWith("**") && part.length > 4
        ? { kind: "strong", text: part.slice(2, -2) }
        : part.startsWith("`") && part.endsWith("`") && part.length > 2
          ? { kind: "code", text: part.slice(1, -1) }
          : { kind: "text", text: part },
    );
}
