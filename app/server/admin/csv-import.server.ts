import { parseCollectionCsv } from "~/lib/csv/collection-csv";
import { createCsvRecordStream, CsvSyntaxError, isEmptyCsvText } from "~/lib/csv/csv-table";
import { IMPORT_MESSAGES, nothingToSave, type ToastText } from "~/lib/csv/import-messages";
import { previewOf, previewOfSummary, type CollectionChoice, type ImportPreview } from "~/lib/csv/import-plan";
import { offerRowsRefusal, parseOfferCsv } from "~/lib/csv/offer-csv";
import { createProductCsvReader, prepareProductForSave, type ProductImport } from "~/lib/csv/product-csv";
import { readReviewWeights } from "../products/review-weights.server";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import type { DB } from "../db/connection.server";
import { log } from "../log.server";
import { planOfferImport } from "../offers/offer-plan.server";
import { OfferRowsUnmatched, saveOffers, type OfferSaveResult } from "../offers/offer-save.server";
import { listCollectionSlugs } from "./admin-queries.server";
import { saveCollections, type CollectionSaveResult } from "./collection-save.server";
import { planCollectionImport, startProductPlan } from "./import-plan.server";
import { PRODUCT_BATCH_SIZE, saveProductStream, type PriceConfig, type ProductSaveResult } from "./product-save.server";
import { CollectionChoiceNeeded, databaseMessage, ImportRowError, PicksRefused, PlanChanged } from "./save-errors";

/**
 * The server half of an admin import, run by the worker (import-runs.server.ts): the uploaded file
 * is parsed again with the same rules the browser's preview used (the browser is never trusted),
 * compared with the database (the preview's per-row diff, ADR 0031), saved in one transaction,
 * and the catalog cache is invalidated so the public pages show the change at once.
 */

export type ImportResult =
  | {
      ok: true;
      toast: ToastText;
      saved: number;
      unchanged: number;
      warnings: string[];
      notes: string[];
      /** What the save did, row by row (the no-JavaScript page shows it after saving). */
      preview: ImportPreview;
      milliseconds: number;
    }
  | { ok: false; status: number; toast: ToastText; preview?: ImportPreview };

export type PreviewResult = { ok: true; preview: ImportPreview; milliseconds: number } | { ok: false; status: number; toast: ToastText };

export interface ImportOptions {
  /** The previewed plan's fingerprint (the page sends it with Save); see saveProducts. */
  expectedFingerprint?: string;
  /** The site's price settings (config.prices): a saved price is in its currency, and the displayed price is decided for its country. */
  prices?: PriceConfig;
  /** The owner's answer for rule-listed collections the file adds products to (ADR 0070). */
  collectionChoice?: CollectionChoice;
  /** The run's Cancel: heard between batches; a save stops and rolls back, and nothing is answered. */
  signal?: AbortSignal;
  /** The rows read and written (or planned, for a preview) so far: the run's progress. */
  onRows?(read: number, written: number): void;
  /** Inside the save's transaction, with the answer it will give: a run ends itself there, so its end commits with the rows. */
  beforeCommit?(trx: DB, saved: SavedImport): Promise<void>;
}

/** A save that went through. */
export type SavedImport = Extract<ImportResult, { ok: true }>;

/** The file's text in pieces (a string already in memory is cut up, so it is read as a stream too). */
export type CsvPieces = AsyncIterable<string>;

/** Characters per piece when a whole text is cut up. */
const PIECE_CHARS = 256 * 1024;

async function* piecesOf(text: string): CsvPieces {
  for (let at = 0; at < text.length; at += PIECE_CHARS) yield text.slice(at, at + PIECE_CHARS);
}

/** The file refuses itself (a header, an unclosed quote, a slug used twice): nothing is saved. */
class CsvRefused extends Error {
  override name = "CsvRefused";
}

type Refusal = { ok: false; status: number; toast: ToastText };

const parseRefusal = (description: string): Refusal => ({
  ok: false,
  status: 422,
  toast: { title: IMPORT_MESSAGES.parseErrorTitle, description },
});

/**
 * A product file read as it streams in: the header first (its columns decide the save's
 * statements), then the products in batches, each read only when the save asks for it. When the
 * source ends, the file's own checks over all its rows (a slug used twice, a best_seller that is
 * neither yes nor no, no product at all) are made: the batches' iterator throws CsvRefused then,
 * inside the save's transaction, which rolls it back. Holds one piece of text and one batch.
 */
