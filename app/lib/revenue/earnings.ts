import { describeDevice, DEVICE_CLASSES, UNKNOWN_DEVICE } from "../clicks/device-class";
import { describePlacement, OTHER_PLACEMENT, PLACEMENTS, placementViewKind } from "../clicks/placement";
import { describeLinkSource } from "../clicks/tracked-link";
import { pageOfSource } from "../views/page-view";
import type { CommissionStatus } from "./commission-report";

/**
 * The numbers a publisher steers by, per page, product, merchant, source (the kind of page),
 * reader country, placement of the link on its page and device class (docs/decisions/0113): views, clicks, click-through rate, orders, conversion rate, commission (pending
 * and approved apart) and earnings per click and per 1,000 views. Amounts stay in their own
 * currency and are summed per currency: no exchange rate is invented.
 */

export const DIMENSIONS = [
  { key: "page", label: "Pages" },
  { key: "product", label: "Products" },
  { key: "merchant", label: "Merchants" },
  { key: "source", label: "Sources" },
  { key: "country", label: "Countries" },
  { key: "placement", label: "Placements" },
  { key: "device", label: "Devices" },
] as const;
export type Dimension = (typeof DIMENSIONS)[number]["key"];

export const SORTS = ["commission", "epc", "views", "clicks", "ctr", "orders", "conversion"] as const;
export type EarningsSort = (typeof SORTS)[number];

/** Under this many views (or, where views are not known, clicks) a row's rates mean little. */
export const FEW_VIEWS = 100;
export const FEW_CLICKS = 20;

/** Hundredths of each currency, by ISO code. */
export type Money = Record<string, number>;

export interface EarningsRow {
  key: string;
  label: string;
  /** The public page it names, when it names one. */
  href: string | null;
  /** Null where views have no meaning (a merchant, a country, an email). */
  views: number | null;
  clicks: number;
  /** clicks / views; null without views. */
  ctr: number | null;
  /** Orders not reversed. */
  orders: number;
  /** orders / clicks; null without clicks. */
  conversion: number | null;
  pending: Money;
  approved: Money;
  /** (pending + approved) per click, in hundredths (fractional). */
  epc: Money;
  /** (pending + approved) per 1,000 views, in hundredths; null without views. */
  perThousandViews: Money | null;
  /** Too few views (or clicks) for its rates to mean anything. */
  few: boolean;
}

/** What the server counted for a period: clicks by their facts, views by page, orders with their click's facts. */
export interface EarningsFacts {
  viewsByPath: ReadonlyMap<string, number>;
  /** Views by "kind device" (`product phone`), kinds as app/lib/views/page-view.ts's VIEW_KINDS. */
  viewsByKindDevice: ReadonlyMap<string, number>;
  clicks: ReadonlyArray<ClickFacts & { count: number }>;
  orders: ReadonlyArray<OrderFacts>;
  products: ReadonlyMap<number, { name: string; slug: string }>;
  merchants: ReadonlyMap<number, string>;
}

export interface ClickFacts {
  productId: number;
  merchantId: number | null;
  source: string;
  country: string | null;
  /** One of PLACEMENTS (app/lib/clicks/placement.ts). */
  placement: string;
  /** A device class, or "unknown" for clicks counted before classes were kept. */
  device: string;
}

export interface OrderFacts {
  /** Null when no click of the site carried its sub-ID. */
  click: ClickFacts | null;
  /**
   * Without a click: the merchant and kind of page whose tracking ID the report names (Amazon's
   * earnings report ties an item to a tracking ID, not a click; lib/offers/tracking-ids.ts).
   */
  tracked?: { merchantId: number; kind: string } | null;
  status: CommissionStatus;
  commissionHundredths: number;
  currency: string;
}

/** The kinds of page a source or a path belongs to, with their words. */
const KINDS: Record<string, string> = {
  home: "Home page",
  reviews: "Reviews index and search",
  collection: "Collection pages",
  product: "Product pages",
  compare: "Compare page",
  learn: "Knowledge Center",
  "price-alert": "Price-drop alert email",
  unknown: "Unknown page",
};

export function kindOfPath(path: string): string {
  if (path === "/") return "home";
  if (path === "/reviews") return "reviews";
  if (path.startsWith("/reviews/product/")) return "product";
  if (path.startsWith("/reviews/")) return "collection";
  if (path === "/compare") return "compare";
  return path.startsWith("/learn") ? "learn" : "unknown";
}

