import { sql } from "kysely";
import { displayPrice, effectivePriceMinor, isBuyable, type OfferAvailability } from "~/lib/offers/display-price";
import { priceSettingsAt, type SitePrices } from "~/lib/offers/price-view";
import { formatMoney } from "~/lib/text/money";
import type { TodayItem } from "~/lib/today/today-items";
import { percentChange, priceMoved } from "~/lib/today/today-thresholds";
import { readDirective } from "../../articles/product-boxes.server";
import type { DB } from "../../db/connection.server";
import { toIsoString } from "../../db/timestamps";
import { offersOfProducts } from "../../offers/offer-reads.server";

/**
 * The Today rules about picks: the products readers are sent to first. A pick is a product with a
 * role in a collection (Best overall, Runner-up… not "Also tested"), one of the first three of a
 * collection's ranked list, or one in a published article's product box.
 */

export interface Pick {
  productId: number;
  name: string;
  /** Where it is shown, in the owner's words: "#1 in Best barrel saunas". */
  places: string[];
  /** The collection to go to when the fix is a different pick. */
  collectionId: number | null;
}

const ROLE_WORDS: Record<string, string> = {
  "best-overall": "Best overall",
  "runner-up": "Runner-up",
  budget: "Budget pick",
  upgrade: "Upgrade pick",
};

/** Every pick, once per product, with where it is shown. */
export async function listPicks(db: DB): Promise<Pick[]> {
  const [roles, ranked, articles] = await Promise.all([
    db
      .selectFrom("collection_picks")
      .innerJoin("collections", "collections.id", "collection_picks.collection_id")
      .select(["collection_picks.product_id", "collection_picks.role", "collection_picks.label", "collections.id", "collections.title"])
      .where("collection_picks.role", "!=", "also-tested")
      .execute(),
    // The first three of each collection's stored ranking.
    sql<{ product_id: number; collection_id: number; title: string; rank: number | string }>`
      select ranked.product_id, ranked.collection_id, collections.title, ranked.rank
      from (
        select product_id, collection_id,
          row_number() over (partition by collection_id order by position, product_id) as rank
        from collection_products
      ) ranked
      join collections on collections.id = ranked.collection_id
      where ranked.rank <= 3`.execute(db),
    db.selectFrom("articles").select(["title", "body"]).where("status", "=", "published").where("body", "like", "%::product{%").execute(),
  ]);
  const picks = new Map<number, Pick>();
  const add = (productId: number, name: string | null, place: string, collectionId: number | null) => {
    const pick = picks.get(productId) ?? { productId, name: name ?? "", places: [], collectionId };
    if (!pick.places.includes(place)) pick.places.push(place);
    pick.collectionId ??= collectionId;
    picks.set(productId, pick);
  };
  for (const row of roles) {
    add(Number(row.product_id), null, `${row.label ?? ROLE_WORDS[row.role] ?? "Pick"} in ${row.title}`, Number(row.id));
  }
  for (const row of ranked.rows) add(Number(row.product_id), null, `#${Number(row.rank)} in ${row.title}`, Number(row.collection_id));
  const slugsByArticle = articles.map((article) => ({
    title: article.title,
    slugs: article.body.split("\n").flatMap((line) => {
      const directive = readDirective(line);
      return directive?.kind === "product" ? [directive.slug] : [];
    }),
  }));
  const slugs = [...new Set(slugsByArticle.flatMap((article) => article.slugs))];
  const bySlug = new Map<string, number>();
  for (let i = 0; i < slugs.length; i += 500) {
    const rows = await db
      .selectFrom("products")
      .select(["id", "slug"])
      .where("slug", "in", slugs.slice(i, i + 500))
      .execute();
    for (const row of rows) bySlug.set(row.slug, Number(row.id));
  }
  for (const article of slugsByArticle) {
    for (const slug of article.slugs) {
      const id = bySlug.get(slug);
      if (id !== undefined) add(id, null, `product box in "${article.title}"`, null);
    }
  }
  const ids = [...picks.keys()];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom("products")
      .select(["id", "name"])
      .where("id", "in", ids.slice(i, i + 500))
      .execute();
    for (const row of rows) picks.get(Number(row.id))!.name = row.name;
  }
  return [...picks.values()].sort((a, b) => a.productId - b.productId);
}

/** The picks' offers, read once for both rules. */
export type PickOffers = Awaited<ReturnType<typeof offersOfProducts>>;

export function picksOffers(db: DB, picks: readonly Pick[]): Promise<PickOffers> {
  return offersOfProducts(
    db,
    picks.map((pick) => pick.productId),
  );
}

const fixOffers = (pick: Pick) => `/admin/products?edit=${pick.productId}`;
const shownAt = (pick: Pick) => pick.places.slice(0, 3).join("; ") + (pick.places.length > 3 ? `; and ${pick.places.length - 3} more` : "");

