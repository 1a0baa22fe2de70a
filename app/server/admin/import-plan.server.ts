import { createHash, type Hash } from "node:crypto";
import type { CollectionCsvColumn, CollectionImport } from "~/lib/csv/collection-csv";
import { collectionRule, storingReplacesRule } from "~/lib/collection/collection-listing";
import {
  planCollectionRow,
  planProductRow,
  PlanRowsKept,
  type CollectionState,
  type PlanSummary,
  type PlannedRow,
  type RuleListChange,
  type StoredProduct,
} from "~/lib/csv/import-plan";
import type { ProductCsvColumn, ProductImport } from "~/lib/csv/product-csv";
import { ownString } from "~/lib/csv/csv-table";
import type { SitePrices } from "~/lib/offers/price-view";
import { chunks, IN_LIST_CHUNK } from "../db/chunks";
import type { DB } from "../db/connection.server";
import type { CriteriaType } from "~/lib/catalog/catalog";
import { countProducts } from "../catalog/product-lists.server";
import { DEFAULT_PRICES, priceSettingsAt } from "../offers/maintained-price.server";
import { storedPriceFields, withPrimaryOffer } from "../offers/primary-offers.server";
import { listProductFieldsBySlugs, listProductRefsByIds, listProductRefsBySlugs } from "../products/products.server";
import { collectionSlugsByProduct, membersByCollection } from "./membership-reads.server";
import { checkPickEntries, pickLine, type PickEntry } from "~/lib/collection/pick-roles";
import { picksByCollection, resolveReferences } from "../catalog/collection-picks.server";
import { PicksRefused } from "./save-errors";

/**
 * The import plan against the database (ADR 0031): which rows of a parsed file are new, changed
 * or unchanged. Run for the preview and again by the save inside its transaction (pass the
 * transaction as db), so the save writes exactly what the rules say at that moment. Stored rows
 * are loaded by slug in chunks (one query per 500 rows), their memberships as the export reads
 * them (membership-reads.server.ts), and compared in memory.
 */

export interface ProductPlan {
  rows: PlannedRow[];
  /** The rows to write (new and changed), in file order. */
  write: ProductImport[];
  /** collection_ids entries that name no collection: 'Row 3: no-such-list'. */
  notLinked: string[];
  /** Rule-listed collections the write would turn into hand-picked lists: the save needs the owner's choice (ADR 0070). */
  ruleLists: RuleListChange[];
  fingerprint: string;
}

export interface CollectionPlan {
  rows: PlannedRow[];
  /** Each row to write: its products, and its checked picks when the file has the picks column. */
  write: { collection: CollectionImport; productIds: number[]; picks: PickEntry[] | null }[];
  /** product_ids entries that name no product: 'Row 2 (best-cedar): cube-9'. */
  notFound: string[];
  fingerprint: string;
}

/**
 * A digest of every row's status and changes, and of the rule-listed collections the save would
 * change with how many saunas each lists now: equal digests, same save, on the same pages.
 */
export function planFingerprint(rows: readonly PlannedRow[], ruleLists: readonly RuleListChange[] = []): string {
  const hash = createHash("sha256");
  for (const row of rows) hashPlannedRow(hash, row);
  hashRuleLists(hash, ruleLists);
  return hash.digest("base64url").slice(0, 32);
}

function hashPlannedRow(hash: Hash, row: PlannedRow): void {
  hash.update(JSON.stringify([row.slug, row.status, row.changes]));
}

function hashRuleLists(hash: Hash, ruleLists: readonly RuleListChange[]): void {
  if (ruleLists.length > 0)
    hash.update(JSON.stringify(["rule-lists", ruleLists.map((change) => [change.slug, change.ruleCount, change.listed])]));
}

/** products must be as the save writes them (prepareProductForSave). The whole file at once. */
export async function planProductImport(
  db: DB,
  products: readonly ProductImport[],
  columns: readonly ProductCsvColumn[],
  prices: SitePrices = DEFAULT_PRICES,
): Promise<ProductPlan> {
  const planner = await startProductPlan(db, columns, prices);
  const { rows, write } = await planner.plan(db, products);
  const summary = planner.finish();
  return { rows, write, notLinked: summary.notLinked, ruleLists: summary.ruleLists, fingerprint: summary.fingerprint };
}

/** The whole plan of a file planned batch by batch: the summary the page is shown, and what did not link. */
export interface ProductPlanTotals extends PlanSummary {
  notLinked: string[];
  /** Rows written (new and changed). */
  written: number;
}

