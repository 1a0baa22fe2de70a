import type { OfferSource, PriceSettings } from "~/lib/offers/display-price";
import { executeWithRows } from "../db/bulk-rows.server";
import { chunks, IN_LIST_CHUNK } from "../db/chunks";
import type { DB } from "../db/connection.server";
import { toIsoString } from "../db/timestamps";
import { shopDomain } from "~/lib/offers/shop-domain";
import { maintainedPrice, type MaintainedPrice } from "./maintained-price.server";
import { findOrCreateMerchantByDomain, findOrCreateMerchantByName } from "./merchant-lookup.server";
import { offersOfProducts } from "./offer-reads.server";

/**
 * A product's primary offer (docs/decisions/0057): the product form and the product CSV keep
 * their price, sale and link fields, which read and write this one offer (savePrimaryOffers);
 * the caller then refreshes the products row's copy (maintained-price.server.ts). One function
 * per question or write, each taking the database or a transaction first, on SQLite and PostgreSQL.
 */

const money = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** The product form's and the product CSV's price, sale and link: what a product's primary offer holds. */
export interface PrimaryOfferFields {
  link: string | null;
  priceCents: number | null;
  salePriceCents: number | null;
  saleEndsAt: string | null;
}

const NO_PRIMARY_OFFER: PrimaryOfferFields = { link: null, priceCents: null, salePriceCents: null, saleEndsAt: null };

/** The primary offer's fields of each product that has one (the form and the CSV export show these). */
export async function primaryOfferFields(db: DB, productIds: readonly number[]): Promise<Map<number, PrimaryOfferFields>> {
  const found = new Map<number, PrimaryOfferFields>();
  for (const part of chunks([...new Set(productIds)], IN_LIST_CHUNK)) {
    const rows = await db
      .selectFrom("offers")
      .select(["product_id", "link", "price_minor", "sale_price_minor", "sale_ends_at"])
      .where("product_id", "in", part)
      .where("is_primary", "=", true)
      .execute();
    for (const row of rows) {
      found.set(Number(row.product_id), {
        link: row.link,
        priceCents: money(row.price_minor),
        salePriceCents: money(row.sale_price_minor),
        saleEndsAt: row.sale_ends_at,
      });
    }
  }
  return found;
}

/**
 * A product as the owner typed it: its price, sale and link replaced by its primary offer's (none
 * when it has no primary offer), since the row's own columns hold the displayed price, which
 * another shop's offer may set.
 */
export function withPrimaryOffer<
  T extends {
    id: number;
    priceCents: number | null;
    salePriceCents: number | null;
    saleEndsAt: string | null;
    affiliateLink: string | null;
  },
>(product: T, primaries: ReadonlyMap<number, PrimaryOfferFields>): T {
  const primary = primaries.get(product.id) ?? NO_PRIMARY_OFFER;
  return {
    ...product,
    priceCents: primary.priceCents,
    salePriceCents: primary.salePriceCents,
    saleEndsAt: primary.saleEndsAt,
    affiliateLink: primary.link,
  };
}

/** A products row's price, sale and link as a Product has them. */
interface PriceRow {
  id: number;
  priceCents: number | null;
  salePriceCents: number | null;
  saleEndsAt: string | null;
  affiliateLink: string | null;
}

/**
 * What an import compares a file's price, sale and link with: the primary offer's, which the save
 * writes. A row whose copy disagrees with what its offers give (written past the offers) keeps
 * its own values instead, so the file's row counts as changed and saving it repairs the copy.
 */
