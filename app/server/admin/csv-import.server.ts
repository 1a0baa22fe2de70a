import { parseCollectionCsv } from "~/lib/csv/collection-csv";
import { isEmptyCsvText } from "~/lib/csv/csv-table";
import { checkCsvFile, IMPORT_MESSAGES, MAX_CSV_BYTES, nothingToSave, type ImportKind, type ToastText } from "~/lib/csv/import-messages";
import { parseProductCsv } from "~/lib/csv/product-csv";
import type { ResultToast } from "~/lib/result-toast";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import type { DB } from "../db/connection.server";
import { log } from "../log.server";
import { listCollectionSlugs } from "./admin-queries.server";
import { saveCollections } from "./collection-save.server";
import { saveProducts } from "./product-save.server";
import { databaseMessage, ImportRowError } from "./save-errors";

/**
 * The server half of an admin import (ARCHITECTURE "Request flows: Admin import"): the uploaded
 * file is parsed again with the same rules the preview used (the browser is never trusted),
 * saved in one transaction, and the catalog cache is invalidated so the public pages show the
 * change at once.
 */

export type ImportResult =
  | { ok: true; toast: ToastText; saved: number; warnings: string[]; notes: string[]; milliseconds: number }
  | { ok: false; status: number; toast: ToastText };

export class UploadTooLarge extends Error {
  constructor(readonly bytes: number) {
    super(IMPORT_MESSAGES.fileTooLarge(bytes));
  }
}

/**
 * The body of an upload as text, refusing anything over the limit while it streams in (a
 * missing or lying Content-Length does not get past it).
 */
export async function readBodyText(request: Request, limit: number = MAX_CSV_BYTES): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw new UploadTooLarge(declared);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel();
      throw new UploadTooLarge(received);
    }
    parts.push(value);
  }
  return new TextDecoder("utf-8").decode(Buffer.concat(parts));
}

export async function importProductCsv(db: DB, text: string): Promise<ImportResult> {
  const started = performance.now();
  // SPEC §5: saving with nothing to save says so.
  if (isEmptyCsvText(text)) return { ok: false, status: 422, toast: nothingToSave("products") };
  const parsed = parseProductCsv(text, { knownCollectionSlugs: new Set(await listCollectionSlugs(db)) });
  if (!parsed.ok) return { ok: false, status: 422, toast: { title: IMPORT_MESSAGES.parseErrorTitle, description: parsed.error } };
  try {
    const result = await saveProducts(db, parsed.products, parsed.columns);
    invalidateCatalog(db);
    const milliseconds = Math.round(performance.now() - started);
    log.info(`Imported ${result.saved} products from CSV in ${milliseconds} ms`);
    return {
      ok: true,
      toast: { title: IMPORT_MESSAGES.productsSavedTitle, description: IMPORT_MESSAGES.productsSaved(result.saved) },
      saved: result.saved,
      warnings: parsed.warnings,
      notes: result.notLinked.map((entry) => `Not linked (no such collection): ${entry}`),
      milliseconds,
    };
  } catch (error) {
    log.warn(`Product import failed: ${databaseMessage(error)}`);
    return {
      ok: false,
      status: error instanceof ImportRowError ? 422 : 500,
      toast: { title: IMPORT_MESSAGES.productsSaveErrorTitle, description: `Nothing was saved. ${databaseMessage(error)}` },
    };
  }
}

export async function importCollectionCsv(db: DB, text: string): Promise<ImportResult> {
  const started = performance.now();
  if (isEmptyCsvText(text)) return { ok: false, status: 422, toast: nothingToSave("collections") };
  const parsed = parseCollectionCsv(text);
  if (!parsed.ok) return { ok: false, status: 422, toast: { title: IMPORT_MESSAGES.parseErrorTitle, description: parsed.error } };
  try {
    const result = await saveCollections(db, parsed.collections, parsed.columns);
    invalidateCatalog(db);
    const milliseconds = Math.round(performance.now() - started);
    log.info(`Imported ${result.saved} collections from CSV in ${milliseconds} ms`);
    return {
      ok: true,
      toast: { title: IMPORT_MESSAGES.collectionsSavedTitle, description: IMPORT_MESSAGES.collectionsSaved(result.saved) },
      saved: result.saved,
      warnings: [...parsed.missingFieldWarnings, ...parsed.otherWarnings],
      notes: result.notFound.map((entry) => `Not listed (no such product): ${entry}`),
      milliseconds,
    };
  } catch (error) {
    log.warn(`Collection import failed: ${databaseMessage(error)}`);
    return {
      ok: false,
      status: error instanceof ImportRowError ? 422 : 500,
      toast: {
        title: IMPORT_MESSAGES.collectionsSaveErrorTitle,
        description: error instanceof Error ? IMPORT_MESSAGES.collectionsInsertFailed(databaseMessage(error)) : IMPORT_MESSAGES.collectionsSaveErrorFallback,
      },
    };
  }
}

/**
 * The pages' no-JavaScript path: the file arrives as a multipart form field, is checked as the
 * page's script would check it, and is imported. The caller has checked the admin guard.
 */
export async function importFormUpload(
  db: DB,
  file: FormDataEntryValue | null,
  kind: ImportKind,
): Promise<{ status: number; toast: ResultToast; importNotes?: string[] }> {
  if (!(file instanceof File) || file.size === 0) return { status: 400, toast: { kind: "error", ...nothingToSave(kind) } };
  const refused = checkCsvFile(file, kind);
  if (refused) return { status: 400, toast: { kind: "error", ...refused } };
  const text = await file.text();
  const result = kind === "products" ? await importProductCsv(db, text) : await importCollectionCsv(db, text);
  if (!result.ok) return { status: result.status, toast: { kind: "error", ...result.toast } };
  return { status: 200, toast: { kind: "success", ...result.toast }, importNotes: [...result.warnings, ...result.notes] };
}

/**
 * The JSON answer of both import endpoints: the body is read under the size limit, imported,
 * and the outcome carries the toast the page shows. The caller has checked the admin guard.
 */
export async function respondToCsvUpload(
  request: Request,
  db: DB,
  importCsv: (db: DB, text: string) => Promise<ImportResult>,
): Promise<Response> {
  let text: string;
  try {
    text = await readBodyText(request);
  } catch (error) {
    if (error instanceof UploadTooLarge) {
      return Response.json(
        { ok: false, toast: { kind: "error", title: IMPORT_MESSAGES.fileTooLargeTitle, description: error.message } },
        { status: 413 },
      );
    }
    throw error;
  }
  const result = await importCsv(db, text);
  if (!result.ok) return Response.json({ ok: false, toast: { kind: "error", ...result.toast } }, { status: result.status });
  return Response.json({ ok: true, saved: result.saved, notes: result.notes, toast: { kind: "success", ...result.toast } });
}
