import { sql, type Insertable, type Transaction } from "kysely";
import { prepareProductForSave, type ProductCsvColumn, type ProductImport } from "~/lib/csv/product-csv";
import type { SitePrices } from "~/lib/offers/price-view";
import { publishCatalogChange } from "../catalog/catalog-broadcast.server";
import { chunks, IN_LIST_CHUNK } from "../db/chunks";
import type { DB } from "../db/connection.server";
import { vacuumAfterBulkWrite, watchTableGrowth, type GrowthWatch } from "../db/planner-statistics.server";
import type { Database, ProductsTable } from "../db/schema";
import { DEFAULT_PRICES, priceSettingsAt, refreshedProductPrices, refreshProductPrices } from "../offers/maintained-price.server";
import { savePrimaryOffers, type CreatedProduct, type PrimaryOfferFields } from "../offers/primary-offers.server";
import { listKeyRow, refreshProductListKeys } from "../products/product-list-keys.server";
import { readReviewWeights } from "../products/review-weights.server";
import { columnsUpdatedByCsv, toProductRow } from "../products/product-row-mapping";
import { findProductIdBySlug, insertProduct, updateProductAtVersion, upsertProductsOnSlug } from "../products/products.server";
import { claimVersion, StaleVersion } from "../forms/edit-conflict.server";
import { keepProductRevision, partValuesNow, type Editor } from "./product-revisions.server";
import type { CollectionChoice, PlanSummary } from "~/lib/csv/import-plan";
import { ownString } from "~/lib/csv/csv-table";
import { ruleListChanges, startProductPlan } from "./import-plan.server";
import { collectionSlugsByProduct } from "./membership-reads.server";
import { keepRules, setProductCollections } from "./memberships.server";
import { CollectionChoiceNeeded, databaseMessage, ImportRowError, PlanChanged } from "./save-errors";
import { measurementImportWriter } from "../measurements/measurement-import.server";

/**
 * Saving products: an upsert on slug of every new or changed row (ADR 0031) inside ONE
 * transaction, in bulk statements (bulk-rows.server.ts: 200,000 rows are a few hundred statements,
 * not 200,000), then the memberships from collection_ids. Any failure rolls everything back, and the failing row is named.
 * The price, sale and link fields are the product's primary offer (ADR 0057): written there, then
 * the products row's copy of the displayed price is refreshed, in the same transaction.
 */

/**
 * Rows carried through the save together (their rows, offers, prices and keys): the work held in
 * memory at a time. The statements under it split as each database needs (bulk-rows.server.ts).
 */
export const PRODUCT_BATCH_SIZE = 1000;

type Trx = Transaction<Database>;

/** The site's price settings (config.prices): the currency a typed price is in, and the rule's country. */
export type PriceConfig = SitePrices;

/** The product columns that hold the primary offer's fields, with the CSV column that brings each. */
const OFFER_FIELDS: {
  column: ProductCsvColumn;
  field: keyof PrimaryOfferFields;
  read: (product: ProductImport) => string | number | null;
}[] = [
  { column: "price", field: "priceCents", read: (product) => product.priceCents },
  { column: "sale_price", field: "salePriceCents", read: (product) => product.salePriceCents },
  { column: "sale_ends", field: "saleEndsAt", read: (product) => product.saleEndsAt },
  { column: "affiliate_link", field: "link", read: (product) => product.affiliateLink },
];

/** The tables a product import grows: its rows, their primary offers, list-tag rows and first prices. */
const GROWN_BY_IMPORT = ["products", "offers", "product_list_tags", "offer_price_history"] as const;

/** Kept by refreshProductPrices from the offers, never written from a file onto an existing row. */
const MAINTAINED_COLUMNS: readonly (keyof ProductsTable)[] = ["price_cents", "sale_price_cents", "sale_ends_at", "affiliate_link"];

/** The primary offer's fields a file (or the form, which has every column) gives for one product. */
function offerFieldsOf(product: ProductImport, columns: readonly ProductCsvColumn[]): Partial<PrimaryOfferFields> {
  const fields: Partial<Record<keyof PrimaryOfferFields, string | number | null>> = {};
  for (const { column, field, read } of OFFER_FIELDS) if (columns.includes(column)) fields[field] = read(product);
  return fields as Partial<PrimaryOfferFields>;
}