async function openProductStream(db: DB, source: CsvPieces, batchSize: number) {
  const reader = createProductCsvReader({ knownCollectionSlugs: new Set(await listCollectionSlugs(db)) });
  const records = createCsvRecordStream();
  const pieces = source[Symbol.asyncIterator]();
  let sawText = false;
  let ended = false;
  let warnings: string[] = [];

  /** Reads one more piece; false once the source has ended. */
  async function pull(): Promise<boolean> {
    if (ended) return false;
    const next = await pieces.next();
    if (next.done) {
      ended = true;
      reader.addRecords(records.end());
      return false;
    }
    sawText ||= !isEmptyCsvText(next.value);
    reader.addRecords(records.push(next.value));
    return true;
  }

  try {
    while (reader.columns() === null && reader.failure() === null && (await pull()));
  } catch (error) {
    if (error instanceof CsvSyntaxError) return parseRefusal(error.message);
    throw error;
  }
  // Saving with nothing to save says so.
  if (!sawText) return { ok: false as const, status: 422, toast: nothingToSave("products") };
  const columns = reader.columns();
  if (columns === null) {
    const outcome = reader.finish();
    return parseRefusal(outcome.ok ? IMPORT_MESSAGES.emptyFile : outcome.error);
  }

  async function* batches(): AsyncGenerator<ProductImport[]> {
    for (;;) {
      try {
        while (reader.pending() < batchSize && (await pull()));
      } catch (error) {
        if (error instanceof CsvSyntaxError) throw new CsvRefused(error.message);
        throw error;
      }
      const taken = reader.takeProducts();
      for (let at = 0; at < taken.length; at += batchSize) yield taken.slice(at, at + batchSize);
      if (ended) break;
    }
    const outcome = reader.finish();
    if (!outcome.ok) throw new CsvRefused(outcome.error);
    warnings = outcome.warnings;
  }
  return { ok: true as const, columns, batches: batches(), warnings: () => warnings };
}

async function parseCollections(text: string) {
  if (isEmptyCsvText(text)) return { ok: false as const, status: 422, toast: nothingToSave("collections") };
  const parsed = parseCollectionCsv(text);
  if (!parsed.ok) return { ok: false as const, status: 422, toast: { title: IMPORT_MESSAGES.parseErrorTitle, description: parsed.error } };
  return parsed;
}

/** The preview's question: what would saving this file change? Nothing is written. */
export async function previewProductCsv(db: DB, text: string, prices?: PriceConfig): Promise<PreviewResult> {
  return previewProductStream(db, piecesOf(text), { prices });
}

/** The preview of a file read as it streams in, batch by batch, as the save will plan it. */
export async function previewProductStream(
  db: DB,
  source: CsvPieces,
  options: Pick<ImportOptions, "prices" | "signal" | "onRows"> = {},
): Promise<PreviewResult> {
  const started = performance.now();
  const opened = await openProductStream(db, source, PRODUCT_BATCH_SIZE);
  if (!opened.ok) return opened;
  const weights = await readReviewWeights(db);
  const planner = await startProductPlan(db, opened.columns, options.prices);
  let read = 0;
  let changing = 0;
  try {
    for await (const batch of opened.batches) {
      options.signal?.throwIfAborted();
      const { write } = await planner.plan(
        db,
        batch.map((product) => prepareProductForSave(product, weights)),
      );
      read += batch.length;
      changing += write.length;
      options.onRows?.(read, changing);
    }
  } catch (error) {
    if (error instanceof CsvRefused) return parseRefusal(error.message);
    throw error;
  }
  return {
    ok: true,
    preview: previewOfSummary(planner.finish()),
    milliseconds: Math.round(performance.now() - started),
  };
}

export async function previewCollectionCsv(db: DB, text: string): Promise<PreviewResult> {
  const started = performance.now();
  const parsed = await parseCollections(text);
  if (!parsed.ok) return parsed;
  let plan;
  try {
    plan = await planCollectionImport(db, parsed.collections, parsed.columns);
  } catch (error) {
    // Picks that break a rule refuse the file in the preview already, as the save would.
    if (error instanceof PicksRefused) return parseRefusal(error.message);
    throw error;
  }
  return { ok: true, preview: previewOf(plan.rows, plan.fingerprint), milliseconds: Math.round(performance.now() - started) };
}

