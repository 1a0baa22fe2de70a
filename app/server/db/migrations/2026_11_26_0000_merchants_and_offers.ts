import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Merchants and offers (docs/decisions/0057): a product is sold by shops, each offer one product
 * at one shop with its own link, price and sale. Every product's existing price, sale and
 * affiliate link become its primary offer, at a merchant found from the affiliate link's domain,
 * else the website's, else named after the brand; the products keep their columns, which from
 * now on are a copy the code maintains. Nothing on the products is changed here, so nothing is
 * lost, and a product with neither price, sale nor link gets no offer.
 *
 * The domain and slug rules are written out here rather than imported: a migration must keep
 * doing what it did when it first ran, whatever the application's code becomes.
 */

const BATCH = 500;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
  const timestampType = postgres ? "timestamptz" : "text";
  const now = postgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const dateType = postgres ? "date" : "text";
  const flagType = postgres ? "boolean" : "integer";
  const no = postgres ? sql`false` : sql`0`;

  await db.schema
    .createTable("merchants")
    .addColumn("id", "integer", id)
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    // One merchant per shop domain: links are matched to their merchant by it (nulls never collide).
    .addColumn("domain", "text", (col) => col.unique())
    .addColumn("logo_url", "text")
    .addColumn("countries", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("affiliate_params", "text")
    .addColumn("is_sample", flagType, (col) => col.notNull().defaultTo(no))
    .addColumn("created_at", timestampType, (col) => col.notNull().defaultTo(now))
    .addColumn("updated_at", timestampType, (col) => col.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("offers")
    .addColumn("id", "integer", id)
    .addColumn("product_id", "integer", (col) => col.notNull().references("products.id").onDelete("cascade"))
    // A merchant with offers cannot be deleted by accident: the admin is told to move them first.
    .addColumn("merchant_id", "integer", (col) => col.notNull().references("merchants.id").onDelete("restrict"))
    .addColumn("is_primary", flagType, (col) => col.notNull().defaultTo(no))
    .addColumn("link", "text")
    .addColumn("price_minor", "bigint")
    .addColumn("currency", "text", (col) => col.notNull().defaultTo("USD"))
    .addColumn("sale_price_minor", "bigint")
    .addColumn("sale_ends_at", dateType)
    .addColumn("availability", "text", (col) =>
      col
        .notNull()
        .defaultTo("unknown")
        .check(sql`availability in ('InStock', 'OutOfStock', 'PreOrder', 'BackOrder', 'Discontinued', 'unknown')`),
    )
    .addColumn("shipping_note", "text")
    .addColumn("countries", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("source", "text", (col) =>
      col
        .notNull()
        .defaultTo("form")
        .check(sql`source in ('form', 'csv', 'feed')`),
    )
    .addColumn("confirmed_at", timestampType, (col) => col.notNull().defaultTo(now))
    .addColumn("price_changed_at", timestampType, (col) => col.notNull().defaultTo(now))
    .addColumn("created_at", timestampType, (col) => col.notNull().defaultTo(now))
    .addColumn("updated_at", timestampType, (col) => col.notNull().defaultTo(now))
    // Also the index that reads a product's offers (its leading column).
    .addUniqueConstraint("offers_product_merchant_unique", ["product_id", "merchant_id"])
    .execute();
  // The product form and the product CSV write one offer per product: at most one is primary.
  await sql`create unique index offers_one_primary_idx on offers (product_id) where ${sql.raw(postgres ? "is_primary" : "is_primary = 1")}`.execute(
    db,
  );
  // Deleting a merchant checks for its offers; the merchants admin counts them.
  await db.schema.createIndex("offers_merchant_idx").on("offers").column("merchant_id").execute();

  await moveProductPricesIntoOffers(db, postgres);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The product form showed the primary offer's price and link: put them back in the columns the
  // old code reads (they hold the displayed price, which may be another shop's). Other offers
  // and the merchants go with their tables.
  const postgres = dialectOf(db) === "postgres";
  await sql`
    update products set
      price_cents = (select o.price_minor from offers o where o.product_id = products.id and o.is_primary = ${sql.raw(postgres ? "true" : "1")}),
      sale_price_cents = (select o.sale_price_minor from offers o where o.product_id = products.id and o.is_primary = ${sql.raw(postgres ? "true" : "1")}),
      sale_ends_at = (select o.sale_ends_at from offers o where o.product_id = products.id and o.is_primary = ${sql.raw(postgres ? "true" : "1")}),
      affiliate_link = (select o.link from offers o where o.product_id = products.id and o.is_primary = ${sql.raw(postgres ? "true" : "1")})
    where exists (select 1 from offers o where o.product_id = products.id and o.is_primary = ${sql.raw(postgres ? "true" : "1")})
  `.execute(db);
  await db.schema.dropTable("offers").execute();
  await db.schema.dropTable("merchants").execute();
}

interface OldProduct {
  id: number;
  brand: string;
  website: string | null;
  affiliate_link: string | null;
  price_cents: number | string | null;
  sale_price_cents: number | string | null;
  sale_ends_at: string | null;
  shipping_info: string | null;
  is_sample: boolean | number;
  updated_at: Date | string;
}

interface PlannedMerchant {
  slug: string;
  name: string;
  domain: string | null;
  /** Sample content only while every product it sells is a sample. */
  sample: boolean;
}

async function moveProductPricesIntoOffers(db: Kysely<any>, postgres: boolean) {
  const merchants = new Map<string, PlannedMerchant>();
  const usedSlugs = new Set<string>();
  const products: { product: OldProduct; merchantKey: string }[] = [];

  let afterId = 0;
  for (;;) {
    const page: OldProduct[] = await db
      .selectFrom("products")
      .select([
        "id",
        "brand",
        "website",
        "affiliate_link",
        "price_cents",
        "sale_price_cents",
        "sale_ends_at",
        "shipping_info",
        "is_sample",
        "updated_at",
      ])
      .where("id", ">", afterId)
      .where((eb) =>
        eb.or([eb("price_cents", "is not", null), eb("sale_price_cents", "is not", null), eb("affiliate_link", "is not", null)]),
      )
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (page.length === 0) break;
    afterId = Number(page.at(-1)!.id);
    for (const product of page) {
      const domain = shopDomain(product.affiliate_link) ?? shopDomain(product.website);
      const key = domain ? `domain:${domain}` : `brand:${product.brand.trim().toLowerCase()}`;
      let merchant = merchants.get(key);
      if (!merchant) {
        const name = domain ?? (product.brand.trim() || "Unknown shop");
        merchant = { slug: uniqueSlug(slugify(name), usedSlugs), name, domain, sample: true };
        merchants.set(key, merchant);
      }
      if (!product.is_sample) merchant.sample = false;
      products.push({ product, merchantKey: key });
    }
  }

  const merchantIds = new Map<string, number>();
  for (const [key, merchant] of merchants) {
    const inserted = await db
      .insertInto("merchants")
      .values({
        slug: merchant.slug,
        name: merchant.name,
        domain: merchant.domain,
        is_sample: postgres ? merchant.sample : Number(merchant.sample),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    merchantIds.set(key, Number(inserted.id));
  }

  for (let start = 0; start < products.length; start += BATCH) {
    await db
      .insertInto("offers")
      .values(
        products.slice(start, start + BATCH).map(({ product, merchantKey }) => ({
          product_id: product.id,
          merchant_id: merchantIds.get(merchantKey)!,
          is_primary: postgres ? true : 1,
          link: product.affiliate_link,
          price_minor: product.price_cents,
          currency: "USD",
          sale_price_minor: product.sale_price_cents,
          sale_ends_at: product.sale_ends_at,
          // The old data said nothing about stock.
          availability: "unknown",
          shipping_note: product.shipping_info,
          countries: "[]",
          source: "form",
          confirmed_at: product.updated_at,
          price_changed_at: product.updated_at,
        })),
      )
      .execute();
  }
}

/** The shop's host name of an http(s) link, lower case, without "www."; null when there is none. */
function shopDomain(link: string | null): string | null {
  const text = link?.trim();
  if (!text) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const host = url.hostname
      .toLowerCase()
      .replace(/^www\./, "")
      .replace(/\.$/, "");
    return host || null;
  } catch {
    return null;
  }
}

function slugify(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "merchant"
  );
}

function uniqueSlug(base: string, used: Set<string>): string {
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  used.add(slug);
  return slug;
}