/** An imported or edited product is a real one, even when it replaces a sample of the same slug. */
function toRow(product: ProductImport, now: string): Insertable<ProductsTable> {
  return toProductRow(product, { isSample: false, now });
}

/** A new product's row as the offers' save and the price refresh need it (see CreatedProduct). */
function createdProduct(row: Insertable<ProductsTable>): CreatedProduct {
  return {
    brand: row.brand,
    website: row.website ?? null,
    shippingInfo: row.shipping_info ?? null,
    isSample: Boolean(row.is_sample),
    stored: {
      price_cents: row.price_cents ?? null,
      sale_price_cents: row.sale_price_cents ?? null,
      sale_ends_at: row.sale_ends_at ?? null,
      affiliate_link: row.affiliate_link ?? null,
    },
  };
}

/**
 * An imported row with its list keys computed from the file's fields, so a new product is written
 * once, with the full-text entry it keeps. The upsert leaves an existing row's keys alone (they are
 * not among the updated columns), and refreshProductListKeys then writes only the keys that differ
 * from what the merged row gives: an update, or a price the offers display differently.
 */
function toImportRow(product: ProductImport, now: string): Insertable<ProductsTable> {
  return Object.assign(toRow(product, now), listKeyRow(product));
}

export interface ProductSaveResult {
  /** Rows written: the new and the changed ones. */
  saved: number;
  /** Rows equal to what is stored, which were not written (their updated_at does not move). */
  unchanged: number;
  /** collection_ids entries that name no collection: 'Row 3: no-such-list'. */
  notLinked: string[];
  /** The plan the save carried out, computed inside its transaction: its counts and the rows the page shows. */
  plan: PlanSummary;
  /** Measured values written from measure:<slug> columns, and notes on columns naming no measurement. */
  measurements?: { written: number; changed: boolean; notes: string[] };
}

export interface ProductSaveOptions {
  batchSize?: number;
  /**
   * The fingerprint of the plan the admin previewed. When the plan computed inside the save's
   * transaction differs (the catalog changed since the preview), nothing is saved.
   */
  expectedFingerprint?: string;
  /** The site's price settings; SITE_COUNTRY, SITE_CURRENCY and PRICE_MAX_AGE's defaults when not given. */
  prices?: PriceConfig;
  /**
   * The owner's answer for the plan's rule-listed collections (ADR 0070). Without one, a plan
   * that has any saves nothing (CollectionChoiceNeeded); a plan without any ignores it.
   */
  collectionChoice?: CollectionChoice;
  /** Heard between batches (the run's Cancel): its reason is thrown, and the transaction rolls back. */
  signal?: AbortSignal;
  /** After each batch: the rows read and written so far (the run's progress). */
  onBatch?(read: number, written: number): void;
  /** The last step inside the save's transaction: a run ends itself here, so its end commits with the rows. */
  beforeCommit?(trx: DB, result: ProductSaveResult): Promise<void>;
}

/** A whole parsed file (the form's tests, the fixtures): saved as the stream of its batches. */
export async function saveProducts(
  db: DB,
  imported: readonly ProductImport[],
  columns: readonly ProductCsvColumn[],
  options: ProductSaveOptions = {},
): Promise<ProductSaveResult> {
  const batchSize = options.batchSize ?? PRODUCT_BATCH_SIZE;
  async function* batches() {
    for (let at = 0; at < imported.length; at += batchSize) yield imported.slice(at, at + batchSize);
  }
  return saveProductStream(db, columns, batches(), options);
}

/**
 * The save of a file read as it streams in: each batch of parsed rows is planned against the
 * database as it stands inside the transaction, then written (its rows, their primary offers,
 * the rows' copy of the displayed price, their list keys) before the next is read, so memory
 * holds one batch whatever the file's size. Still ONE transaction: the plan's fingerprint, the
 * rule-listed collections' question and the file's own refusals (a slug used twice, thrown by
 * the batches' source when it ends) are settled at the end, and any of them, or a failing row,
 * rolls everything back. Memberships are linked at the end, for the whole file, from a compact
 * list of product ids and collection ids.
 */
