import type { OfferFieldColumn, OfferImport } from "~/lib/csv/offer-csv";
import { planOfferRow, type PlannedRow } from "~/lib/csv/import-plan";
import { planFingerprint } from "../admin/import-plan.server";
import { chunks, IN_LIST_CHUNK } from "../db/chunks";
import type { DB } from "../db/connection.server";
import { storedOfferFor, storedOffersOf, type StoredOffer } from "./offer-writes.server";

/**
 * The offers import's plan against the database, as for products (ADR 0031): each row is new,
 * changed (and how) or unchanged, computed for the preview and again inside the save's
 * transaction. A row is matched to its product by slug and to its merchant by slug, else by
 * name (any letter case); a row that names a product or merchant that does not exist is an
 * error naming the row, and nothing can be saved while there is one.
 */

export interface OfferPlanWrite {
  offer: OfferImport;
  productId: number;
  merchantId: number;
  stored: StoredOffer | undefined;
}

export interface OfferPlan {
  rows: PlannedRow[];
  /** The rows to write (new and changed), in file order. */
  write: OfferPlanWrite[];
  /** Why rows cannot be saved ('Row 3: no product has the slug "cube-9"'); empty when all match. */
  unmatched: string[];
  fingerprint: string;
}

interface MerchantRef {
  id: number;
  slug: string;
  name: string;
}

/** slug first (exact, lower case), then name (any case); a name two merchants share is ambiguous. */
function merchantFinder(merchants: readonly MerchantRef[]) {
  const bySlug = new Map(merchants.map((merchant) => [merchant.slug.toLowerCase(), merchant]));
  const byName = new Map<string, MerchantRef[]>();
  for (const merchant of merchants) {
    const key = merchant.name.trim().toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), merchant]);
  }
  return (text: string): MerchantRef | MerchantRef[] | undefined => {
    const key = text.trim().toLowerCase();
    const named = byName.get(key);
    return bySlug.get(key) ?? (named && named.length > 1 ? named : named?.[0]);
  };
}

export async function planOfferImport(db: DB, offers: readonly OfferImport[], columns: readonly OfferFieldColumn[]): Promise<OfferPlan> {
  const products = new Map<string, { id: number; name: string }>();
  for (const part of chunks([...new Set(offers.map((offer) => offer.productSlug))], IN_LIST_CHUNK)) {
    const rows = await db.selectFrom("products").select(["id", "slug", "name"]).where("slug", "in", part).execute();
    for (const row of rows) products.set(row.slug, { id: Number(row.id), name: row.name });
  }
  // Merchants are few (a shop list, not a catalog): one read.
  const merchants = await db.selectFrom("merchants").select(["id", "slug", "name"]).execute();
  const findMerchant = merchantFinder(merchants.map((merchant) => ({ ...merchant, id: Number(merchant.id) })));
  const stored = await storedOffersOf(
    db,
    [...products.values()].map((product) => product.id),
  );

  const rows: PlannedRow[] = [];
  const write: OfferPlanWrite[] = [];
  const unmatched: string[] = [];
  const rowsByPair = new Map<string, { rows: number[]; label: string }>();
  for (const offer of offers) {
    const product = products.get(offer.productSlug);
    const merchant = findMerchant(offer.merchant);
    if (!product) unmatched.push(`Row ${offer.rowNumber}: no product has the slug "${offer.productSlug}"`);
    if (!merchant) {
      unmatched.push(`Row ${offer.rowNumber}: no merchant has the slug or name "${offer.merchant}" (add it under Merchants first)`);
    } else if (Array.isArray(merchant)) {
      unmatched.push(
        `Row ${offer.rowNumber}: ${merchant.length} merchants are named "${offer.merchant}"; use the slug (${merchant.map((m) => m.slug).join(" or ")})`,
      );
    }
    if (!product || !merchant || Array.isArray(merchant)) continue;
    // A merchant named by its slug on one row and its name on another is still one offer.
    const pair = `${product.id}:${merchant.id}`;
    const seen = rowsByPair.get(pair);
    if (seen) {
      seen.rows.push(offer.rowNumber);
      continue;
    }
    rowsByPair.set(pair, { rows: [offer.rowNumber], label: `${offer.productSlug} at ${merchant.slug}` });
    const current = storedOfferFor(stored, product.id, merchant.id);
    const planned = planOfferRow(
      current,
      { ...offer, slug: `${offer.productSlug} @ ${merchant.slug}`, name: `${product.name} at ${merchant.name}` },
      columns,
    );
    rows.push(planned);
    if (planned.status !== "unchanged") write.push({ offer, productId: product.id, merchantId: merchant.id, stored: current });
  }
  for (const { rows: repeated, label } of rowsByPair.values()) {
    if (repeated.length < 2) continue;
    const list = `${repeated.slice(0, -1).join(", ")} and ${repeated.at(-1)}`;
    unmatched.push(`Rows ${list} name the same offer, ${label} (a product has one offer per merchant)`);
  }
  return { rows, write, unmatched, fingerprint: planFingerprint(rows) };
}