export async function storedPriceFields(
  db: DB,
  rows: readonly PriceRow[],
  settings: PriceSettings,
): Promise<Map<number, PrimaryOfferFields>> {
  const found = new Map<number, PrimaryOfferFields>();
  for (const part of chunks(rows, IN_LIST_CHUNK)) {
    const offersOf = await offersOfProducts(
      db,
      part.map((row) => row.id),
    );
    for (const row of part) {
      const offers = offersOf.get(row.id) ?? [];
      const expected = maintainedPrice(offers, settings);
      const agrees =
        row.priceCents === expected.price_cents &&
        row.salePriceCents === expected.sale_price_cents &&
        row.saleEndsAt === expected.sale_ends_at &&
        row.affiliateLink === expected.affiliate_link;
      const primary = offers.find((offer) => offer.isPrimary);
      found.set(
        row.id,
        !agrees
          ? { link: row.affiliateLink, priceCents: row.priceCents, salePriceCents: row.salePriceCents, saleEndsAt: row.saleEndsAt }
          : primary
            ? { link: primary.link, priceCents: primary.priceMinor, salePriceCents: primary.salePriceMinor, saleEndsAt: primary.saleEndsAt }
            : NO_PRIMARY_OFFER,
      );
    }
  }
  return found;
}

export interface PrimaryOfferWrite {
  productId: number;
  /** Only the fields given are changed; a file without a price column keeps the offer's price. */
  fields: Partial<PrimaryOfferFields>;
}

export interface PrimaryOfferOptions {
  source: OfferSource;
  /** The currency of a new offer (the site's, SITE_CURRENCY): the form and the product CSV type prices in it. */
  currency: string;
  now?: string;
  /**
   * Products the caller inserted in this same transaction, with what their rows hold: they have
   * no offer yet, so neither they nor their offers are read back (an import of 200,000 new
   * products would read them all).
   */
  created?: ReadonlyMap<number, CreatedProduct>;
}

/** A product inserted in the write's own transaction, as its row was written. */
export interface CreatedProduct {
  brand: string;
  website: string | null;
  shippingInfo: string | null;
  isSample: boolean;
  /** The row's copy of the displayed price and of the primary offer's link, as written. */
  stored: MaintainedPrice;
}

/** What savePrimaryOffers wrote for the created products: each one's only offer, by product id. */
export type FirstOffers = Map<number, OfferRow>;

interface StoredOffer {
  id: number;
  merchantId: number;
  isPrimary: boolean;
  fields: PrimaryOfferFields;
  priceChangedAt: string;
}

const isEmpty = (fields: PrimaryOfferFields) =>
  fields.link === null && fields.priceCents === null && fields.salePriceCents === null && fields.saleEndsAt === null;

function merge(base: PrimaryOfferFields, given: Partial<PrimaryOfferFields>): PrimaryOfferFields {
  return {
    link: given.link === undefined ? base.link : given.link,
    priceCents: given.priceCents === undefined ? base.priceCents : given.priceCents,
    salePriceCents: given.salePriceCents === undefined ? base.salePriceCents : given.salePriceCents,
    saleEndsAt: given.saleEndsAt === undefined ? base.saleEndsAt : given.saleEndsAt,
  };
}

type MerchantKey = { kind: "id"; id: number } | { kind: "domain"; domain: string } | { kind: "name"; name: string };

/** See savePrimaryOffers. */
export async function savePrimaryOffer(
  trx: DB,
  productId: number,
  fields: Partial<PrimaryOfferFields>,
  options: PrimaryOfferOptions,
): Promise<void> {
  await savePrimaryOffers(trx, [{ productId, fields }], options);
}

/**
 * Writes the products' primary offers from the product form or the product CSV; call it inside
 * the save's transaction, then refreshProductPrices. A new primary offer's merchant is found by
 * the link's domain, else the website's, else named after the brand; when the link changes to
 * another shop the offer moves to that shop's merchant (an offer the product already had there
 * gives way: the typed one is the owner's latest word). An offer left with no link, price or
 * sale is removed, as the migration never makes one. Reads and writes a batch of rows at a time,
 * so a 20,000-row import stays a few hundred statements.
 */