/**
 * A product plan made batch by batch, as the file streams in: each batch is compared with the
 * database as it stands when the batch comes (the save writes it before the next one), and only
 * what the page is shown is kept, so planning 200,000 rows holds one batch's rows. The
 * fingerprint is the one planFingerprint gives over all the rows (hashed as they come), and the
 * rule-listed collections' question is answered with counts taken before any batch is written:
 * those the preview, which writes nothing, would take.
 */
export interface ProductPlanner {
  /** Plans one batch (prepared rows): its planned rows and the rows to write (new and changed, collection ids that do not exist left out). */
  plan(db: DB, products: readonly ProductImport[]): Promise<{ rows: PlannedRow[]; write: ProductImport[]; isNew: Set<string> }>;
  finish(): ProductPlanTotals;
}

export async function startProductPlan(
  db: DB,
  columns: readonly ProductCsvColumn[],
  prices: SitePrices = DEFAULT_PRICES,
): Promise<ProductPlanner> {
  const withCollections = columns.includes("collection_ids");
  // The save links only collections that exist when it runs; compare with that. Collections are few.
  const existing = withCollections ? new Set(await listAllCollectionSlugs(db)) : null;
  const candidates = withCollections ? await ruleListCandidates(db) : new Map<string, RuleCandidate>();
  const hash = createHash("sha256");
  const kept = new PlanRowsKept();
  const notLinked: string[] = [];
  /** Each candidate collection the written rows join, with those products' slugs in file order. */
  const joining = new Map<string, string[]>();
  let written = 0;
  return {
    async plan(db, products) {
      const stored = await loadStoredProducts(
        db,
        products.map((product) => product.slug),
        withCollections,
        prices,
      );
      const rows: PlannedRow[] = [];
      const write: ProductImport[] = [];
      const isNew = new Set<string>();
      for (const product of products) {
        let row = product;
        if (existing) {
          const missing = product.collectionIds.filter((slug) => !existing.has(slug));
          for (const slug of missing) notLinked.push(ownString(`Row ${product.rowNumber}: ${slug}`));
          if (missing.length > 0) row = { ...product, collectionIds: product.collectionIds.filter((slug) => existing.has(slug)) };
        }
        const before = stored.get(product.slug);
        const planned = planProductRow(before, row, columns);
        hashPlannedRow(hash, planned);
        kept.add(planned);
        rows.push(planned);
        if (planned.status === "unchanged") continue;
        write.push(row);
        written += 1;
        if (planned.status === "new") isNew.add(row.slug);
        if (candidates.size === 0) continue;
        const current = new Set(before?.collectionIds ?? []);
        for (const slug of row.collectionIds) {
          if (current.has(slug) || !candidates.has(slug)) continue;
          const listed = joining.get(slug);
          const own = ownString(row.slug);
          if (listed) listed.push(own);
          else joining.set(slug, [own]);
        }
      }
      return { rows, write, isNew };
    },
    finish() {
      const ruleLists: RuleListChange[] = [];
      for (const [slug, listed] of joining) {
        const candidate = candidates.get(slug)!;
        ruleLists.push({ slug, title: candidate.title, ruleCount: candidate.ruleCount, listedCount: listed.length, listed });
      }
      hashRuleLists(hash, ruleLists);
      const fingerprint = hash.digest("base64url").slice(0, 32);
      return { counts: kept.counts, rows: kept.rows, fingerprint, ruleLists, notLinked, written };
    },
  };
}

interface RuleCandidate {
  title: string;
  /** How many saunas its rule lists before the import writes anything. */
  ruleCount: number;
}

/**
 * The collections a file's products could turn from a rule into a hand-picked list: they list by
 * a rule, hold no stored product and do not keep their rule (collection-listing.ts). Each counted
 * as it stands now, before a batch is written. A few small queries: collections are few.
 */
async function ruleListCandidates(db: DB): Promise<Map<string, RuleCandidate>> {
  const records = await db
    .selectFrom("collections")
    .select(["id", "slug", "title", "criteria_type", "criteria_value", "keeps_rule"])
    .execute();
  const withStored = new Set<number>();
  for (const part of chunks(
    records.map((record) => Number(record.id)),
    IN_LIST_CHUNK,
  )) {
    const rows = await db.selectFrom("collection_products").select("collection_id").distinct().where("collection_id", "in", part).execute();
    for (const row of rows) withStored.add(Number(row.collection_id));
  }
  const candidates = new Map<string, RuleCandidate>();
  for (const row of records) {
    const record = {
      slug: row.slug,
      criteriaType: row.criteria_type as CriteriaType,
      criteriaValue: row.criteria_value,
      keepsRule: Boolean(row.keeps_rule),
    };
    if (!storingReplacesRule(record, withStored.has(Number(row.id)))) continue;
    candidates.set(row.slug, { title: row.title, ruleCount: await countProducts(db, collectionRule(record)!) });
  }
  return candidates;
}