function kindOfSource(source: string): string {
  const kind = source.split(":")[0]!;
  if (kind === "search") return "reviews";
  return kind in KINDS ? kind : "unknown";
}

/** A page as the tables name it: its path, the home page said in words. */
const pageLabel = (path: string) => (path === "/" ? "Home page (/)" : path);

interface Keyed {
  key: string;
  label: string;
  href: string | null;
  /** Whether views mean something for it. */
  viewed: boolean;
}

/** Where a click belongs in each table. */
function keyOf(dimension: Dimension, click: ClickFacts, facts: EarningsFacts): Keyed {
  switch (dimension) {
    case "page": {
      const path = pageOfSource(click.source);
      return path
        ? { key: path, label: pageLabel(path), href: path, viewed: true }
        : { key: click.source, label: describeLinkSource(click.source), href: null, viewed: false };
    }
    case "product": {
      const product = facts.products.get(click.productId);
      return product
        ? { key: String(click.productId), label: product.name, href: `/reviews/product/${product.slug}`, viewed: true }
        : { key: String(click.productId), label: `Removed product #${click.productId}`, href: null, viewed: false };
    }
    case "merchant":
      return click.merchantId === null
        ? { key: "none", label: "No merchant (maker's website or survey)", href: null, viewed: false }
        : {
            key: String(click.merchantId),
            label: facts.merchants.get(click.merchantId) ?? `Removed merchant #${click.merchantId}`,
            href: null,
            viewed: false,
          };
    case "source": {
      const kind = kindOfSource(click.source);
      return { key: kind, label: KINDS[kind]!, href: null, viewed: kind !== "price-alert" && kind !== "unknown" };
    }
    case "country":
      return { key: click.country ?? "unknown", label: click.country ?? "Unknown country", href: null, viewed: false };
    case "placement": {
      const placement = PLACEMENTS.includes(click.placement) ? click.placement : OTHER_PLACEMENT;
      return { key: placement, label: describePlacement(placement), href: null, viewed: placementViewKind(placement) !== null };
    }
    case "device": {
      const device = (DEVICE_CLASSES as readonly string[]).includes(click.device) ? click.device : UNKNOWN_DEVICE;
      return { key: device, label: describeDevice(device), href: null, viewed: device !== UNKNOWN_DEVICE };
    }
  }
}

/**
 * Where an order tied by a tracking ID belongs: its kind of page and its merchant are known; a
 * page, product, country, placement or device is not, so those tables give it a row of its kind.
 */
function trackedKeyOf(dimension: Dimension, tracked: { merchantId: number; kind: string }, facts: EarningsFacts): Keyed {
  const kind = tracked.kind in KINDS ? tracked.kind : "unknown";
  if (dimension === "source") return { key: kind, label: KINDS[kind]!, href: null, viewed: kind !== "price-alert" && kind !== "unknown" };
  if (dimension === "merchant")
    return {
      key: String(tracked.merchantId),
      label: facts.merchants.get(tracked.merchantId) ?? `Removed merchant #${tracked.merchantId}`,
      href: null,
      viewed: false,
    };
  return { key: `tracking:${kind}`, label: `${KINDS[kind]}, by tracking ID (no single page)`, href: null, viewed: false };
}

/** Views per page kind, over every device class, and per device class, over every kind. */
function kindAndDeviceViews(facts: EarningsFacts): { byKind: Map<string, number>; byDevice: Map<string, number> } {
  const byKind = new Map<string, number>();
  const byDevice = new Map<string, number>();
  for (const [key, count] of facts.viewsByKindDevice) {
    const [kind, device] = key.split(" ") as [string, string];
    byKind.set(kind, (byKind.get(kind) ?? 0) + count);
    byDevice.set(device, (byDevice.get(device) ?? 0) + count);
  }
  return { byKind, byDevice };
}

