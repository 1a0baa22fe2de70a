import { sampleEditedOnUpdate } from "../db/sample-mark.server";
import type { Product } from "~/lib/catalog/catalog";
import {
  checkPickEntries,
  isBlankEntry,
  type PickCheck,
  type PickEntry,
  type PickEntryInput,
  type PickRole,
} from "~/lib/collection/pick-roles";
import { chunks, IN_LIST_CHUNK } from "../db/chunks";
import type { DB } from "../db/connection.server";
import { withOffers } from "../offers/offer-reads.server";
import { toProduct } from "../products/product-row-mapping";
import { publishCatalogChange } from "./catalog-broadcast.server";
import { invalidateCatalog } from "./catalog-cache.server";

/**
 * A collection's picks and "Also tested" entries (docs/decisions/0108): read for the editor and
 * for the page, and saved all or nothing. A save is a change of the collection: its 'Last
 * updated' moves, and every cached copy of its page is dropped (here and on other instances)
 * as for any other catalog save.
 */

/** One stored entry as the editor shows it. */
export interface StoredPickEntry {
  productId: number;
  productSlug: string;
  productName: string;
  role: PickRole;
  label: string | null;
  reason: string;
}

export async function readPickEntries(db: DB, collectionId: number): Promise<StoredPickEntry[]> {
  const rows = await db
    .selectFrom("collection_picks")
    .innerJoin("products", "products.id", "collection_picks.product_id")
    .select([
      "collection_picks.product_id",
      "products.slug",
      "products.name",
      "collection_picks.role",
      "collection_picks.label",
      "collection_picks.reason",
    ])
    .where("collection_picks.collection_id", "=", collectionId)
    .orderBy("collection_picks.position")
    .execute();
  return rows.map((row) => ({
    productId: Number(row.product_id),
    productSlug: row.slug,
    productName: row.name,
    role: row.role,
    label: row.label,
    reason: row.reason,
  }));
}

/** A collection's stored picks with their products (and offers, for the price), in the owner's order. */
export interface CollectionPickRecords {
  picks: { role: PickRole; label: string | null; reason: string; product: Product }[];
  alsoTested: { reason: string; product: Product }[];
}

export async function readCollectionPicks(db: DB, collectionId: number): Promise<CollectionPickRecords> {
  const rows = await db
    .selectFrom("collection_picks")
    .innerJoin("products", "products.id", "collection_picks.product_id")
    .selectAll("products")
    .select(["collection_picks.role as pick_role", "collection_picks.label as pick_label", "collection_picks.reason as pick_reason"])
    .where("collection_picks.collection_id", "=", collectionId)
    .orderBy("collection_picks.position")
    .execute();
  if (rows.length === 0) return { picks: [], alsoTested: [] };
  const products = await withOffers(
    db,
    rows.map((row) => toProduct(row)),
  );
  const picks: CollectionPickRecords["picks"] = [];
  const alsoTested: CollectionPickRecords["alsoTested"] = [];
  rows.forEach((row, index) => {
    const product = products[index]!;
    if (row.pick_role === "also-tested") alsoTested.push({ reason: row.pick_reason, product });
    else picks.push({ role: row.pick_role, label: row.pick_label, reason: row.pick_reason, product });
  });
  return { picks, alsoTested };
}

/** The products the typed references mean: a number is an id first, anything else a slug (any case). */
export async function resolveReferences(db: DB, references: readonly string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(references.map((reference) => reference.trim()).filter(Boolean))];
  const resolved = new Map<string, number>();
  const ids = wanted.filter((reference) => /^\d{1,15}$/.test(reference)).map(Number);
  for (const part of chunks(ids, IN_LIST_CHUNK)) {
    for (const row of await db.selectFrom("products").select("id").where("id", "in", part).execute()) {
      resolved.set(String(Number(row.id)), Number(row.id));
    }
  }
  const slugs = [...new Set(wanted.filter((reference) => !resolved.has(reference)).flatMap((slug) => [slug, slug.toLowerCase()]))];
  for (const part of chunks(slugs, IN_LIST_CHUNK)) {
    for (const row of await db.selectFrom("products").select(["id", "slug"]).where("slug", "in", part).execute()) {
      resolved.set(row.slug, Number(row.id));
    }
  }
  const found = new Map<string, number>();
  for (const reference of wanted) {
    const id = resolved.get(reference) ?? resolved.get(reference.toLowerCase());
    if (id !== undefined) found.set(reference, id);
  }
  return found;
}

export type PickSave = { ok: true; saved: PickEntry[] } | ({ ok: false } & PickCheck);

/**
 * The collection's picks become exactly these entries, in this order, or nothing changes: every
 * rule (pick-roles.ts) is checked first, and the writes share one transaction.
 */
export async function savePickEntries(db: DB, collectionId: number, inputs: readonly PickEntryInput[]): Promise<PickSave> {
  const typed = inputs.filter((input) => !isBlankEntry(input)).map((input) => input.product);
  const references = await resolveReferences(db, typed);
  const checked = checkPickEntries(inputs, (reference) => references.get(reference.trim()));
  if (!checked.ok) return checked;
  const { entries } = checked;
  const exists = await db.transaction().execute(async (trx) => {
    const touched = await trx
      .updateTable("collections")
      .set({ updated_at: new Date().toISOString(), sample_edited: sampleEditedOnUpdate("collections") })
      .where("id", "=", collectionId)
      .executeTakeFirst();
    if (Number(touched.numUpdatedRows) === 0) return false;
    await replaceCollectionPicks(trx, collectionId, entries);
    await publishCatalogChange(trx);
    return true;
  });
  if (!exists) return { ok: false, rows: new Map(), form: ["This collection no longer exists: it may have been deleted."] };
  invalidateCatalog(db);
  return { ok: true, saved: entries };
}

/** The collection's picks become exactly these checked entries, in order (inside the caller's transaction). */
export async function replaceCollectionPicks(trx: DB, collectionId: number, entries: readonly PickEntry[]): Promise<void> {
  await trx.deleteFrom("collection_picks").where("collection_id", "=", collectionId).execute();
  if (entries.length === 0) return;
  await trx
    .insertInto("collection_picks")
    .values(
      entries.map((entry, index) => ({
        collection_id: collectionId,
        product_id: entry.productId,
        role: entry.role,
        label: entry.label,
        reason: entry.reason,
        position: index + 1,
      })),
    )
    .execute();
}

/** Every collection's entries with their products' ids and slugs, for the collections CSV (collections are few). */
export async function picksByCollection(
  db: DB,
): Promise<Map<number, { role: PickRole; label: string | null; reason: string; product: { id: number; slug: string } }[]>> {
  const rows = await db
    .selectFrom("collection_picks")
    .innerJoin("products", "products.id", "collection_picks.product_id")
    .select([
      "collection_picks.collection_id",
      "collection_picks.role",
      "collection_picks.label",
      "collection_picks.reason",
      "products.id as product_id",
      "products.slug",
    ])
    .orderBy("collection_picks.collection_id")
    .orderBy("collection_picks.position")
    .execute();
  const byCollection = new Map<number, { role: PickRole; label: string | null; reason: string; product: { id: number; slug: string } }[]>();
  for (const row of rows) {
    const id = Number(row.collection_id);
    if (!byCollection.has(id)) byCollection.set(id, []);
    byCollection
      .get(id)!
      .push({ role: row.role, label: row.label, reason: row.reason, product: { id: Number(row.product_id), slug: row.slug } });
  }
  return byCollection;
}
