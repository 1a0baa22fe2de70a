import type { DB } from "~/server/db/connection.server";

/**
 * Inserts an offer of a product at a shop with the given link, confirmed now (1,000.00 USD, in
 * stock, from a feed), for the tests that are about its link, not its price; returns its id.
 */
export async function insertLinkedOffer(
  db: DB,
  offer: { productId: number; merchantId: number; link: string | null; primary?: boolean },
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("offers")
    .values({
      product_id: offer.productId,
      merchant_id: offer.merchantId,
      is_primary: offer.primary ?? false,
      link: offer.link,
      price_minor: 100_000,
      currency: "USD",
      availability: "InStock",
      countries: "[]",
      source: "feed",
      confirmed_at: now,
      price_changed_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