export async function saveProductStream(
  db: DB,
  columns: readonly ProductCsvColumn[],
  batches: AsyncIterable<readonly ProductImport[]>,
  options: ProductSaveOptions = {},
): Promise<ProductSaveResult> {
  const weights = await readReviewWeights(db);
  const now = new Date().toISOString();
  const update = columnsUpdatedByCsv(columns).filter((column) => !MAINTAINED_COLUMNS.includes(column));
  const offerColumns = OFFER_FIELDS.some(({ column }) => columns.includes(column));
  const withCollections = columns.includes("collection_ids");
  const settings = priceSettingsAt(options.prices ?? DEFAULT_PRICES);

  let growth: GrowthWatch | undefined;
  const result = await db.transaction().execute(async (trx) => {
    growth = await watchTableGrowth(trx, GROWN_BY_IMPORT);
    const planner = await startProductPlan(trx, columns, options.prices);
    const memberships: { productId: number; collectionSlugs: string[] }[] = [];
    const collectionSlugs = new Map<string, string>();
    const measurements = measurementImportWriter();
    let read = 0;
    let writtenSoFar = 0;
    for await (const batch of batches) {
      options.signal?.throwIfAborted();
      read += batch.length;
      const { write, isNew } = await planner.plan(
        trx,
        batch.map((product) => prepareProductForSave(product, weights)),
      );
      writtenSoFar += write.length;
      options.onBatch?.(read, writtenSoFar);
      if (write.length === 0) {
        await measurements.write(trx, batch, new Map());
        continue;
      }
      const rows = write.map((product) => toImportRow(product, now));
      const saved = await upsertBatch(trx, write, rows, update);
      const idBySlug = new Map(saved.map((row) => [row.slug, row.id]));
      const ids = write.map((product) => idBySlug.get(product.slug)!);
      let repriced: number[] = [];
      if (offerColumns) {
        // The new rows are known as written: the offers' save and the price refresh need not read them back.
        const created = new Map<number, CreatedProduct>();
        write.forEach((product, at) => {
          if (isNew.has(product.slug)) created.set(ids[at]!, createdProduct(rows[at]!));
        });
        const firstOffers = await savePrimaryOffers(
          trx,
          write.map((product, at) => ({ productId: ids[at]!, fields: offerFieldsOf(product, columns) })),
          { source: "csv", currency: settings.currency, now, created },
        );
        repriced = await refreshedProductPrices(trx, ids, settings, { products: created, firstOffers });
      }
      // The list keys read the displayed price: a row whose price the offers changed is keyed again.
      await refreshProductListKeys(trx, [...ids.filter((_, at) => !isNew.has(write[at]!.slug)), ...repriced]);
      if (withCollections) {
        write.forEach((product, at) => {
          // A new product in no collection has no membership to set.
          if (product.collectionIds.length === 0 && isNew.has(product.slug)) return;
          memberships.push({ productId: ids[at]!, collectionSlugs: product.collectionIds.map((slug) => interned(collectionSlugs, slug)) });
        });
      }
      await measurements.write(trx, batch, idBySlug);
      await growth.wrote(trx, write.length);
    }
    // The plan is whole only now: a plan that differs from the preview stops the save.
    const totals = planner.finish();
    const plan: PlanSummary = { counts: totals.counts, rows: totals.rows, fingerprint: totals.fingerprint, ruleLists: totals.ruleLists };
    if (options.expectedFingerprint !== undefined && options.expectedFingerprint !== plan.fingerprint) throw new PlanChanged(plan);
    // A rule-listed collection changes only as the owner chose, inside this same transaction.
    if (plan.ruleLists.length > 0) {
      if (!options.collectionChoice) throw new CollectionChoiceNeeded(plan);
      if (options.collectionChoice === "add")
        await keepRules(
          trx,
          plan.ruleLists.map((change) => change.slug),
        );
    }
    // The plan has already set aside (and reported) collection slugs that do not exist.
    if (withCollections) await linkCollectionSlugs(trx, memberships);
    const measured = measurements.finish();
    if (totals.written > 0 || measured.changed) await publishCatalogChange(trx);
    options.signal?.throwIfAborted();
    const saved: ProductSaveResult = {
      saved: totals.written,
      unchanged: read - totals.written,
      notLinked: totals.notLinked,
      plan,
      ...(measured.written > 0 || measured.notes.length > 0 ? { measurements: measured } : {}),
    };
    await options.beforeCommit?.(trx, saved);
    return saved;
  });
  // The pages read next are planned from these figures (planner-statistics.server.ts).
  if (growth?.worthAnalyzing) await vacuumAfterBulkWrite(db, GROWN_BY_IMPORT);
  return result;
}

