import { sql } from "kysely";
import { merchantSlugOf, shopDomain } from "~/lib/offers/shop-domain";
import type { DB } from "../db/connection.server";

/** The merchant an import or a form names by a link's domain or a brand, made when there is none yet. */

/**
 * The merchant of a shop domain (or of a link: its domain is used), created with the domain as
 * its name when there is none yet. Safe against a second writer creating the same one at the
 * same moment: the domain is unique, and the loser of that race reads the winner's row.
 */
export async function findOrCreateMerchantByDomain(
  db: DB,
  domainOrLink: string,
  options: { name?: string; isSample?: boolean } = {},
): Promise<number> {
  const domain = shopDomain(domainOrLink);
  if (!domain) throw new Error(`"${domainOrLink}" is not a shop's web address`);
  return findOrCreateMerchant(db, { domain, name: options.name ?? domain, isSample: options.isSample ?? false });
}

/** The merchant named after a brand, for a product that has no link or website to find its shop by. */
export async function findOrCreateMerchantByName(db: DB, name: string, options: { isSample?: boolean } = {}): Promise<number> {
  return findOrCreateMerchant(db, { domain: null, name: name.trim() || "Unknown shop", isSample: options.isSample ?? false });
}

async function findMerchant(db: DB, key: { domain: string | null; name: string }): Promise<number | undefined> {
  const row =
    key.domain !== null
      ? await db.selectFrom("merchants").select("id").where("domain", "=", key.domain).executeTakeFirst()
      : await db
          .selectFrom("merchants")
          .select("id")
          .where("domain", "is", null)
          .where(sql<string>`lower(name)`, "=", key.name.toLowerCase())
          .orderBy("id")
          .executeTakeFirst();
  return row && Number(row.id);
}

async function findOrCreateMerchant(db: DB, key: { domain: string | null; name: string; isSample: boolean }): Promise<number> {
  const existing = await findMerchant(db, key);
  if (existing !== undefined) return existing;
  const base = merchantSlugOf(key.domain ?? key.name);
  for (let attempt = 0; attempt < 5; attempt++) {
    const taken = new Set(
      (
        await db
          .selectFrom("merchants")
          .select("slug")
          .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
          .execute()
      ).map((row) => row.slug),
    );
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    const now = new Date().toISOString();
    const inserted = await db
      .insertInto("merchants")
      .values({ slug, name: key.name, domain: key.domain, is_sample: key.isSample, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) return Number(inserted.id);
    // Another writer took the domain (read its merchant) or the slug (try the next one).
    const raced = await findMerchant(db, key);
    if (raced !== undefined) return raced;
  }
  throw new Error(`could not add a merchant for ${key.domain ?? key.name}`);
}