export async function savePrimaryOffers(trx: DB, writes: readonly PrimaryOfferWrite[], options: PrimaryOfferOptions): Promise<FirstOffers> {
  const firstOffers: FirstOffers = new Map();
  if (writes.length === 0) return firstOffers;
  const now = options.now ?? new Date().toISOString();
  const created = options.created ?? new Map<number, CreatedProduct>();
  const ids = [...new Set(writes.map((write) => write.productId))].filter((id) => !created.has(id));

  const products = new Map<number, { brand: string; website: string | null; shippingInfo: string | null; isSample: boolean }>(created);
  const offersOf = new Map<number, StoredOffer[]>();
  for (const part of chunks(ids, IN_LIST_CHUNK)) {
    const rows = await trx
      .selectFrom("products")
      .select(["id", "brand", "website", "shipping_info", "is_sample"])
      .where("id", "in", part)
      .execute();
    for (const row of rows)
      products.set(Number(row.id), {
        brand: row.brand,
        website: row.website,
        shippingInfo: row.shipping_info,
        isSample: Boolean(row.is_sample),
      });
    const offers = await trx
      .selectFrom("offers")
      .select([
        "id",
        "product_id",
        "merchant_id",
        "is_primary",
        "link",
        "price_minor",
        "sale_price_minor",
        "sale_ends_at",
        "price_changed_at",
      ])
      .where("product_id", "in", part)
      .execute();
    for (const offer of offers) {
      const list = offersOf.get(Number(offer.product_id)) ?? [];
      list.push({
        id: Number(offer.id),
        merchantId: Number(offer.merchant_id),
        isPrimary: Boolean(offer.is_primary),
        fields: {
          link: offer.link,
          priceCents: money(offer.price_minor),
          salePriceCents: money(offer.sale_price_minor),
          saleEndsAt: offer.sale_ends_at,
        },
        priceChangedAt: toIsoString(offer.price_changed_at),
      });
      offersOf.set(Number(offer.product_id), list);
    }
  }

  // Where each product's primary offer belongs, before any merchant is looked up.
  const planned: { productId: number; primary: StoredOffer | undefined; key: MerchantKey; given: Partial<PrimaryOfferFields> }[] = [];
  const removals: number[] = [];
  for (const { productId, fields } of writes) {
    const product = products.get(productId);
    if (!product) throw new Error(`product ${productId} no longer exists`);
    const primary = offersOf.get(productId)?.find((offer) => offer.isPrimary);
    const merged = merge(primary?.fields ?? NO_PRIMARY_OFFER, fields);
    if (isEmpty(merged)) {
      if (primary) removals.push(primary.id);
      continue;
    }
    const linkChanged = fields.link !== undefined && (fields.link ?? null) !== (primary?.fields.link ?? null);
    // The merchant follows a changed link; an unchanged one keeps the merchant it has (a short
    // link or a tracking domain must not move an offer the owner placed at a shop).
    const linkDomain = linkChanged || !primary ? shopDomain(merged.link) : null;
    const websiteDomain = primary ? null : shopDomain(product.website);
    const key: MerchantKey = linkDomain
      ? { kind: "domain", domain: linkDomain }
      : primary
        ? { kind: "id", id: primary.merchantId }
        : websiteDomain
          ? { kind: "domain", domain: websiteDomain }
          : { kind: "name", name: product.brand };
    planned.push({ productId, primary, key, given: fields });
  }

  const merchantIds = new Map<string, number>();
  const keyText = (key: MerchantKey) =>
    key.kind === "id" ? `id:${key.id}` : key.kind === "domain" ? `domain:${key.domain}` : `name:${key.name.trim().toLowerCase()}`;
  const domains = [...new Set(planned.flatMap(({ key }) => (key.kind === "domain" ? [key.domain] : [])))];
  for (const part of chunks(domains, IN_LIST_CHUNK)) {
    const rows = await trx.selectFrom("merchants").select(["id", "domain"]).where("domain", "in", part).execute();
    for (const row of rows) merchantIds.set(`domain:${row.domain}`, Number(row.id));
  }
  for (const { key } of planned) {
    const text = keyText(key);
    if (merchantIds.has(text)) continue;
    if (key.kind === "id") merchantIds.set(text, key.id);
    else if (key.kind === "domain") merchantIds.set(text, await findOrCreateMerchantByDomain(trx, key.domain));
    else merchantIds.set(text, await findOrCreateMerchantByName(trx, key.name));
  }

  const moves: { id: number; merchantId: number }[] = [];
  const rows: OfferRow[] = [];
  const realMerchants = new Set<number>();
  for (const { productId, primary, key, given } of planned) {
    const merchantId = merchantIds.get(keyText(key))!;
    const product = products.get(productId)!;
    if (!product.isSample) realMerchants.add(merchantId);
    const atMerchant = offersOf.get(productId)?.find((offer) => !offer.isPrimary && offer.merchantId === merchantId);
    let base: StoredOffer | undefined = primary;
    if (primary && primary.merchantId !== merchantId) {
      if (atMerchant) removals.push(atMerchant.id);
      moves.push({ id: primary.id, merchantId });
    } else if (!primary) {
      // The product already has an offer at that shop (from the offers CSV, say): it becomes the primary one.
      base = atMerchant;
    }
    const fields = merge(base?.fields ?? NO_PRIMARY_OFFER, given);
    const priceChanged = !base || base.fields.priceCents !== fields.priceCents || base.fields.salePriceCents !== fields.salePriceCents;
    const row: OfferRow = {
      product_id: productId,
      merchant_id: merchantId,
      is_primary: true,
      link: fields.link,
      price_minor: fields.priceCents,
      currency: options.currency.trim().toUpperCase(),
      sale_price_minor: fields.salePriceCents,
      sale_ends_at: fields.saleEndsAt,
      // The form and the product CSV say nothing about stock.
      availability: "unknown",
      shipping_note: product.shippingInfo,
      source: options.source,
      confirmed_at: now,
      price_changed_at: priceChanged ? now : base!.priceChangedAt,
      created_at: now,
      updated_at: now,
    };
    rows.push(row);
    if (created.has(productId)) firstOffers.set(productId, row);
  }

  for (const part of chunks(removals, IN_LIST_CHUNK)) await trx.deleteFrom("offers").where("id", "in", part).execute();
  for (const move of moves)
    await trx.updateTable("offers").set({ merchant_id: move.merchantId, updated_at: now }).where("id", "=", move.id).execute();
  await upsertOffers(trx, rows);
  // A shop that now sells a real product is no longer sample content: removing the samples keeps it.
  for (const part of chunks([...realMerchants], IN_LIST_CHUNK)) {
    await trx
      .updateTable("merchants")
      .set({ is_sample: false, updated_at: now })
      .where("id", "in", part)
      .where("is_sample", "=", true)
      .execute();
  }
  return firstOffers;
}