/** Views per key of a table: pages by path, products by their page, sources by kind; none for the others. */
function viewsOf(dimension: Dimension, facts: EarningsFacts): Map<string, { views: number; keyed: Keyed }> {
  const views = new Map<string, { views: number; keyed: Keyed }>();
  const add = (keyed: Keyed, count: number) => {
    const entry = views.get(keyed.key);
    if (entry) entry.views += count;
    else views.set(keyed.key, { views: count, keyed });
  };
  if (dimension === "page")
    for (const [path, count] of facts.viewsByPath) add({ key: path, label: pageLabel(path), href: path, viewed: true }, count);
  if (dimension === "source")
    for (const [path, count] of facts.viewsByPath) {
      const kind = kindOfPath(path);
      add({ key: kind, label: KINDS[kind]!, href: null, viewed: true }, count);
    }
  // A placement's views are its page kind's, all of them: every view of a product page could
  // have clicked its buy box, whether or not the reader scrolled to it.
  if (dimension === "placement") {
    const { byKind } = kindAndDeviceViews(facts);
    for (const placement of PLACEMENTS) {
      const kind = placementViewKind(placement);
      const count = kind === null ? 0 : (byKind.get(kind) ?? 0);
      if (count > 0) add({ key: placement, label: describePlacement(placement), href: null, viewed: true }, count);
    }
  }
  if (dimension === "device") {
    for (const [device, count] of kindAndDeviceViews(facts).byDevice)
      if ((DEVICE_CLASSES as readonly string[]).includes(device))
        add({ key: device, label: describeDevice(device), href: null, viewed: true }, count);
  }
  if (dimension === "product") {
    for (const [id, product] of facts.products) {
      const count = facts.viewsByPath.get(`/reviews/product/${product.slug}`);
      if (count) add({ key: String(id), label: product.name, href: `/reviews/product/${product.slug}`, viewed: true }, count);
    }
  }
  return views;
}

const addMoney = (money: Money, currency: string, hundredths: number) => {
  money[currency] = (money[currency] ?? 0) + hundredths;
};

/** One table's rows, every key with a view, a click or an order in the period. */
export function earningsRows(dimension: Dimension, facts: EarningsFacts): EarningsRow[] {
  type Entry = Keyed & { views: number; clicks: number; orders: number; pending: Money; approved: Money };
  const entries = new Map<string, Entry>();
  const entry = (keyed: Keyed) => {
    let found = entries.get(keyed.key);
    if (!found) entries.set(keyed.key, (found = { ...keyed, views: 0, clicks: 0, orders: 0, pending: {}, approved: {} }));
    return found;
  };
  for (const { views, keyed } of viewsOf(dimension, facts).values()) entry(keyed).views += views;
  for (const click of facts.clicks) entry(keyOf(dimension, click, facts)).clicks += click.count;
  for (const order of facts.orders) {
    if (!countsAsEarned(order.status)) continue;
    const keyed = order.click ? keyOf(dimension, order.click, facts) : order.tracked ? trackedKeyOf(dimension, order.tracked, facts) : null;
    if (keyed === null) continue;
    const found = entry(keyed);
    found.orders++;
    addMoney(order.status === "approved" ? found.approved : found.pending, order.currency, order.commissionHundredths);
  }
  return [...entries.values()].map((found) => rowOf(found, found.viewed ? found.views : null));
}

/** The whole period in one row: every view, click and matched order. */
/**
 * The period's whole: every order the networks reported for it and did not reverse, whether or
 * not a click of this site carried its sub-ID. The dashboard's card and the revenue page's
 * figures both follow this one rule, so the owner never sees two totals; the orders no click is
 * known for are also counted apart (notTiedTotal), and only the rows per page, product, shop…
 * are limited to the orders a click ties to them.
 */
export function earningsTotal(facts: EarningsFacts): EarningsRow {
  const totals = { key: "total", label: "All", href: null, clicks: 0, orders: 0, pending: {} as Money, approved: {} as Money };
  for (const click of facts.clicks) totals.clicks += click.count;
  for (const order of facts.orders) {
    if (!countsAsEarned(order.status)) continue;
    totals.orders++;
    addMoney(order.status === "approved" ? totals.approved : totals.pending, order.currency, order.commissionHundredths);
  }
  return rowOf(
    totals,
    [...facts.viewsByPath.values()].reduce((sum, count) => sum + count, 0),
  );
}

/** A reversed order (declined, returned) earns nothing; pending and approved ones count. */
export function countsAsEarned(status: CommissionStatus): boolean {
  return status !== "reversed";
}

