import { sql } from "kysely";
import type { MerchantInput } from "~/lib/offers/merchant-form";
import { parseTrackingIds } from "~/lib/offers/tracking-ids";
import { StaleVersion, versionOf } from "../forms/edit-conflict.server";
import type { DB } from "../db/connection.server";
import { parseTextList } from "../products/product-row-mapping";

/**
 * The merchants admin's reads and writes. A merchant's slug and domain are unique (the
 * migration's constraints); a save that would repeat one is refused with the field to fix, and a
 * merchant that still has offers is never deleted (the foreign key restricts it too): the admin
 * is told how many offers hold it.
 */

export interface MerchantRow extends MerchantInput {
  id: number;
  offerCount: number;
}

/** A save or delete the rules refuse; `field` is the form field to show it beside, if any. */
export class MerchantRefused extends Error {
  override name = "MerchantRefused";

  constructor(
    message: string,
    readonly field: "slug" | "domain" | null = null,
  ) {
    super(message);
  }
}

type MerchantRecord = {
  id: number;
  slug: string;
  name: string;
  domain: string | null;
  logo_url: string | null;
  countries: string;
  affiliate_params: string | null;
  sub_id_template: string | null;
  tracking_ids: string | null;
};

const toInput = (row: MerchantRecord): MerchantInput & { id: number } => ({
  id: Number(row.id),
  name: row.name,
  slug: row.slug,
  domain: row.domain,
  logoUrl: row.logo_url,
  countries: parseTextList(row.countries),
  affiliateParams: row.affiliate_params,
  subIdTemplate: row.sub_id_template,
  trackingIds: parseTrackingIds(row.tracking_ids),
});

const COLUMNS = ["id", "slug", "name", "domain", "logo_url", "countries", "affiliate_params", "sub_id_template", "tracking_ids"] as const;

/** Every merchant with its number of offers, by name. */
export async function listMerchants(db: DB): Promise<MerchantRow[]> {
  const [merchants, counts] = await Promise.all([
    db.selectFrom("merchants").select(COLUMNS).orderBy("name").orderBy("id").execute(),
    db
      .selectFrom("offers")
      .select(["merchant_id", (eb) => eb.fn.countAll<number | string>().as("count")])
      .groupBy("merchant_id")
      .execute(),
  ]);
  const countOf = new Map(counts.map((row) => [Number(row.merchant_id), Number(row.count)]));
  return merchants.map((row) => ({ ...toInput(row), offerCount: countOf.get(Number(row.id)) ?? 0 }));
}

export async function findMerchant(db: DB, id: number): Promise<(MerchantInput & { id: number }) | null> {
  const row = await db.selectFrom("merchants").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? toInput(row) : null;
}

/** The choices of the offer form's merchant list. */
export async function merchantChoices(db: DB): Promise<{ id: number; name: string; slug: string }[]> {
  const rows = await db.selectFrom("merchants").select(["id", "name", "slug"]).orderBy("name").orderBy("id").execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name, slug: row.slug }));
}

/**
 * Adds a merchant (editingId null) or changes one. A slug or domain another merchant has is
 * refused before writing, in words; the unique constraints stay the last word under a race.
 */
export async function saveMerchant(
  db: DB,
  merchant: MerchantInput,
  editingId: number | null,
  /** The version the form loaded: a change over a newer one throws StaleVersion (docs/decisions/0103-no-silent-overwrite.md). */
  version?: number,
): Promise<{ id: number; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const other = (column: "slug" | "domain", value: string) => {
      let query = trx.selectFrom("merchants").select(["id", "name"]).where(column, "=", value);
      if (editingId !== null) query = query.where("id", "!=", editingId);
      return query.executeTakeFirst();
    };
    const sameSlug = await other("slug", merchant.slug);
    if (sameSlug) throw new MerchantRefused(`${sameSlug.name} already has the slug ${merchant.slug}.`, "slug");
    if (merchant.domain !== null) {
      const sameDomain = await other("domain", merchant.domain);
      if (sameDomain)
        throw new MerchantRefused(`${sameDomain.name} already has the domain ${merchant.domain}: one merchant per shop.`, "domain");
    }
    const now = new Date().toISOString();
    const values = {
      slug: merchant.slug,
      name: merchant.name,
      domain: merchant.domain,
      logo_url: merchant.logoUrl,
      countries: JSON.stringify(merchant.countries),
      affiliate_params: merchant.affiliateParams,
      sub_id_template: merchant.subIdTemplate ?? null,
      tracking_ids: merchant.trackingIds ? JSON.stringify(merchant.trackingIds) : null,
      is_sample: false,
      updated_at: now,
    };
    if (editingId === null) {
      const row = await trx
        .insertInto("merchants")
        .values({ ...values, created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { id: Number(row.id), created: true };
    }
    const updated = await trx
      .updateTable("merchants")
      .set({ ...values, version: sql<number>`version + 1` })
      .where("id", "=", editingId)
      .$if(version !== undefined, (query) => query.where("version", "=", version!))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      if ((await versionOf(trx, "merchants", editingId)) !== null) throw new StaleVersion();
      throw new MerchantRefused("This merchant no longer exists; it may have been deleted.");
    }
    return { id: editingId, created: false };
  });
}

/** Deletes a merchant without offers; one with offers is refused, saying how many. */
export async function deleteMerchant(db: DB, id: number): Promise<{ name: string }> {
  return db.transaction().execute(async (trx) => {
    const merchant = await trx.selectFrom("merchants").select(["name"]).where("id", "=", id).executeTakeFirst();
    if (!merchant) throw new MerchantRefused("This merchant no longer exists.");
    const held = await trx
      .selectFrom("offers")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("merchant_id", "=", id)
      .executeTakeFirst();
    const count = Number(held?.count ?? 0);
    if (count > 0) {
      throw new MerchantRefused(
        `${merchant.name} still has ${count} ${count === 1 ? "offer" : "offers"}; delete ${count === 1 ? "it" : "them"} on the products' pages or move ${count === 1 ? "it" : "them"} to another merchant first.`,
      );
    }
    await trx.deleteFrom("merchants").where("id", "=", id).execute();
    return { name: merchant.name };
  });
}