/** A primary offer as savePrimaryOffers writes it. */
interface OfferRow {
  product_id: number;
  merchant_id: number;
  is_primary: boolean;
  link: string | null;
  price_minor: number | null;
  currency: string;
  sale_price_minor: number | null;
  sale_ends_at: string | null;
  availability: "unknown";
  shipping_note: string | null;
  source: OfferSource;
  confirmed_at: string;
  price_changed_at: string;
  created_at: string;
  updated_at: string;
}

/** Inserts primary offers, or makes the product's offer at that merchant the primary one with these values. */
async function upsertOffers(trx: DB, rows: OfferRow[]) {
  // Any number of rows, in as few statements as the database takes (bulk-rows.server.ts).
  await executeWithRows(trx, "offers", rows, (rowsTable, columns) =>
    trx
      .insertInto("offers")
      .columns(columns)
      .expression(rowsTable)
      .onConflict((conflict) =>
        // The currency, availability, countries and shipping note stay as the offer has them: the
        // product form and CSV do not carry them.
        conflict.columns(["product_id", "merchant_id"]).doUpdateSet((eb) => ({
          is_primary: eb.ref("excluded.is_primary"),
          link: eb.ref("excluded.link"),
          price_minor: eb.ref("excluded.price_minor"),
          sale_price_minor: eb.ref("excluded.sale_price_minor"),
          sale_ends_at: eb.ref("excluded.sale_ends_at"),
          source: eb.ref("excluded.source"),
          confirmed_at: eb.ref("excluded.confirmed_at"),
          price_changed_at: eb.ref("excluded.price_changed_at"),
          updated_at: eb.ref("excluded.updated_at"),
        })),
      ),
  );
}
