import type { MailListLinks } from "../mail-lists/unsubscribe-link.server";
import { sql } from "kysely";
import { isPlausibleEmail, normalizeEmail, type SubscriberStatus } from "~/lib/newsletter/newsletter";
import { formatMoney } from "~/lib/text/money";
import { displayPrice, type DisplayPrice } from "~/lib/offers/display-price";
import { majorToMinor } from "~/lib/offers/currencies";
import type { SitePrices } from "~/lib/offers/price-view";
import type { DB } from "../db/connection.server";
import {
  confirmEntry,
  countEntriesByStatus,
  entryOfUnsubscribeLink,
  PRICE_ALERT_LIST,
  sendConfirmation,
  takeOffList,
  unsubscribeUrlOf,
  type ConfirmationOutcome,
  type OptInContext,
} from "../mail-lists/opt-in.server";
import { offersOfProducts } from "../offers/offer-reads.server";
import { priceSettingsAt } from "../offers/maintained-price.server";
import { priceAlertConfirmationMail } from "./price-alert-mail";

/**
 * Price-drop alerts (docs/decisions/0062-price-drop-alerts.md), sign-up to unsubscribe: double
 * opt-in by the flow every list shares (mail-lists/opt-in.server.ts), one row per address and
 * product. Sending the alerts themselves is the job's (price-alert-job.server.ts).
 */

export interface PriceAlertContext extends OptInContext {
  /** SITE_COUNTRY, SITE_CURRENCY, PRICE_MAX_AGE: the displayed price is computed with them. */
  prices: SitePrices;
}

export type PriceAlertOutcome =
  | { kind: ConfirmationOutcome }
  | { kind: "invalid-email" | "no-product" | "no-price" }
  /** The target is not below the displayed price, written out for the answer. */
  | { kind: "target-too-high"; priceText: string };

export function alertUnsubscribeUrl(baseUrl: string, authSecret: string, id: number, email: string): string {
  return unsubscribeUrlOf(PRICE_ALERT_LIST, baseUrl, authSecret, id, email);
}

/** The displayed price of each product, by the one price rule, from its offers as they are now. */
export async function displayedPrices(
  db: DB,
  productIds: readonly number[],
  prices: SitePrices,
  now: Date,
): Promise<Map<number, DisplayPrice>> {
  const settings = priceSettingsAt(prices, now.getTime());
  const offers = await offersOfProducts(db, productIds);
  return new Map([...offers].map(([id, list]) => [id, displayPrice(list, settings)]));
}

type PriceCheck =
  | { kind: "no-product" | "no-price" }
  | { kind: "target-too-high"; priceText: string }
  | {
      kind: "ok";
      product: { id: number; name: string };
      shown: { amountMinor: number; currency: string };
      priceText: string;
      targetMinor: number | null;
    };

/**
 * Whether the sauna has a price to watch and the target is below it. The form's action asks
 * this before counting the post against the sign-up limits: a reader correcting a target should
 * not use up their tries.
 */
export async function priceToWatch(
  db: DB,
  prices: SitePrices,
  input: { productId: number; targetMajor: number | null },
  now = new Date(),
): Promise<PriceCheck> {
  const product = await db.selectFrom("products").select(["id", "name"]).where("id", "=", input.productId).executeTakeFirst();
  if (!product) return { kind: "no-product" };
  const shown = (await displayedPrices(db, [product.id], prices, now)).get(product.id);
  if (shown?.kind !== "price") return { kind: "no-price" };
  const priceText = formatMoney(shown.amountMinor, shown.currency);
  const targetMinor = input.targetMajor === null ? null : majorToMinor(input.targetMajor, shown.currency);
  if (targetMinor !== null && targetMinor >= shown.amountMinor) return { kind: "target-too-high", priceText };
  return { kind: "ok", product, shown, priceText, targetMinor };
}

/**
 * Stores the alert (pending) and queues a confirmation link for it, unless it is confirmed
 * already or a link went out a moment ago. Asking again changes the one row's target and price
 * at sign-up. The new link and its mail are one transaction, as for the newsletter.
 */
export async function subscribeToPriceAlert(
  ctx: PriceAlertContext,
  input: { email: string; productId: number; targetMajor: number | null },
): Promise<PriceAlertOutcome> {
  const email = normalizeEmail(input.email);
  if (!isPlausibleEmail(email)) return { kind: "invalid-email" };
  const now = (ctx.now ?? (() => new Date()))();
  const nowIso = now.toISOString();
  const check = await priceToWatch(ctx.db, ctx.prices, input, now);
  if (check.kind !== "ok") return check;
  const { product, shown, priceText, targetMinor } = check;
  const watch = {
    target_price_minor: targetMinor,
    currency: shown.currency,
    price_at_subscribe_minor: shown.amountMinor,
    updated_at: nowIso,
  };

  // Two sign-ups racing for a new pair insert one row: the second does nothing here.
  await ctx.db
    .insertInto("price_alerts")
    .values({ email, product_id: product.id, status: "pending", ...watch, created_at: nowIso })
    .onConflict((oc) => oc.columns(["email", "product_id"]).doNothing())
    .execute();
  const { id } = await ctx.db
    .selectFrom("price_alerts")
    .select("id")
    .where("email", "=", email)
    .where("product_id", "=", product.id)
    .executeTakeFirstOrThrow();
  const watched = { name: product.name, priceText, targetText: targetMinor === null ? null : formatMoney(targetMinor, shown.currency) };
  // Asking again changes the one alert's target and price at sign-up, whatever else happens.
  const kind = await sendConfirmation(
    ctx,
    PRICE_ALERT_LIST,
    id,
    (links, days) => priceAlertConfirmationMail(email, watched, links, days),
    async (trx) => {
      await trx.updateTable("price_alerts").set(watch).where("id", "=", id).execute();
    },
  );
  return { kind };
}

