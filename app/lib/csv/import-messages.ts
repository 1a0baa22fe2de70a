/**
 * The words of the admin imports (products, collections, offers, image storage),
 * in one place so the browser preview, the server and the tests say exactly the same thing.
 */

import { describeBytes, MAX_CSV_BYTES } from "../admin/upload-limits";

export type ImportKind = "products" | "collections" | "offers";

const LIMIT = describeBytes(MAX_CSV_BYTES);

export const IMPORT_MESSAGES = {
  invalidFileTypeTitle: "Invalid file type",
  invalidFileType: (kind: ImportKind) => `Please upload a CSV file for ${kind}`,
  emptyFile: "CSV file is empty",
  parseErrorTitle: "Error parsing CSV",
  parseErrorFallback: "Failed to parse the CSV file",
  missingHeaders: "CSV is missing required headers: ",
  noValidProducts: "No valid products found in CSV. Please check the format and try again.",
  noValidCollections: "No valid collections found in CSV. Please check the format and try again.",
  noValidOffers: "No offers found in the CSV: every row under the header is empty.",
  fileTooLargeTitle: "File too large",
  fileTooLarge: (bytes: number) =>
    `This file is ${formatMegabytes(bytes)}; the limit is ${LIMIT}. Split it into smaller files and import them one after another.`,
  /** Sent without a declared size and stopped at the limit, so its whole size is not known. */
  fileOverLimit: `This file is larger than ${LIMIT}, the limit. Split it into smaller files and import them one after another.`,

  csvUploadedTitle: "CSV Uploaded Successfully",
  csvUploaded: (count: number) => `Parsed ${count} ${count === 1 ? "product" : "products"} from CSV`,
  noProductsTitle: "No products to save",
  noProducts: "Please upload a CSV file first",
  productsSavedTitle: "Products Saved Successfully",
  productsSaved: (count: number, unchanged = 0) =>
    `Saved ${count} ${count === 1 ? "product" : "products"} to the database${unchanged > 0 ? `; ${unchanged} unchanged ${unchanged === 1 ? "was" : "were"} left as ${unchanged === 1 ? "it was" : "they were"}` : ""}`,
  productsSaveErrorTitle: "Error saving products",

  collectionsLoadErrorTitle: "Error loading collections",
  collectionsSaveErrorTitle: "Error saving collections",
  collectionsSaveErrorFallback: "Failed to save collections to the database",
  /** An insert failure reads 'Failed to insert collections: …', wrapped as 'Error saving collections: …'. */
  collectionsInsertFailed: (message: string) => `Error saving collections: Failed to insert collections: ${message}`,
  noCollectionsTitle: "No collections to save",
  noCollections: "Please upload a CSV file first",
  collectionsSavedTitle: "Collections Saved Successfully",
  collectionsSaved: (count: number, unchanged = 0) =>
    `Saved ${count} ${count === 1 ? "collection" : "collections"} to the database. Existing collections with the same slugs were overwritten.${
      unchanged > 0
        ? ` ${unchanged} unchanged ${unchanged === 1 ? "was" : "were"} left as ${unchanged === 1 ? "it was" : "they were"}.`
        : ""
    }`,
  planChangedTitle: "The catalog changed since the preview",
  collectionChoiceTitle: "Choose what the collections show",
  /** Save pressed (with scripts) before answering the rule-listed collections' question. */
  collectionChoiceFirst: "Choose below whether to add the products to each collection's rule or to replace the rule, then save.",

  noOffersTitle: "No offers to save",
  noOffers: "Please upload a CSV file first",
  offersSavedTitle: "Offers Saved Successfully",
  offersSaved: (count: number, unchanged = 0) =>
    `Saved ${count} ${count === 1 ? "offer" : "offers"} and refreshed the products' prices${unchanged > 0 ? `; ${unchanged} unchanged ${unchanged === 1 ? "was" : "were"} left as ${unchanged === 1 ? "it was" : "they were"}` : ""}`,
  offersSaveErrorTitle: "Error saving offers",
  offersUnmatchedTitle: "Unknown products or merchants",
  collectionsWarningHeader: "The following rows have missing required fields that may cause issues:",
} as const;

export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export interface FileFacts {
  name: string;
  type: string;
  size: number;
}

export interface ToastText {
  title: string;
  description?: string;
}

/**
 * A body the server stopped at the limit: its size when the request declared one (`declared`,
 * from Content-Length), else only that it is over.
 */
export function fileTooLargeText(declared: number): ToastText {
  return {
    title: IMPORT_MESSAGES.fileTooLargeTitle,
    description:
      Number.isFinite(declared) && declared > MAX_CSV_BYTES ? IMPORT_MESSAGES.fileTooLarge(declared) : IMPORT_MESSAGES.fileOverLimit,
  };
}

/** 'Save to Database' with no file chosen (or an empty one). */
export function nothingToSave(kind: ImportKind): ToastText {
  if (kind === "offers") return { title: IMPORT_MESSAGES.noOffersTitle, description: IMPORT_MESSAGES.noOffers };
  return kind === "products"
    ? { title: IMPORT_MESSAGES.noProductsTitle, description: IMPORT_MESSAGES.noProducts }
    : { title: IMPORT_MESSAGES.noCollectionsTitle, description: IMPORT_MESSAGES.noCollections };
}

/** The title and fallback words of a save that failed without the server saying why. */
export function saveErrorFallback(kind: ImportKind): ToastText {
  if (kind === "offers") return { title: IMPORT_MESSAGES.offersSaveErrorTitle, description: "Nothing was saved." };
  return kind === "products"
    ? { title: IMPORT_MESSAGES.productsSaveErrorTitle, description: "Nothing was saved." }
    : { title: IMPORT_MESSAGES.collectionsSaveErrorTitle, description: IMPORT_MESSAGES.collectionsSaveErrorFallback };
}

/**
 * A CSV is text/csv or a name ending .csv; an empty file is refused; and
 * a file over MAX_CSV_BYTES is refused before anything reads it.
 */
export function checkCsvFile(file: FileFacts, kind: ImportKind): ToastText | null {
  const isCsv = file.type === "text/csv" || file.name.toLowerCase().endsWith(".csv");
  if (!isCsv) return { title: IMPORT_MESSAGES.invalidFileTypeTitle, description: IMPORT_MESSAGES.invalidFileType(kind) };
  if (file.size === 0) return { title: IMPORT_MESSAGES.parseErrorTitle, description: IMPORT_MESSAGES.emptyFile };
  if (file.size > MAX_CSV_BYTES) return { title: IMPORT_MESSAGES.fileTooLargeTitle, description: IMPORT_MESSAGES.fileTooLarge(file.size) };
  return null;
}
