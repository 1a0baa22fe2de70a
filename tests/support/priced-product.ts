import { parseProductCsv } from "~/lib/csv/product-csv";
import { saveProducts } from "~/server/admin/product-save.server";
import type { DB } from "~/server/db/connection.server";
import { DEFAULT_PRICES } from "~/server/offers/maintained-price.server";

/** A sauna with a price of $4,000 on its primary offer, saved as the product CSV saves it; made once per slug. Its id. */
export async function pricedProduct(db: DB, slug: string): Promise<number> {
  const existing = await db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirst();
  if (existing) return existing.id;
  const parsed = parseProductCsv(`name,brand,slug,price,affiliate_link\n${slug} sauna,Maker,${slug},4000,https://shop.example/${slug}`);
  if (!parsed.ok) throw new Error(parsed.error);
  await saveProducts(db, parsed.products, parsed.columns, { prices: DEFAULT_PRICES });
  return (await db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
}
