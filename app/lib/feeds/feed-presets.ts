import type { FeedColumnMapping, FeedField } from "./feed-item";

/**
 * The product feeds that affiliate networks hand a publisher, under their own column names: the
 * mapping step fills itself in when a file's header is one of them, so the owner checks and saves
 * rather than picks thirteen columns by hand. Google's own names (and CJ's "Shopping (Google
 * format)" export, which uses them) need no mapping at all.
 *
 * Where each column list comes from:
 * - Awin: the publisher download ("Create-a-Feed") columns in Awin's column descriptions,
 *   help.awin.com/developers/docs/hosting-feeds and the default fields listed in
 *   help.awin.com/developers/docs/telco-data-feeds-mobile-phones-standard-fields. `aw_deep_link`
 *   is the tracked link (`merchant_deep_link` earns nothing); `search_price` is the price a
 *   buyer pays today; `in_stock` is 1 or 0.
 * - Impact: the catalog item object of impact.com's partner API, whose names the partner
 *   catalog download ("…_IR.txt") uses as its header,
 *   integrations.impact.com/impact-publisher/reference/the-catalog-item-object.
 *   `StockAvailability` is InStock, OutofStock, BackOrder, PreOrder or LimitedAvailability.
 */

export type FeedPresetId = "awin" | "impact";

export interface FeedPreset {
  id: FeedPresetId;
  /** Who documents the columns: "Awin". */
  network: string;
  /** How the owner knows the file: "Awin product feed". */
  label: string;
  /** Columns that only this network's files have together: all present means the file is one. */
  signature: readonly string[];
  /** For each field, the network's column names in order of preference. */
  columns: Partial<Record<FeedField, readonly string[]>>;
  /** What the owner should know about the choices, in a sentence. */
  note: string;
}

export const FEED_PRESETS: readonly FeedPreset[] = [
  {
    id: "awin",
    network: "Awin",
    label: "Awin product feed",
    signature: ["aw_deep_link", "search_price"],
    columns: {
      id: ["merchant_product_id", "aw_product_id"],
      title: ["product_name"],
      link: ["aw_deep_link"],
      price: ["search_price"],
      currency: ["currency"],
      availability: ["in_stock", "stock_status"],
      brand: ["brand_name"],
      gtin: ["ean", "product_GTIN", "upc"],
      mpn: ["mpn"],
    },
    note: "The link is aw_deep_link, Awin's tracked link; the price is search_price, what a buyer pays today. Awin's delivery_cost names no country, so shipping is left out.",
  },
  {
    id: "impact",
    network: "Impact",
    label: "Impact catalog",
    signature: ["CatalogItemId", "CurrentPrice"],
    columns: {
      id: ["CatalogItemId"],
      title: ["Name"],
      link: ["Url"],
      price: ["CurrentPrice"],
      currency: ["Currency"],
      availability: ["StockAvailability"],
      availability_date: ["LaunchDate"],
      brand: ["Manufacturer"],
      gtin: ["Gtin"],
      mpn: ["Mpn"],
    },
    note: "The price is CurrentPrice, what a buyer pays today; LaunchDate is read as the day a pre-order ships.",
  },
];

/** "CatalogItemId", "Catalog Item Id", "catalog_item_id" → "catalogitemid": exports differ in case and separators only. */
function columnKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** The network whose columns the header has, or null. */
export function recognisePreset(header: readonly string[]): FeedPreset | null {
  const keys = new Set(header.map(columnKey));
  return FEED_PRESETS.find((preset) => preset.signature.every((name) => keys.has(columnKey(name)))) ?? null;
}

export function presetById(id: string | null | undefined): FeedPreset | null {
  return FEED_PRESETS.find((preset) => preset.id === id) ?? null;
}

/**
 * The preset's mapping in this file's own column names. Of a field's columns, the first that holds
 * a value in the sample rows wins (an export may carry an empty "ean" beside a filled
 * "product_GTIN"), else the first the file has; a field none of whose columns it has stays unmapped.
 */
export function presetMapping(
  preset: FeedPreset,
  header: readonly string[],
  sample: readonly (readonly string[])[] = [],
): FeedColumnMapping {
  const positions = new Map<string, number>();
  header.forEach((name, position) => {
    if (!positions.has(columnKey(name))) positions.set(columnKey(name), position);
  });
  const filled = (position: number) => sample.some((row) => (row[position] ?? "").trim() !== "");
  const mapping: FeedColumnMapping = {};
  for (const [field, names] of Object.entries(preset.columns) as [FeedField, readonly string[]][]) {
    const present = names.map((name) => positions.get(columnKey(name))).filter((position) => position !== undefined);
    const chosen = present.find(filled) ?? present[0];
    if (chosen !== undefined) mapping[field] = header[chosen]!;
  }
  return mapping;
}