async function listAllCollectionSlugs(db: DB): Promise<string[]> {
  return (await db.selectFrom("collections").select("slug").execute()).map((row) => row.slug);
}

/**
 * The joined collections that list by a rule and hold no stored product yet, nor keep their rule:
 * stored products would replace the rule there (collection-listing.ts). Each with how many saunas
 * its rule lists now. A few small queries, whatever the file's size: collections are few.
 */
export async function ruleListChanges(db: DB, joining: ReadonlyMap<string, string[]>): Promise<RuleListChange[]> {
  if (joining.size === 0) return [];
  const records = new Map<
    string,
    { id: number; slug: string; title: string; criteriaType: CriteriaType; criteriaValue: string | null; keepsRule: boolean }
  >();
  for (const part of chunks([...joining.keys()], IN_LIST_CHUNK)) {
    const rows = await db
      .selectFrom("collections")
      .select(["id", "slug", "title", "criteria_type", "criteria_value", "keeps_rule"])
      .where("slug", "in", part)
      .execute();
    for (const row of rows) {
      records.set(row.slug, {
        id: Number(row.id),
        slug: row.slug,
        title: row.title,
        criteriaType: row.criteria_type as CriteriaType,
        criteriaValue: row.criteria_value,
        keepsRule: Boolean(row.keeps_rule),
      });
    }
  }
  const withStored = new Set<number>();
  for (const part of chunks(
    [...records.values()].map((record) => record.id),
    IN_LIST_CHUNK,
  )) {
    const rows = await db.selectFrom("collection_products").select("collection_id").distinct().where("collection_id", "in", part).execute();
    for (const row of rows) withStored.add(Number(row.collection_id));
  }
  const changes: RuleListChange[] = [];
  for (const [slug, listed] of joining) {
    const record = records.get(slug);
    if (!record || !storingReplacesRule(record, withStored.has(record.id))) continue;
    const ruleCount = await countProducts(db, collectionRule(record)!);
    changes.push({ slug, title: record.title, ruleCount, listedCount: listed.length, listed });
  }
  return changes;
}

async function loadStoredProducts(
  db: DB,
  slugs: readonly string[],
  withCollections: boolean,
  prices: SitePrices,
): Promise<Map<string, StoredProduct>> {
  const stored = new Map<string, StoredProduct>();
  const slugById = new Map<number, string>();
  const records = await listProductFieldsBySlugs(db, slugs);
  // The file's price, sale and link columns are the primary offer's (ADR 0057): compare with it.
  const primaries = await storedPriceFields(db, records, priceSettingsAt(prices));
  for (const record of records) {
    const { id, ...fields } = withPrimaryOffer(record, primaries);
    stored.set(fields.slug, { ...fields, collectionIds: [] });
    slugById.set(id, fields.slug);
  }
  if (withCollections) {
    const collectionsOf = await collectionSlugsByProduct(db, [...slugById.keys()]);
    for (const [productId, slugs] of collectionsOf) stored.get(slugById.get(productId)!)!.collectionIds = slugs;
  }
  return stored;
}

/**
 * product_ids may be ids or slugs (ADR 0012): a token of digits is an id when such a product
 * exists, else it is tried as a slug, as the product pages do. Returns ref → product.
 */
export async function resolveProductRefs(db: DB, refs: readonly string[]): Promise<Map<string, { id: number; slug: string }>> {
  const unique = [...new Set(refs)];
  const numeric = unique.filter((ref) => /^\d{1,15}$/.test(ref)).map(Number);
  const byId = new Map((await listProductRefsByIds(db, numeric)).map((product) => [product.id, product.slug]));
  const bySlug = new Map((await listProductRefsBySlugs(db, unique)).map((product) => [product.slug, product.id]));
  const resolved = new Map<string, { id: number; slug: string }>();
  for (const ref of unique) {
    const asId = /^\d{1,15}$/.test(ref) ? byId.get(Number(ref)) : undefined;
    if (asId !== undefined) resolved.set(ref, { id: Number(ref), slug: asId });
    else if (bySlug.has(ref)) resolved.set(ref, { id: bySlug.get(ref)!, slug: ref });
  }
  return resolved;
}

