import type { Product } from "../catalog/catalog";
import { isComparable, measuredText, SLUG_PATTERN, type MeasurementDefinition, type MeasurementValue } from "../measurements/measurements";
import { brandText, capacityText, categoryLabel, textOrNull, weightText } from "../catalog/product-display";
import { ratingOrNull, ratingText } from "../catalog/ratings";
import { clampScore, MAX_SCORE, REVIEW_CRITERIA } from "../catalog/review";
import type { PriceView } from "../offers/price-view";

/**
 * The columns of the table of every sauna (/reviews/table), in the order they are shown. Each one
 * says how it is labelled, how a cell reads and how the column sorts in SQL, so a new column is
 * one entry here plus, when it sorts by something other than a plain products column, one SQL
 * expression in app/server/sauna-table/table-sql.server.ts. The owner's measurements (heat-up
 * time, bench temperature…) are columns too, one per definition, made by `measurementColumn`.
 *
 * The product name is not a column: it is the table's row header, always shown.
 */

/** What a cell is made from: the product with its offers, its price as the product page shows it, and its measured values by measurement id. */
export interface TableCellSource {
  product: Product;
  price: PriceView;
  measured: ReadonlyMap<number, MeasurementValue>;
}

/**
 * How a column sorts: by a numeric or text column of products (NULL always last, whichever way),
 * by a named SQL expression the server knows (`expression`), by a measured value taken under the
 * method now (`measurement`: values under an older method are shown but never ranked), or not at
 * all (free text that has no meaningful order, such as dimensions as the maker writes them).
 */
export type ColumnSort =
  | { kind: "column"; column: SortableProductColumn }
  | { kind: "expression"; expression: SortExpression }
  | { kind: "measurement"; measurementId: number; methodVersion: number }
  | { kind: "none" };

/** The products columns a column may sort by: indexed for the table (migration 2026_11_29_0900_sauna_table_indexes). */
export type SortableProductColumn =
  | "capacity"
  | "weight_lbs"
  | "rating"
  | "brand_key"
  | "category_key"
  | "heater_key"
  | "customer_rating"
  | "score_build_quality"
  | "score_heat_efficiency"
  | "score_installation"
  | "score_warranty"
  | "score_value";

/** Orders that are not one column: today's price (a running sale decides it). */
export type SortExpression = "price";

/** The column chooser's fieldsets, in the order they are shown. */
export const COLUMN_GROUPS = ["Price", "Scores", "Test results", "Specifications"] as const;
export type ColumnGroup = (typeof COLUMN_GROUPS)[number];

export interface TableColumn {
  key: string;
  /** The header and the column checkbox's label. */
  label: string;
  /** Which fieldset of the column chooser it is listed in. */
  group: ColumnGroup;
  sort: ColumnSort;
  /** The direction a first click on the header sorts by: best or biggest first for scores and sizes. */
  firstDirection: "asc" | "desc";
  /** The cell's text; '—' when the product does not say. */
  cell: (source: TableCellSource) => string;
  /** Numbers are right-aligned, so they line up. */
  numeric: boolean;
}

export const NOT_GIVEN = "—";

function scoreCell(score: number | null | undefined): string {
  return typeof score === "number" && Number.isFinite(score) ? `${clampScore(score).toFixed(1)} / ${MAX_SCORE}` : NOT_GIVEN;
}

const SCORE_COLUMNS: TableColumn[] = REVIEW_CRITERIA.map(({ key, column, label }) => ({
  key: column.replace(/^score_/, "").replace(/_/g, "-"),
  label,
  group: "Scores",
  sort: { kind: "column", column },
  firstDirection: "desc",
  numeric: true,
  cell: ({ product }) => scoreCell(product[key]),
}));

