import { parseCollectionCsv } from "~/lib/csv/collection-csv";
import { createCsvRecordStream, CsvSyntaxError, isEmptyCsvText } from "~/lib/csv/csv-table";
import { checkCsvFile, fileTooLargeText, IMPORT_MESSAGES, nothingToSave, type ImportKind, type ToastText } from "~/lib/csv/import-messages";
import { previewOf, previewOfSummary, readCollectionChoice, type CollectionChoice, type ImportPreview } from "~/lib/csv/import-plan";
import { offerRowsRefusal, parseOfferCsv } from "~/lib/csv/offer-csv";
import { createProductCsvReader, prepareProductForSave, type ProductImport } from "~/lib/csv/product-csv";
import { readReviewWeights } from "../products/review-weights.server";
import type { ResultToast } from "~/lib/forms/result-toast";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import type { DB } from "../db/connection.server";
import { BodyTooLarge, declaredLength, readBodyText, TOO_LARGE_HEADERS } from "../http/request-body.server";
import { log } from "../log.server";
import { planOfferImport } from "../offers/offer-plan.server";
import { OfferRowsUnmatched, saveOffers } from "../offers/offer-save.server";
import { listCollectionSlugs } from "./admin-queries.server";
import { saveCollections } from "./collection-save.server";
import { planCollectionImport, startProductPlan } from "./import-plan.server";
import { PRODUCT_BATCH_SIZE, saveProductStream, type PriceConfig } from "./product-save.server";
import { CollectionChoiceNeeded, databaseMessage, ImportRowError, PicksRefused, PlanChanged } from "./save-errors";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/**
 * The server half of an admin import: the uploaded file is parsed again with the same rules the
 * browser's preview used (the browser is never trusted), compared with the database (the
 * preview's per-row diff, ADR 0031), saved in one transaction, and the catalog cache is
 * invalidated so the public pages show the change at once.
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
}

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
  return previewProductStream(db, piecesOf(text), prices);
}

/** The preview of a file read as it streams in, batch by batch, as the save will plan it. */
export async function previewProductStream(db: DB, source: CsvPieces, prices?: PriceConfig): Promise<PreviewResult> {
  const started = performance.now();
  const opened = await openProductStream(db, source, PRODUCT_BATCH_SIZE);
  if (!opened.ok) return opened;
  const weights = await readReviewWeights(db);
  const planner = await startProductPlan(db, opened.columns, prices);
  try {
    for await (const batch of opened.batches)
      await planner.plan(
        db,
        batch.map((product) => prepareProductForSave(product, weights)),
      );
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
  try {
    const result = await saveProductStream(db, opened.columns, opened.batches, {
      expectedFingerprint: options.expectedFingerprint,
      prices: options.prices,
      collectionChoice: options.collectionChoice,
    });
    if (result.saved > 0) invalidateCatalog(db);
    const milliseconds = Math.round(performance.now() - started);
    log.info(`Imported products from CSV in ${milliseconds} ms: ${result.saved} written, ${result.unchanged} unchanged`);
    return {
      ok: true,
      toast: { title: IMPORT_MESSAGES.productsSavedTitle, description: IMPORT_MESSAGES.productsSaved(result.saved, result.unchanged) },
      saved: result.saved,
      unchanged: result.unchanged,
      warnings: opened.warnings(),
      notes: result.notLinked.map((entry) => `Not linked (no such collection): ${entry}`),
      preview: previewOfSummary(result.plan, result.plan.ruleLists.length > 0 ? (options.collectionChoice ?? null) : null),
      milliseconds,
    };
  } catch (error) {
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
  try {
    const result = await saveCollections(db, parsed.collections, parsed.columns, { expectedFingerprint: options.expectedFingerprint });
    if (result.saved > 0) invalidateCatalog(db);
    const milliseconds = Math.round(performance.now() - started);
    log.info(`Imported collections from CSV in ${milliseconds} ms: ${result.saved} written, ${result.unchanged} unchanged`);
    return {
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
      milliseconds,
    };
  } catch (error) {
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
  try {
    const result = await saveOffers(db, parsed.offers, parsed.columns, options);
    if (result.saved > 0) invalidateCatalog(db);
    const milliseconds = Math.round(performance.now() - started);
    log.info(`Imported offers from CSV in ${milliseconds} ms: ${result.saved} written, ${result.unchanged} unchanged`);
    return {
      ok: true,
      toast: { title: IMPORT_MESSAGES.offersSavedTitle, description: IMPORT_MESSAGES.offersSaved(result.saved, result.unchanged) },
      saved: result.saved,
      unchanged: result.unchanged,
      warnings: parsed.warnings,
      notes: [],
      preview: previewOf(result.plan.rows, result.plan.fingerprint),
      milliseconds,
    };
  } catch (error) {
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

/** The fields the upload form sends with its file: the question's answer and the plan it answered. */
export const COLLECTION_CHOICE_FIELD = "collection_choice";
export const IMPORT_PLAN_FIELD = "import_plan";

/**
 * The pages' no-JavaScript path: the file arrives as a multipart form field, is checked as the
 * page's script would check it, and is imported. Given the whole form, the choice for
 * rule-listed collections and the fingerprint of the plan it answered come with it (a refused
 * save shows the plan and the question again; ADR 0070). The caller has checked the admin guard.
 */
export async function importFormUpload(
  db: DB,
  upload: FormData | FormDataEntryValue | null,
  kind: ImportKind,
  prices?: PriceConfig,
): Promise<{ status: number; toast: ResultToast; importNotes?: string[]; importPreview?: ImportPreview }> {
  const form = upload instanceof FormData ? upload : null;
  const file = form ? form.get("file") : upload;
  if (!(file instanceof File) || file.size === 0) return { status: 400, toast: { kind: "error", ...nothingToSave(kind) } };
  const refused = checkCsvFile(file, kind);
  if (refused) return { status: 400, toast: { kind: "error", ...refused } };
  const text = await file.text();
  const answered = form?.get(IMPORT_PLAN_FIELD);
  const options: ImportOptions = {
    prices,
    collectionChoice: readCollectionChoice(form?.get(COLLECTION_CHOICE_FIELD)) ?? undefined,
    expectedFingerprint: typeof answered === "string" && answered !== "" ? answered : undefined,
  };
  const result =
    kind === "offers"
      ? await importOfferCsv(db, text, options)
      : kind === "products"
        ? await importProductCsv(db, text, options)
        : await importCollectionCsv(db, text);
  if (!result.ok) {
    return {
      status: result.status,
      toast: { kind: "error", ...result.toast },
      ...(result.preview ? { importPreview: result.preview } : {}),
    };
  }
  return {
    status: 200,
    toast: { kind: "success", ...result.toast },
    importNotes: [...result.warnings, ...result.notes],
    importPreview: result.preview,
  };
}

/** The header the page sends its previewed plan's fingerprint in. */
export const PLAN_FINGERPRINT_HEADER = "x-import-plan";
/** The header the page sends the owner's CollectionChoice in. */
export const COLLECTION_CHOICE_HEADER = "x-import-collections";

/**
 * The uploaded file, read under the import endpoints' limit (request-body.server.ts). Past it,
 * the 413 carries the same words as the page's own check of the file.
 */
async function readUpload(request: Request): Promise<{ text: string } | { refused: Response }> {
  try {
    return { text: await readBodyText(request) };
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    return {
      refused: Response.json(
        { ok: false, toast: { kind: "error", ...fileTooLargeText(declaredLength(request.headers)) } },
        { status: 413, headers: TOO_LARGE_HEADERS },
      ),
    };
  }
}

/**
 * The JSON answer of both import endpoints: the body is read under the size limit, imported,
 * and the outcome carries the toast the page shows. The caller has checked the admin guard.
 */
export async function respondToCsvUpload(
  request: Request,
  db: DB,
  importCsv: (db: DB, text: string, options: ImportOptions) => Promise<ImportResult>,
  prices?: PriceConfig,
): Promise<Response> {
  const upload = await readUpload(request);
  if ("refused" in upload) return upload.refused;
  const expectedFingerprint = request.headers.get(PLAN_FINGERPRINT_HEADER) || undefined;
  const collectionChoice = readCollectionChoice(request.headers.get(COLLECTION_CHOICE_HEADER)) ?? undefined;
  const result = await importCsv(db, upload.text, { expectedFingerprint, prices, collectionChoice });
  if (!result.ok) {
    return Response.json({ ok: false, toast: { kind: "error", ...result.toast }, preview: result.preview }, { status: result.status });
  }
  return Response.json({
    ok: true,
    saved: result.saved,
    unchanged: result.unchanged,
    notes: result.notes,
    toast: { kind: "success", ...result.toast },
  });
}

/** The preview endpoints' answer: the plan's counts and rows, or why the file cannot be read. */
export async function respondToCsvPreview(
  request: Request,
  db: DB,
  previewCsv: (db: DB, text: string, prices?: PriceConfig) => Promise<PreviewResult>,
  prices?: PriceConfig,
): Promise<Response> {
  const upload = await readUpload(request);
  if ("refused" in upload) return upload.refused;
  const result = await previewCsv(db, upload.text, prices);
  if (!result.ok) return Response.json({ ok: false, toast: { kind: "error", ...result.toast } }, { status: result.status });
  return Response.json({ ok: true, preview: result.preview }, { headers: { "Cache-Control": CACHE_CONTROL.noStore } });
}