export async function planCollectionImport(
  db: DB,
  collections: readonly CollectionImport[],
  columns: readonly CollectionCsvColumn[],
): Promise<CollectionPlan> {
  const stored = new Map<string, CollectionState>();
  const idBySlug = new Map<string, number>();
  for (const part of chunks(
    collections.map((collection) => collection.slug),
    IN_LIST_CHUNK,
  )) {
    const records = await db
      .selectFrom("collections")
      .select(["id", "slug", "title", "description", "image_url", "featured"])
      .where("slug", "in", part)
      .execute();
    for (const record of records) {
      idBySlug.set(record.slug, Number(record.id));
      stored.set(record.slug, {
        title: record.title,
        description: record.description,
        imageUrl: record.image_url,
        featured: Boolean(record.featured),
        members: [],
      });
    }
  }
  const withMembers = columns.includes("product_ids");
  if (withMembers) {
    const membersOf = await membersByCollection(db, [...idBySlug.values()]);
    for (const [slug, id] of idBySlug) stored.get(slug)!.members = (membersOf.get(id) ?? []).map((member) => member.slug);
  }

  const resolved = withMembers
    ? await resolveProductRefs(
        db,
        collections.flatMap((collection) => collection.productRefs),
      )
    : new Map();
  const withPicks = columns.includes("picks");
  const picks = withPicks ? await planPicks(db, collections, idBySlug, stored) : new Map<string, PickPlan>();
  const rows: PlannedRow[] = [];
  const write: CollectionPlan["write"] = [];
  const notFound: string[] = [];
  for (const collection of collections) {
    // The save's list: each product once, in the file's order; unknown references skipped.
    const products: { id: number; slug: string }[] = [];
    const seen = new Set<number>();
    for (const ref of withMembers ? collection.productRefs : []) {
      const product = resolved.get(ref);
      if (!product) notFound.push(`Row ${collection.rowNumber} (${collection.slug}): ${ref}`);
      else if (!seen.has(product.id)) {
        seen.add(product.id);
        products.push(product);
      }
    }
    const planned = planCollectionRow(
      stored.get(collection.slug),
      { ...collection, members: products.map((product) => product.slug), picks: picks.get(collection.slug)?.lines },
      columns,
    );
    rows.push(planned);
    if (planned.status !== "unchanged") {
      write.push({ collection, productIds: products.map((product) => product.id), picks: picks.get(collection.slug)?.entries ?? null });
    }
  }
  return { rows, write, notFound, fingerprint: planFingerprint(rows) };
}

interface PickPlan {
  entries: PickEntry[];
  /** As the CSV writes them, for the comparison. */
  lines: string[];
}

/**
 * The file's picks, checked by the picks editor's own rules (one Best overall, a line why of at
 * most 200 characters, known products…): a row that breaks one refuses the file, naming the row
 * and the entry. The stored picks of the file's collections are read for the comparison.
 */
async function planPicks(
  db: DB,
  collections: readonly CollectionImport[],
  idBySlug: ReadonlyMap<string, number>,
  stored: Map<string, CollectionState>,
): Promise<Map<string, PickPlan>> {
  const storedPicks = await picksByCollection(db);
  const lineOf = (pick: { role: PickEntry["role"]; label: string | null; reason: string }, slug: string) =>
    pickLine({ ...pick, product: slug });
  for (const [slug, id] of idBySlug) {
    const state = stored.get(slug);
    if (state) state.picks = (storedPicks.get(id) ?? []).map((pick) => lineOf(pick, pick.product.slug));
  }
  const references = await resolveReferences(
    db,
    collections.flatMap((collection) => (collection.picks ?? []).map((pick) => pick.product)),
  );
  const slugOf = new Map((await listProductRefsByIds(db, [...references.values()])).map((ref) => [ref.id, ref.slug] as const));
  const planned = new Map<string, PickPlan>();
  for (const collection of collections) {
    const checked = checkPickEntries(collection.picks ?? [], (reference) => references.get(reference.trim()));
    if (!checked.ok) {
      const [index, errors] = [...checked.rows][0] ?? [null, {}];
      const reason = index === null ? checked.form.join(" ") : `picks entry ${index + 1}: ${Object.values(errors).join(" ")}`;
      throw new PicksRefused(collection.rowNumber, collection.slug, reason);
    }
    planned.set(collection.slug, {
      entries: checked.entries,
      lines: checked.entries.map((entry) => lineOf(entry, slugOf.get(entry.productId) ?? String(entry.productId))),
    });
  }
  return planned;
}
