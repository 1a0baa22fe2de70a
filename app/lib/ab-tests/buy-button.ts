/**
 * What an A/B test may change on a page, and nothing else: the buy button's words, its look, and
 * the order of the where-to-buy list. Each is a fixed list of options written here, never text
 * the owner types, so no test can put a price, a stock state or a claim on a page that the
 * page's data does not say. Every option is honest on every page: "Check price at {shop}" names
 * the shop the link goes to; "The Buy button's shop first" says so above the list.
 */

export const BUY_BUTTON_ELEMENTS = ["label", "style", "order"] as const;
export type BuyButtonElement = (typeof BUY_BUTTON_ELEMENTS)[number];

export const BUY_BUTTON_OPTIONS = {
  label: ["buy-now", "check-price", "todays-price"],
  style: ["filled", "outline", "large"],
  order: ["cheapest", "featured-first"],
} as const satisfies Record<BuyButtonElement, readonly string[]>;

export type BuyButtonSettings = { [Element in BuyButtonElement]: (typeof BUY_BUTTON_OPTIONS)[Element][number] };

/** What the site shows until the owner applies a test's winner. */
export const DEFAULT_BUY_BUTTON: BuyButtonSettings = { label: "buy-now", style: "filled", order: "cheapest" };

export const ELEMENT_NAMES: Record<BuyButtonElement, string> = {
  label: "Buy button label",
  style: "Buy button style",
  order: "Where to buy: order of the shops",
};

/** How an option is named to the owner. */
export const OPTION_NAMES: Record<string, string> = {
  "buy-now": "Buy now",
  "check-price": "Check price at {shop}",
  "todays-price": "See today's price",
  filled: "Filled",
  outline: "Outline",
  large: "Large",
  cheapest: "Cheapest first",
  "featured-first": "The Buy button's shop first, then cheapest",
};

/** The kinds of page a test can run on: the product page is where every buy button sits. */
export const TEST_PAGE_KINDS = ["product"] as const;
export type TestPageKind = (typeof TEST_PAGE_KINDS)[number];
export const PAGE_KIND_NAMES: Record<TestPageKind, string> = { product: "Product pages" };

export function isOptionOf(element: BuyButtonElement, option: string): boolean {
  return (BUY_BUTTON_OPTIONS[element] as readonly string[]).includes(option);
}

/** The settings read back from storage: anything unknown falls back to the default, never reaches a page. */
export function readBuyButtonSettings(value: unknown): BuyButtonSettings {
  const stored = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const settings = { ...DEFAULT_BUY_BUTTON };
  for (const element of BUY_BUTTON_ELEMENTS) {
    const option = stored[element];
    if (typeof option === "string" && isOptionOf(element, option)) (settings as Record<string, string>)[element] = option;
  }
  return settings;
}

/** A test running on a page kind, as pages receive it: its id, what it changes and its options, control first. */
export interface RunningTest {
  id: number;
  element: BuyButtonElement;
  variants: readonly string[];
}

/** The settings a reader in `variant` of `test` sees: the applied ones with the test's element changed. */
export function settingsForVariant(applied: BuyButtonSettings, test: RunningTest | null, variant: number | null): BuyButtonSettings {
  if (test === null || variant === null) return applied;
  const option = test.variants[variant];
  if (option === undefined || !isOptionOf(test.element, option)) return applied;
  return { ...applied, [test.element]: option };
}

/** Where a reader's browser reports the variant it showed (navigator.sendBeacon). */
export const TEST_VIEW_PATH = "/ab/view";

/** The `ab` value a tracked link carries for a reader in a test: `{test id}.{variant}`. */
export function variantTag(testId: number, variant: number): string {
  return `${testId}.${variant}`;
}

/** The test and variant an `ab` value names, or null for anything else. */
export function parseVariantTag(value: string | null | undefined): { testId: number; variant: number } | null {
  const match = /^(\d{1,9})\.(\d)$/.exec(value ?? "");
  return match ? { testId: Number(match[1]), variant: Number(match[2]) } : null;
}

/** A tracked /go link with the reader's variant added; other links are left alone. */
export function withVariantTag(href: string, tag: string | null): string {
  if (tag === null || !href.startsWith("/go/")) return href;
  return `${href}${href.includes("?") ? "&" : "?"}ab=${tag}`;
}

/** The words of a buy button for a shop that sells: the label option, with the shop named where the option asks. */
export function buyButtonText(label: BuyButtonSettings["label"], shopName: string | null, fallback = "Buy now"): string {
  if (label === "check-price") return shopName ? `Check price at ${shopName}` : "Check price";
  if (label === "todays-price") return "See today's price";
  return fallback;
}

/** Rows in the order an option asks: the featured shop's row moved to the top, the rest as they were. */
export function orderRows<Row extends { merchantSlug: string }>(
  rows: readonly Row[],
  order: BuyButtonSettings["order"],
  featuredSlug: string | null,
): readonly Row[] {
  if (order !== "featured-first" || featuredSlug === null) return rows;
  const at = rows.findIndex((row) => row.merchantSlug === featuredSlug);
  if (at <= 0) return rows;
  return [rows[at]!, ...rows.slice(0, at), ...rows.slice(at + 1)];
}