/** The product an alert watches, for the pages its links land on. */
export interface AlertProduct {
  name: string;
  slug: string;
}

/** Confirms the pending alert the link was sent for; null for an unknown, used or expired link. */
export async function confirmPriceAlert(db: DB, token: string, now = new Date()): Promise<AlertProduct | null> {
  const id = await confirmEntry(db, PRICE_ALERT_LIST, token, now);
  return id === null ? null : ((await productOfAlert(db, id)) ?? null);
}

function productOfAlert(db: DB, id: number): Promise<AlertProduct | undefined> {
  return db
    .selectFrom("price_alerts")
    .innerJoin("products", "products.id", "price_alerts.product_id")
    .select(["products.name", "products.slug"])
    .where("price_alerts.id", "=", id)
    .executeTakeFirst();
}

/** The alert a signed unsubscribe link names, read only (the page a plain GET shows); null when the link is not genuine. */
export async function alertOfUnsubscribeLink(
  db: DB,
  authSecret: string,
  token: string,
): Promise<(AlertProduct & { id: number; status: SubscriberStatus }) | null> {
  const entry = await entryOfUnsubscribeLink(db, PRICE_ALERT_LIST, authSecret, token);
  const product = entry && (await productOfAlert(db, entry.id));
  return entry && product ? { id: entry.id, status: entry.status, ...product } : null;
}

/** Stops the alert a signed link names; null when the link is not genuine. Idempotent. */
export async function unsubscribePriceAlert(db: DB, authSecret: string, token: string, now = new Date()): Promise<AlertProduct | null> {
  const alert = await alertOfUnsubscribeLink(db, authSecret, token);
  if (!alert) return null;
  await takeOffList(db, PRICE_ALERT_LIST, alert, now);
  return { name: alert.name, slug: alert.slug };
}

/** The price alerts' unsubscribe link (mail-lists/unsubscribe-link.server.ts): the question names the sauna. */
export const PRICE_ALERT_LINKS: MailListLinks = {
  async find(db, authSecret, token) {
    const alert = await alertOfUnsubscribeLink(db, authSecret, token);
    return (
      alert && { unsubscribed: alert.status === "unsubscribed", ask: `You will get no more emails about the price of the ${alert.name}.` }
    );
  },
  unsubscribe: async (db, authSecret, token) => (await unsubscribePriceAlert(db, authSecret, token)) !== null,
};

// Admin

export interface ProductAlertsRow {
  productId: number;
  name: string;
  slug: string;
  confirmed: number;
  pending: number;
  /** The lowest target among confirmed and pending alerts, minor units of `currency`; null when none set one. */
  lowestTargetMinor: number | null;
  currency: string;
}

/** Alerts per product, most confirmed first, one page; products with only stopped alerts are left out. */
export async function alertsByProduct(db: DB, limit = 100, offset = 0): Promise<ProductAlertsRow[]> {
  const rows = await db
    .selectFrom("price_alerts")
    .innerJoin("products", "products.id", "price_alerts.product_id")
    .where("price_alerts.status", "in", ["confirmed", "pending"])
    .select([
      "products.id",
      "products.name",
      "products.slug",
      sql<number | string>`count(case when price_alerts.status = 'confirmed' then 1 end)`.as("confirmed"),
      sql<number | string>`count(case when price_alerts.status = 'pending' then 1 end)`.as("pending"),
      sql<number | string | null>`min(price_alerts.target_price_minor)`.as("lowest_target"),
      sql<string>`min(price_alerts.currency)`.as("currency"),
    ])
    .groupBy(["products.id", "products.name", "products.slug"])
    .orderBy(sql`count(case when price_alerts.status = 'confirmed' then 1 end)`, "desc")
    .orderBy("products.name")
    .orderBy("products.id")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => ({
    productId: Number(row.id),
    name: row.name,
    slug: row.slug,
    confirmed: Number(row.confirmed),
    pending: Number(row.pending),
    lowestTargetMinor: row.lowest_target === null ? null : Number(row.lowest_target),
    currency: row.currency,
  }));
}

export function countAlertsByStatus(db: DB): Promise<Record<SubscriberStatus, number>> {
  return countEntriesByStatus(db, PRICE_ALERT_LIST);
}