/** Of the total, the orders neither a click of this site nor a tracking ID ties to a page (another site's sub-ID, or none), and what they earned. */
export function notTiedTotal(orders: readonly OrderTotals[]): { orders: number; earned: Money } {
  const earned: Money = {};
  let count = 0;
  for (const order of orders) {
    if (order.click !== null || order.tracked || !countsAsEarned(order.status)) continue;
    count++;
    addMoney(earned, order.currency, order.commissionHundredths);
  }
  return { orders: count, earned };
}

/** What the totals read of an order: whether a click ties it to a page, its status and commission. */
export type OrderTotals = {
  click: object | null;
  tracked?: object | null;
  status: CommissionStatus;
  commissionHundredths: number;
  currency: string;
};

/** The period's orders and commission by the one rule (countsAsEarned), for the dashboard's card. */
export function earnedTotal(orders: readonly OrderTotals[]): { orders: number; earned: Money; notTied: { orders: number; earned: Money } } {
  const earned: Money = {};
  let count = 0;
  for (const order of orders) {
    if (!countsAsEarned(order.status)) continue;
    count++;
    addMoney(earned, order.currency, order.commissionHundredths);
  }
  return { orders: count, earned, notTied: notTiedTotal(orders) };
}

function rowOf(
  entry: { key: string; label: string; href: string | null; clicks: number; orders: number; pending: Money; approved: Money },
  views: number | null,
): EarningsRow {
  const earned: Money = { ...entry.pending };
  for (const [currency, amount] of Object.entries(entry.approved)) addMoney(earned, currency, amount);
  const per = (divisor: number, times = 1) =>
    Object.fromEntries(Object.entries(earned).map(([currency, amount]) => [currency, (amount * times) / divisor]));
  return {
    key: entry.key,
    label: entry.label,
    href: entry.href,
    views,
    clicks: entry.clicks,
    ctr: views ? entry.clicks / views : null,
    orders: entry.orders,
    conversion: entry.clicks > 0 ? entry.orders / entry.clicks : null,
    pending: entry.pending,
    approved: entry.approved,
    epc: entry.clicks > 0 ? per(entry.clicks) : {},
    perThousandViews: views ? per(views, 1000) : null,
    few: views !== null ? views < FEW_VIEWS : entry.clicks < FEW_CLICKS,
  };
}

/** Rows in the chosen order, largest first; commission and EPC compare in `currency`. Ties keep label order. */
export function sortEarnings(rows: readonly EarningsRow[], sort: EarningsSort, currency: string | null): EarningsRow[] {
  const value = (row: EarningsRow): number => {
    switch (sort) {
      case "commission":
        return currency ? (row.pending[currency] ?? 0) + (row.approved[currency] ?? 0) : 0;
      case "epc":
        return currency ? (row.epc[currency] ?? 0) : 0;
      default:
        return row[sort] ?? -1;
    }
  };
  return [...rows].sort((a, b) => value(b) - value(a) || b.clicks - a.clicks || a.label.localeCompare(b.label));
}

export function earningsSortFrom(value: string | null): EarningsSort {
  return (SORTS as readonly string[]).includes(value ?? "") ? (value as EarningsSort) : "commission";
}

export function dimensionFrom(value: string | null): Dimension {
  return DIMENSIONS.some((dimension) => dimension.key === value) ? (value as Dimension) : "page";
}

/** The currencies of a set of rows, the one with most earned first. */
export function currenciesOf(row: EarningsRow): string[] {
  const earned = new Map<string, number>();
  for (const money of [row.pending, row.approved])
    for (const [currency, amount] of Object.entries(money)) earned.set(currency, (earned.get(currency) ?? 0) + amount);
  return [...earned].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([currency]) => currency);
}

/** An amount in hundredths as the admin reads it: "EUR 64.95". */
export function formatMoney(currency: string, hundredths: number): string {
  return `${currency} ${(hundredths / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Each currency's amount, joined: "EUR 64.95 · USD 3.60"; "—" when there is none. */
export function formatMonies(money: Money | null): string {
  if (money === null) return "—";
  const entries = Object.entries(money).sort((a, b) => a[0].localeCompare(b[0]));
  return entries.length === 0 ? "—" : entries.map(([currency, amount]) => formatMoney(currency, amount)).join(" · ");
}

export function formatRate(rate: number | null): string {
  return rate === null ? "—" : `${(rate * 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;
}