function planChanged(error: PlanChanged): ImportResult {
  return {
    ok: false,
    status: 409,
    toast: { title: IMPORT_MESSAGES.planChangedTitle, description: error.message },
    preview: previewOfSummary(error.plan),
  };
}

/** Nothing saved: the plan goes back with its question (ADR 0070). */
function choiceNeeded(error: CollectionChoiceNeeded): ImportResult {
  return {
    ok: false,
    status: 409,
    toast: { title: IMPORT_MESSAGES.collectionChoiceTitle, description: error.message },
    preview: previewOfSummary(error.plan, null),
  };
}

export async function importProductCsv(db: DB, text: string, options: ImportOptions = {}): Promise<ImportResult> {
  return importProductStream(db, piecesOf(text), options);
}

/**
 * A product file saved as it streams in (a file on disk, a request body): parsed, checked, planned
 * and written batch by batch in one transaction (saveProductStream), so a 200,000-row file takes
 * the memory of one batch. All or nothing as before: a refused file or a failing row saves nothing.
 */
export async function importProductStream(db: DB, source: CsvPieces, options: ImportOptions = {}): Promise<ImportResult> {
  const started = performance.now();
  const opened = await openProductStream(db, source, PRODUCT_BATCH_SIZE);
  if (!opened.ok) return opened;
  const answer = (result: ProductSaveResult): SavedImport => ({
    ok: true,
    toast: { title: IMPORT_MESSAGES.productsSavedTitle, description: IMPORT_MESSAGES.productsSaved(result.saved, result.unchanged) },
    saved: result.saved,
    unchanged: result.unchanged,
    warnings: opened.warnings(),
    notes: [
      ...result.notLinked.map((entry) => `Not linked (no such collection): ${entry}`),
      ...(result.measurements?.notes ?? []),
      ...(result.measurements?.written ? [`Measured values written: ${result.measurements.written}`] : []),
    ],
    preview: previewOfSummary(result.plan, result.plan.ruleLists.length > 0 ? (options.collectionChoice ?? null) : null),
    milliseconds: Math.round(performance.now() - started),
  });
  try {
    const { beforeCommit } = options;
    const result = await saveProductStream(db, opened.columns, opened.batches, {
      expectedFingerprint: options.expectedFingerprint,
      prices: options.prices,
      collectionChoice: options.collectionChoice,
      signal: options.signal,
      onBatch: options.onRows,
      beforeCommit: beforeCommit && ((trx, saved) => beforeCommit(trx, answer(saved))),
    });
    if (result.saved > 0 || result.measurements?.changed) invalidateCatalog(db);
    const saved = answer(result);
    log.info(`Imported products from CSV in ${saved.milliseconds} ms: ${result.saved} written, ${result.unchanged} unchanged`);
    return saved;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (error instanceof CsvRefused) return parseRefusal(error.message);
    if (error instanceof PlanChanged) return planChanged(error);
    if (error instanceof CollectionChoiceNeeded) return choiceNeeded(error);
    log.warn(`Product import failed: ${databaseMessage(error)}`);
    return {
      ok: false,
      status: error instanceof ImportRowError ? 422 : 500,
      toast: { title: IMPORT_MESSAGES.productsSaveErrorTitle, description: `Nothing was saved. ${databaseMessage(error)}` },
    };
  }
}