/** Rule: a pick out of stock at every shop, or shown as "Check price" (only feed prices too old to vouch for). */
export function pickUnavailable(picks: readonly Pick[], offers: PickOffers, prices: SitePrices, now: number): TodayItem[] {
  const settings = priceSettingsAt(prices, now);
  return picks.flatMap((pick): TodayItem[] => {
    const list = offers.get(pick.productId) ?? [];
    if (list.length === 0) return [];
    const item = { rule: "pick-unavailable" as const, subject: `product:${pick.productId}`, href: fixOffers(pick), money: null };
    if (list.every((offer) => !isBuyable(offer.availability))) {
      return [
        {
          ...item,
          title: pick.name,
          detail: `Out of stock at every shop (${list.length === 1 ? "1 shop" : `${list.length} shops`}); shown as ${shownAt(pick)}.`,
          fix: "Edit offers",
          since: null,
        },
      ];
    }
    const shown = displayPrice(list, settings);
    if (shown.kind === "check") {
      return [
        {
          ...item,
          title: pick.name,
          detail: `Shows "Check price": no shop's price was confirmed recently; shown as ${shownAt(pick)}.`,
          fix: "Edit offers",
          since: Date.parse(shown.asOf) + prices.maxAgeMs,
        },
      ];
    }
    return [];
  });
}

/** When each product's review was last saved (or, never saved here, the day it was tested). */
async function reviewUpdatedAt(db: DB, productIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < productIds.length; i += 500) {
    const part = productIds.slice(i, i + 500);
    const [saves, tested] = await Promise.all([
      db
        .selectFrom("product_revisions")
        .select(["product_id", (eb) => eb.fn.max("saved_at").as("saved_at")])
        .where("part", "=", "review")
        .where("product_id", "in", part)
        .groupBy("product_id")
        .execute(),
      db.selectFrom("products").select(["id", "tested_on"]).where("id", "in", part).where("tested_on", "is not", null).execute(),
    ]);
    for (const row of tested) out.set(Number(row.id), Date.parse(`${row.tested_on}T23:59:59Z`));
    for (const row of saves) out.set(Number(row.product_id), Number(row.saved_at));
  }
  return out;
}

/** The lowest price a reader paid at `at`, from the offers' history: buyable, priced, in the site's currency. */
async function priceAt(db: DB, productId: number, at: number, currency: string): Promise<number | null> {
  const atIso = new Date(at).toISOString();
  const rows = await db
    .selectFrom("offer_price_history as h")
    .selectAll("h")
    .where("h.product_id", "=", productId)
    .where("h.id", "in", (eb) =>
      eb
        .selectFrom("offer_price_history")
        .select((inner) => inner.fn.max("id").as("id"))
        .where("product_id", "=", productId)
        .where("recorded_at", "<=", atIso)
        .groupBy("offer_id"),
    )
    .execute();
  const day = atIso.slice(0, 10);
  let best: number | null = null;
  for (const row of rows) {
    if (row.currency.trim().toUpperCase() !== currency.toUpperCase() || !isBuyable(row.availability as OfferAvailability)) continue;
    const price = effectivePriceMinor(
      {
        priceMinor: row.price_minor === null ? null : Number(row.price_minor),
        salePriceMinor: row.sale_price_minor === null ? null : Number(row.sale_price_minor),
        saleEndsAt: row.sale_ends_at,
      },
      day,
    );
    if (price !== null && (best === null || price < best)) best = price;
  }
  return best;
}

/** Rule: a pick whose displayed price moved 10% or more since its review was last updated. */
export async function pickPriceMoved(
  db: DB,
  picks: readonly Pick[],
  offers: PickOffers,
  prices: SitePrices,
  now: number,
): Promise<TodayItem[]> {
  const settings = priceSettingsAt(prices, now);
  const updated = await reviewUpdatedAt(
    db,
    picks.map((pick) => pick.productId),
  );
  const found = await Promise.all(
    picks.map(async (pick): Promise<TodayItem | null> => {
      const at = updated.get(pick.productId);
      if (at === undefined) return null;
      const shown = displayPrice(offers.get(pick.productId) ?? [], settings);
      if (shown.kind !== "price") return null;
      const then = await priceAt(db, pick.productId, at, shown.currency);
      if (then === null || !priceMoved(then, shown.amountMinor)) return null;
      return {
        rule: "pick-price-moved",
        subject: `product:${pick.productId}`,
        title: pick.name,
        detail: `${formatMoney(then, shown.currency)} when the review was updated (${toIsoString(new Date(at)).slice(0, 10)}), ${formatMoney(shown.amountMinor, shown.currency)} now (${percentChange(then, shown.amountMinor)}); shown as ${shownAt(pick)}.`,
        href: `/admin/reviews/${pick.productId}`,
        fix: "Update the review",
        since: at,
        money: null,
      };
    }),
  );
  return found.filter((item): item is TodayItem => item !== null);
}