/** One copy of each collection slug for the whole file (see ownString). */
function interned(seen: Map<string, string>, slug: string): string {
  let own = seen.get(slug);
  if (own === undefined) seen.set((own = ownString(slug)), own);
  return own;
}

/**
 * One batch's upsert, inside a savepoint: when it fails, the batch is undone alone and written
 * again row by row (each in a savepoint of its own) to name the row; the error then rolls the
 * whole transaction back. Slow, but only on the failure path, and it needs no earlier batch.
 */
async function upsertBatch(
  trx: Trx,
  batch: readonly ProductImport[],
  rows: readonly Insertable<ProductsTable>[],
  update: (keyof ProductsTable)[],
): Promise<{ id: number; slug: string }[]> {
  await sql`savepoint product_batch`.execute(trx);
  try {
    const saved = await upsertProductsOnSlug(trx, rows, update);
    await sql`release savepoint product_batch`.execute(trx);
    return saved;
  } catch (failure) {
    await sql`rollback to savepoint product_batch`.execute(trx);
    for (const [at, product] of batch.entries()) {
      await sql`savepoint product_row`.execute(trx);
      try {
        await upsertProductsOnSlug(trx, [rows[at]!], update);
        await sql`release savepoint product_row`.execute(trx);
      } catch (error) {
        throw new ImportRowError(product.rowNumber, product.slug, databaseMessage(error));
      }
    }
    throw new Error(`Rows ${batch[0]?.rowNumber ?? "?"}–${batch.at(-1)?.rowNumber ?? "?"}: ${databaseMessage(failure)}`);
  }
}

/** Links each product to its collections by slug; returns the entries that name none ('Row 3: no-such'). */
async function linkCollectionSlugs(trx: Trx, entries: readonly { productId: number; collectionSlugs: readonly string[] }[]): Promise<void> {
  const slugs = [...new Set(entries.flatMap((entry) => entry.collectionSlugs))];
  const collectionIdBySlug = new Map<string, number>();
  for (const part of chunks(slugs, IN_LIST_CHUNK)) {
    const rows = await trx.selectFrom("collections").select(["id", "slug"]).where("slug", "in", part).execute();
    for (const row of rows) collectionIdBySlug.set(row.slug, Number(row.id));
  }
  await setProductCollections(
    trx,
    entries.map((entry) => ({
      productId: entry.productId,
      collectionIds: entry.collectionSlugs.flatMap((slug) => collectionIdBySlug.get(slug) ?? []),
    })),
  );
}

/** Links each product to its collections; returns the collection_ids entries that name none ('Row 3: no-such'). */
async function linkCollections(trx: Trx, products: readonly ProductImport[], idBySlug: Map<string, number>): Promise<string[]> {
  const slugs = [...new Set(products.flatMap((product) => product.collectionIds))];
  const collectionIdBySlug = new Map<string, number>();
  for (const part of chunks(slugs, IN_LIST_CHUNK)) {
    const rows = await trx.selectFrom("collections").select(["id", "slug"]).where("slug", "in", part).execute();
    for (const row of rows) collectionIdBySlug.set(row.slug, Number(row.id));
  }
  const notLinked: string[] = [];
  const entries = products.map((product) => ({
    productId: idBySlug.get(product.slug)!,
    collectionIds: product.collectionIds.flatMap((slug) => {
      const id = collectionIdBySlug.get(slug);
      if (id === undefined) notLinked.push(`Row ${product.rowNumber}: ${slug}`);
      return id === undefined ? [] : [id];
    }),
  }));
  await setProductCollections(trx, entries);
  return notLinked;
}

