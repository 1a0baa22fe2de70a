import { Notice } from "~/components/ui/notice";
import { parseCollectionCsv, type CollectionCsvResult } from "~/lib/csv/collection-csv";
import { COLLECTION_CSV_GUIDE, OFFER_CSV_GUIDE, PRODUCT_CSV_GUIDE } from "~/lib/csv/csv-guides";
import { IMPORT_MESSAGES } from "~/lib/csv/import-messages";
import { parseOfferCsv, type OfferCsvResult } from "~/lib/csv/offer-csv";
import type { ProductCsvResult } from "~/lib/csv/product-csv";
import type { CsvImportSource } from "./csv-import-panel";
import { parseProductFile } from "./csv-upload-client";
import { WarningsList } from "./warnings-list";

/** The three CSV imports of the admin area, each as the import panel shows it (csv-import-panel.tsx). */

const count = (n: number) => n.toLocaleString("en-US");

/** Products: parsed in chunks with progress; the collection slugs the site has are known to the rules. */
export function productImport(collectionSlugs: readonly string[]): CsvImportSource<ProductCsvResult> {
  return {
    kind: "products",
    formId: "product-csv-form",
    fileId: "product-csv-file",
    intent: "import-csv",
    endpoint: "/admin/products/import",
    previewEndpoint: "/admin/products/import/preview",
    saveNeedsFile: false,
    guide: PRODUCT_CSV_GUIDE,
    parse: async (file, onProgress) => {
      const outcome = await parseProductFile(file, { knownCollectionSlugs: new Set(collectionSlugs) }, onProgress);
      return outcome.ok ? { ok: true, parsed: outcome } : { ok: false, error: outcome.error };
    },
    parsedToast: (parsed) => ({
      title: IMPORT_MESSAGES.csvUploadedTitle,
      description: IMPORT_MESSAGES.csvUploaded(parsed.products.length),
    }),
    savingLabel: (parsed) => `Saving ${count(parsed.products.length)} products to the database…`,
    warnings: (parsed) => (
      <WarningsList
        title={parsed.warnings.length > 0 ? `Validation warnings (${count(parsed.warnings.length)})` : "Validation warnings"}
        warnings={parsed.warnings}
        extra={
          parsed.warnings.length === 0 ? <p>No warnings: every row is complete.</p> : <p className="mt-2">Warnings do not stop saving.</p>
        }
      />
    ),
  };
}

/** A file parsed in one step (no progress to report until it is done). */
function wholeFile<T extends { ok: true }>(parse: (text: string) => T | { ok: false; error: string }): CsvImportSource<T>["parse"] {
  return async (file, onProgress) => {
    const outcome = parse(await file.text());
    onProgress(1);
    return outcome.ok ? { ok: true, parsed: outcome } : { ok: false, error: outcome.error };
  };
}

export const COLLECTION_IMPORT: CsvImportSource<CollectionCsvResult> = {
  kind: "collections",
  formId: "collection-csv-form",
  fileId: "collection-csv-file",
  intent: "import-csv",
  endpoint: "/admin/collections/import",
  previewEndpoint: "/admin/collections/import/preview",
  saveNeedsFile: true,
  guide: COLLECTION_CSV_GUIDE,
  parse: wholeFile(parseCollectionCsv),
  savingLabel: (parsed) => `Saving ${parsed.collections.length} collections…`,
  confirm: (parsed) => (
    <Notice tone="blue" title="Existing collections will be overwritten" role="status">
      {parsed.collections.length} {parsed.collections.length === 1 ? "collection is" : "collections are"} ready to save. Saving replaces
      every existing collection with the same slug, each one&apos;s product list with its product_ids, and its picks with its picks cell
      when the file has that column.
    </Notice>
  ),
  warnings: ({ missingFieldWarnings, otherWarnings }) =>
    (missingFieldWarnings.length > 0 || otherWarnings.length > 0) && (
      <WarningsList
        title={missingFieldWarnings.length > 0 ? IMPORT_MESSAGES.collectionsWarningHeader : "Validation warnings"}
        warnings={missingFieldWarnings}
        extra={
          otherWarnings.length > 0 ? (
            <ul className="mt-2 list-disc space-y-0.5 pl-5 text-ink">
              {otherWarnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          ) : undefined
        }
      />
    ),
};

export const OFFER_IMPORT: CsvImportSource<OfferCsvResult> = {
  kind: "offers",
  formId: "offer-csv-form",
  fileId: "offer-csv-file",
  intent: "import-csv",
  endpoint: "/admin/offers/import",
  previewEndpoint: "/admin/offers/import/preview",
  saveNeedsFile: true,
  guide: OFFER_CSV_GUIDE,
  parse: wholeFile(parseOfferCsv),
  savingLabel: (parsed) => `Saving ${count(parsed.offers.length)} offers…`,
  confirm: (parsed) => (
    <Notice tone="blue" title={`${count(parsed.offers.length)} offers ready to save`} role="status">
      Each row adds the product&apos;s offer at that merchant, or changes it when there is one. Saving refreshes the products&apos; prices,
      all together or not at all.
    </Notice>
  ),
  warnings: (parsed) =>
    parsed.warnings.length > 0 && <WarningsList title="Warnings (they do not stop saving)" warnings={parsed.warnings} />,
};