export const TABLE_COLUMNS: readonly TableColumn[] = [
  {
    key: "price",
    label: "Price today",
    group: "Price",
    sort: { kind: "expression", expression: "price" },
    firstDirection: "asc",
    numeric: true,
    cell: ({ price }) => price.text,
  },
  {
    key: "rating",
    label: "Our rating",
    group: "Scores",
    sort: { kind: "column", column: "rating" },
    firstDirection: "desc",
    numeric: true,
    cell: ({ product }) => {
      const rating = ratingOrNull(product.rating);
      return rating === null ? ratingText(null) : `${ratingText(rating)} / 5`;
    },
  },
  ...SCORE_COLUMNS,
  {
    key: "customer-rating",
    label: "Customer rating",
    group: "Scores",
    sort: { kind: "column", column: "customer_rating" },
    firstDirection: "desc",
    numeric: true,
    cell: ({ product }) => (typeof product.customerRating === "number" ? `${product.customerRating.toFixed(1)} / 5` : NOT_GIVEN),
  },
  {
    key: "seats",
    label: "Seats",
    group: "Specifications",
    sort: { kind: "column", column: "capacity" },
    firstDirection: "desc",
    numeric: true,
    cell: ({ product }) => capacityText(product.capacity) ?? NOT_GIVEN,
  },
  {
    key: "heater",
    label: "Heater",
    group: "Specifications",
    sort: { kind: "column", column: "heater_key" },
    firstDirection: "asc",
    numeric: false,
    cell: ({ product }) => textOrNull(product.heaterType) ?? NOT_GIVEN,
  },
  {
    key: "type",
    label: "Type",
    group: "Specifications",
    sort: { kind: "column", column: "category_key" },
    firstDirection: "asc",
    numeric: false,
    cell: ({ product }) => (product.categoryId ? categoryLabel(product.categoryId) : NOT_GIVEN),
  },
  {
    key: "brand",
    label: "Brand",
    group: "Specifications",
    sort: { kind: "column", column: "brand_key" },
    firstDirection: "asc",
    numeric: false,
    cell: ({ product }) => brandText(product.brand),
  },
  {
    key: "dimensions",
    label: "Dimensions",
    group: "Specifications",
    sort: { kind: "none" },
    firstDirection: "asc",
    numeric: false,
    cell: ({ product }) => textOrNull(product.dimensions) ?? NOT_GIVEN,
  },
  {
    key: "weight",
    label: "Weight",
    group: "Specifications",
    sort: { kind: "column", column: "weight_lbs" },
    firstDirection: "asc",
    numeric: true,
    cell: ({ product }) => weightText(product.weightLbs) ?? NOT_GIVEN,
  },
];

/** What a reader sees before choosing: the price, the rating and the specifications people filter by. */
export const DEFAULT_COLUMN_KEYS: readonly string[] = ["price", "rating", "seats", "heater", "type"];

/** A measurement's column key: 'm-' and its slug ('m-heat-up-time'), never one of the fixed keys. */
export const MEASURE_KEY_PREFIX = "m-";

/** At most this many measurement columns are read from an address: the table stays readable and its cache keys few. */
export const MAX_MEASURE_COLUMNS = 12;

export function measureKey(slug: string): string {
  return `${MEASURE_KEY_PREFIX}${slug}`;
}

/** Whether a key is spelled as a measurement's column (whether that measurement exists is the page's to say). */
export function isMeasureKey(key: string): boolean {
  return key.startsWith(MEASURE_KEY_PREFIX) && key.length <= 64 && SLUG_PATTERN.test(key.slice(MEASURE_KEY_PREFIX.length));
}

/**
 * A measurement's column: its value with the unit; a value taken under an older method than the
 * definition's now is printed with "(older method)" and sorts with those never measured, so a
 * ranking never mixes methods. The first click sorts best first: lowest for "lower is better".
 */
export function measurementColumn(definition: MeasurementDefinition): TableColumn {
  return {
    key: measureKey(definition.slug),
    label: definition.unit === "" ? definition.name : `${definition.name} (${definition.unit})`,
    group: "Test results",
    sort: { kind: "measurement", measurementId: definition.id, methodVersion: definition.methodVersion },
    firstDirection: definition.better === "lower" ? "asc" : "desc",
    numeric: true,
    cell: ({ measured }) => {
      const value = measured.get(definition.id);
      if (!value) return NOT_GIVEN;
      const text = measuredText(value.value, definition.unit);
      return isComparable(value, definition) ? text : `${text} (older method)`;
    },
  };
}

/** Every column the table can show today: the fixed ones, with the owner's measurements after the scores. */
export function tableColumnsWith(definitions: readonly MeasurementDefinition[]): readonly TableColumn[] {
  if (definitions.length === 0) return TABLE_COLUMNS;
  const afterScores = TABLE_COLUMNS.findIndex((column) => column.key === "customer-rating") + 1;
  return [...TABLE_COLUMNS.slice(0, afterScores), ...definitions.map(measurementColumn), ...TABLE_COLUMNS.slice(afterScores)];
}

const BY_KEY = new Map(TABLE_COLUMNS.map((column) => [column.key, column]));

/** A fixed column by key (measurement columns are found in `tableColumnsWith`'s list). */
export function tableColumn(key: string): TableColumn | undefined {
  return BY_KEY.get(key);
}

export function isSortable(column: TableColumn): boolean {
  return column.sort.kind !== "none";
}