export async function importCollectionCsv(db: DB, text: string, options: ImportOptions = {}): Promise<ImportResult> {
  const started = performance.now();
  const parsed = await parseCollections(text);
  if (!parsed.ok) return parsed;
  const answer = (result: CollectionSaveResult): SavedImport => ({
    ok: true,
    toast: {
      title: IMPORT_MESSAGES.collectionsSavedTitle,
      description: IMPORT_MESSAGES.collectionsSaved(result.saved, result.unchanged),
    },
    saved: result.saved,
    unchanged: result.unchanged,
    warnings: [...parsed.missingFieldWarnings, ...parsed.otherWarnings],
    notes: result.notFound.map((entry) => `Not listed (no such product): ${entry}`),
    preview: result.plan ? previewOf(result.plan.rows, result.plan.fingerprint) : previewOf([], ""),
    milliseconds: Math.round(performance.now() - started),
  });
  try {
    const { beforeCommit } = options;
    options.onRows?.(parsed.collections.length, 0);
    const result = await saveCollections(db, parsed.collections, parsed.columns, {
      expectedFingerprint: options.expectedFingerprint,
      signal: options.signal,
      beforeCommit: beforeCommit && ((trx, saved) => beforeCommit(trx, answer(saved))),
    });
    if (result.saved > 0) invalidateCatalog(db);
    const saved = answer(result);
    log.info(`Imported collections from CSV in ${saved.milliseconds} ms: ${result.saved} written, ${result.unchanged} unchanged`);
    return saved;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (error instanceof PlanChanged) return planChanged(error);
    if (error instanceof PicksRefused) return parseRefusal(error.message);
    log.warn(`Collection import failed: ${databaseMessage(error)}`);
    return {
      ok: false,
      status: error instanceof ImportRowError ? 422 : 500,
      toast: {
        title: IMPORT_MESSAGES.collectionsSaveErrorTitle,
        description:
          error instanceof Error
            ? IMPORT_MESSAGES.collectionsInsertFailed(databaseMessage(error))
            : IMPORT_MESSAGES.collectionsSaveErrorFallback,
      },
    };
  }
}

// ---- Offers: the same preview, diff and all-or-nothing save; a row naming a product or
// merchant that does not exist refuses the whole file, in the preview already.

function parseOffers(text: string) {
  if (isEmptyCsvText(text)) return { ok: false as const, status: 422, toast: nothingToSave("offers") };
  const parsed = parseOfferCsv(text);
  if (!parsed.ok) return { ok: false as const, status: 422, toast: { title: IMPORT_MESSAGES.parseErrorTitle, description: parsed.error } };
  return parsed;
}

export async function previewOfferCsv(db: DB, text: string): Promise<PreviewResult> {
  const started = performance.now();
  const parsed = parseOffers(text);
  if (!parsed.ok) return parsed;
  const plan = await planOfferImport(db, parsed.offers, parsed.columns);
  if (plan.unmatched.length > 0) {
    return {
      ok: false,
      status: 422,
      toast: { title: IMPORT_MESSAGES.offersUnmatchedTitle, description: offerRowsRefusal(plan.unmatched) },
    };
  }
  return { ok: true, preview: previewOf(plan.rows, plan.fingerprint), milliseconds: Math.round(performance.now() - started) };
}

export async function importOfferCsv(db: DB, text: string, options: ImportOptions = {}): Promise<ImportResult> {
  const started = performance.now();
  const parsed = parseOffers(text);
  if (!parsed.ok) return parsed;
  const answer = (result: OfferSaveResult): SavedImport => ({
    ok: true,
    toast: { title: IMPORT_MESSAGES.offersSavedTitle, description: IMPORT_MESSAGES.offersSaved(result.saved, result.unchanged) },
    saved: result.saved,
    unchanged: result.unchanged,
    warnings: parsed.warnings,
    notes: [],
    preview: previewOf(result.plan.rows, result.plan.fingerprint),
    milliseconds: Math.round(performance.now() - started),
  });
  try {
    const { beforeCommit } = options;
    options.onRows?.(parsed.offers.length, 0);
    const result = await saveOffers(db, parsed.offers, parsed.columns, {
      expectedFingerprint: options.expectedFingerprint,
      prices: options.prices,
      signal: options.signal,
      beforeCommit: beforeCommit && ((trx, saved) => beforeCommit(trx, answer(saved))),
    });
    if (result.saved > 0) invalidateCatalog(db);
    const saved = answer(result);
    log.info(`Imported offers from CSV in ${saved.milliseconds} ms: ${result.saved} written, ${result.unchanged} unchanged`);
    return saved;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (error instanceof PlanChanged) return planChanged(error);
    if (error instanceof OfferRowsUnmatched) {
      return { ok: false, status: 422, toast: { title: IMPORT_MESSAGES.offersUnmatchedTitle, description: error.message } };
    }
    log.warn(`Offer import failed: ${databaseMessage(error)}`);
    return {
      ok: false,
      status: error instanceof ImportRowError ? 422 : 500,
      toast: { title: IMPORT_MESSAGES.offersSaveErrorTitle, description: `Nothing was saved. ${databaseMessage(error)}` },
    };
  }
}