const ALL_OFFER_COLUMNS = OFFER_FIELDS.map(({ column }) => column);

/**
 * The admin's one-product form. A new product must have a slug of its own; an edited one is
 * found by id, so its slug may change (as long as no other product has the new one).
 */
export interface OneProductSave {
  /** The version the form was loaded at: an edit over a newer one throws StaleVersion. */
  version?: number;
  /** Its primary offer's version as the form loaded it (null: it had none); a different one throws StaleVersion. */
  offerVersion?: number | null;
  /** Who saves: the save keeps a revision (the product's, and the review's when its fields changed). */
  editor?: Editor;
  /** The revision a restore puts back. */
  restoredFrom?: number;
}

export async function saveOneProduct(
  db: DB,
  imported: ProductImport,
  editingId: number | null,
  prices: PriceConfig = DEFAULT_PRICES,
  options: OneProductSave = {},
): Promise<{ id: number; notLinked: string[] }> {
  const product = prepareProductForSave(imported, await readReviewWeights(db));
  const now = new Date().toISOString();
  const settings = priceSettingsAt(prices);
  return db.transaction().execute(async (trx) => {
    const sameSlug = await findProductIdBySlug(trx, product.slug);
    if (sameSlug !== undefined && sameSlug !== editingId) {
      throw new ImportRowError(0, product.slug, "another product already has this slug");
    }
    let id: number;
    const before =
      editingId !== null && options.editor
        ? await Promise.all([partValuesNow(trx, editingId, "product"), partValuesNow(trx, editingId, "review")])
        : null;
    if (editingId === null) {
      id = await insertProduct(trx, toRow(product, now));
    } else {
      const version =
        options.version ??
        Number((await trx.selectFrom("products").select("version").where("id", "=", editingId).executeTakeFirst())?.version ?? 0);
      const outcome = await updateProductAtVersion(trx, editingId, version, toRow(product, now));
      if (outcome === "missing") throw new ImportRowError(0, product.slug, "this product no longer exists");
      if (outcome === "stale") throw new StaleVersion();
      if (options.offerVersion !== undefined) {
        // The form's price, sale and link are the primary offer's, which its own form saves too.
        const primary = await trx
          .selectFrom("offers")
          .select("id")
          .where("product_id", "=", editingId)
          .where("is_primary", "=", true)
          .executeTakeFirst();
        if ((primary === undefined) !== (options.offerVersion === null)) throw new StaleVersion();
        if (primary) await claimVersion(trx, "offers", Number(primary.id), options.offerVersion!);
      }
      id = editingId;
    }
    // The form asks nothing: a rule-listed collection it adds the product to keeps its rule and
    // gains the product (the import's "add"), never turns into a list of this one product.
    const current = editingId === null ? [] : ((await collectionSlugsByProduct(trx, [editingId])).get(editingId) ?? []);
    const joining = new Map(product.collectionIds.filter((slug) => !current.includes(slug)).map((slug) => [slug, [product.slug]]));
    const ruled = (await ruleListChanges(trx, joining)).map((change) => change.slug);
    if (ruled.length > 0) await keepRules(trx, ruled);
    const notLinked = await linkCollections(trx, [product], new Map([[product.slug, id]]));
    await savePrimaryOffers(trx, [{ productId: id, fields: offerFieldsOf(product, ALL_OFFER_COLUMNS) }], {
      source: "form",
      currency: settings.currency,
      now,
    });
    await refreshProductPrices(trx, [id], settings);
    await refreshProductListKeys(trx, [id]);
    if (options.editor) {
      const at = Date.now();
      const kept = { now: at, restoredFrom: options.restoredFrom };
      await keepProductRevision(trx, id, "product", options.editor, before?.[0]?.values ?? null, kept);
      // The product form holds the review's fields too: a change to them is the review's revision as well.
      const reviewNow = await partValuesNow(trx, id, "review");
      if (before?.[1] && reviewNow && JSON.stringify(before[1].values) !== JSON.stringify(reviewNow.values))
        await keepProductRevision(trx, id, "review", options.editor, before[1].values, { now: at });
    }
    await publishCatalogChange(trx);
    return { id, notLinked };
  });
}
