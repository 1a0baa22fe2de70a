import type { Product } from "../catalog/catalog";
import { categoryLabel, productHref } from "../catalog/product-display";
import { pageInfo, type PageInfo } from "../catalog/pagination";
import type { PriceSettings } from "../offers/display-price";
import { productPriceView } from "../offers/price-view";
import { HEATER_FAMILIES, OTHER_HEATER } from "./heater-families";
import type { MeasurementValue } from "../measurements/measurements";
import { isSortable, type TableColumn } from "./table-columns";
import { isFiltered, sortHref, TABLE_PAGE_SIZE, tableHref, type TableQuery } from "./table-query";

/**
 * What the table page prints, made from one page of products and the filter counts: every
 * string is decided here, so the component only lays it out.
 */

export interface FacetCount {
  value: string;
  count: number;
}

export interface TableFacetCounts {
  heater: FacetCount[];
  type: FacetCount[];
  seats: FacetCount[];
}

export interface HeaderView {
  key: string;
  label: string;
  numeric: boolean;
  /** Null: the column does not sort. */
  sortHref: string | null;
  /** aria-sort on the sorted column's header; null elsewhere. */
  ariaSort: "ascending" | "descending" | null;
  /** What the header's link does, after the label, for screen readers: 'sort highest first'. */
  sortLabel: string | null;
}

export interface RowView {
  slug: string;
  name: string;
  href: string;
  brand: string;
  cells: { key: string; text: string; asOf: string | null }[];
}

export interface ChoiceView {
  value: string;
  label: string;
  count: number;
  chosen: boolean;
}

export interface ColumnChoiceView {
  key: string;
  label: string;
  group: TableColumn["group"];
  chosen: boolean;
}

export interface TableView {
  query: TableQuery;
  headers: HeaderView[];
  rows: RowView[];
  pagination: PageInfo;
  heaterChoices: ChoiceView[];
  typeChoices: ChoiceView[];
  /** 'At least N seats' with how many rows that leaves. */
  seatChoices: ChoiceView[];
  columnChoices: ColumnChoiceView[];
  filtered: boolean;
  /** The table without filters, for 'Clear filters'. */
  clearHref: string;
  /** 'Sorted by Price today, lowest first'. */
  sortedBy: string;
  /** The collection the table is narrowed to, with its page and the whole table's address; null: every sauna. */
  list: { title: string; href: string; everySaunaHref: string } | null;
}

function directionWords(column: TableColumn, direction: "asc" | "desc"): string {
  if (column.numeric) return direction === "asc" ? "lowest first" : "highest first";
  return direction === "asc" ? "A to Z" : "Z to A";
}

function headerView(column: TableColumn, query: TableQuery): HeaderView {
  const sorted = query.sort.column === column.key;
  if (!isSortable(column))
    return { key: column.key, label: column.label, numeric: column.numeric, sortHref: null, ariaSort: null, sortLabel: null };
  const next = sorted ? (query.sort.direction === "asc" ? "desc" : "asc") : column.firstDirection;
  return {
    key: column.key,
    label: column.label,
    numeric: column.numeric,
    sortHref: sortHref(query, column.key, column.firstDirection),
    ariaSort: sorted ? (query.sort.direction === "asc" ? "ascending" : "descending") : null,
    sortLabel: `sort ${directionWords(column, next)}`,
  };
}

const NOTHING_MEASURED: ReadonlyMap<number, MeasurementValue> = new Map();

/**
 * `allColumns` is every column the site can show today (app/lib/sauna-table/table-columns.ts's
 * `tableColumnsWith`, the owner's measurements included), in the order they are shown; `measured`
 * holds the page's products' values by product id, then measurement id.
 */
export function tableView(
  query: TableQuery,
  page: { products: readonly Product[]; total: number; measured: ReadonlyMap<number, ReadonlyMap<number, MeasurementValue>> },
  facets: TableFacetCounts,
  prices: PriceSettings,
  allColumns: readonly TableColumn[],
  list: { title: string; href: string } | null = null,
): TableView {
  const chosen = new Set(query.columns);
  const columns = allColumns.filter((column) => chosen.has(column.key));
  const rows = page.products.map((product) => {
    const price = productPriceView(product, prices);
    const measured = page.measured.get(product.id) ?? NOTHING_MEASURED;
    return {
      slug: product.slug,
      name: product.name,
      href: productHref(product),
      brand: product.brand,
      cells: columns.map((column) => ({
        key: column.key,
        text: column.cell({ product, price, measured }),
        asOf: column.key === "price" ? price.asOfText : null,
      })),
    };
  });
  const heaterCount = new Map(facets.heater.map((facet) => [facet.value, facet.count]));
  const heaterChoices = [...HEATER_FAMILIES, OTHER_HEATER]
    .map((family) => ({
      value: family.key,
      label: family.label,
      count: heaterCount.get(family.key) ?? 0,
      chosen: query.heater === family.key,
    }))
    .filter((choice) => choice.count > 0 || choice.chosen);
  const typeChoices = facets.type.map((facet) => ({
    value: facet.value,
    label: categoryLabel(facet.value),
    count: facet.count,
    chosen: query.type === facet.value,
  }));
  if (query.type !== null && !typeChoices.some((choice) => choice.chosen))
    typeChoices.push({ value: query.type, label: categoryLabel(query.type), count: 0, chosen: true });
  // "At least N seats": each choice counts every size from N up.
  const seatChoices: ChoiceView[] = [];
  let atLeast = 0;
  for (const facet of [...facets.seats].reverse()) {
    atLeast += facet.count;
    seatChoices.unshift({ value: facet.value, label: `${facet.value}+`, count: atLeast, chosen: query.minSeats === Number(facet.value) });
  }
  if (query.minSeats !== null && !seatChoices.some((choice) => choice.chosen))
    seatChoices.push({ value: String(query.minSeats), label: `${query.minSeats}+`, count: 0, chosen: true });
  // The query's sort was checked against these columns (withKnownMeasurements), so it is one of them.
  const sorted = allColumns.find((column) => column.key === query.sort.column)!;
  return {
    query,
    headers: columns.map((column) => headerView(column, query)),
    rows,
    pagination: pageInfo(query.page, page.total, TABLE_PAGE_SIZE),
    heaterChoices,
    typeChoices,
    seatChoices,
    columnChoices: allColumns.map((column) => ({
      key: column.key,
      label: column.label,
      group: column.group,
      chosen: query.columns.includes(column.key),
    })),
    filtered: isFiltered(query),
    clearHref: tableHref({ ...query, minSeats: null, heater: null, type: null, minPrice: null, maxPrice: null, inStock: false, page: 1 }),
    sortedBy: `Sorted by ${sorted.label}, ${directionWords(sorted, query.sort.direction)}`,
    list: list && { ...list, everySaunaHref: tableHref({ ...query, list: null, page: 1 }) },
  };
}
