import { data, useNavigation, useRevalidator } from "react-router";
import { BulkDeleteForm } from "~/components/admin/bulk-delete";
import { CollectionTable, TableSkeleton } from "~/components/admin/collection-table";
import { EmptyTable } from "~/components/admin/admin-table";
import { CsvGuide } from "~/components/admin/csv-reference";
import { CsvImportForm } from "~/components/admin/csv-import-form";
import { FileButton } from "~/components/ui/file-button";
import { ImportOutcome } from "~/components/admin/import-outcome";
import { ExportCsvLink, SaveCsvButton } from "~/components/admin/csv-toolbar";
import { Notice } from "~/components/ui/notice";
import { AdminPageHeader } from "~/components/admin/page-header";
import { ProgressBar } from "~/components/admin/progress-bar";
import { useCsvImport } from "~/components/admin/use-csv-import";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FlashNotice } from "~/components/ui/flash-notice";
import { useResultToast } from "~/components/ui/use-result-toast";
import { WarningsList } from "~/components/admin/warnings-list";
import { collectionRow, listingOf, type CollectionRow } from "~/lib/admin/collection-row";
import { parseCollectionCsv, type CollectionCsvResult } from "~/lib/csv/collection-csv";
import { COLLECTION_COLUMN_GUIDE, COLLECTION_CSV_TEMPLATE } from "~/lib/csv/csv-guidelines";
import type { ImportPreview } from "~/lib/csv/import-plan";
import { IMPORT_MESSAGES } from "~/lib/csv/import-messages";
import type { ResultToast } from "~/lib/result-toast";
import { SITE_NAME } from "~/lib/site-navigation";
import { importFormUpload } from "~/server/admin/csv-import.server";
import { recordImport } from "~/server/audit/audit-log.server";
import { requireAdmin } from "~/server/auth/guard.server";
import { BodyTooLarge, readForm } from "~/server/http/request-body.server";
import { readFlash } from "~/server/forms/flash.server";
import { listCollections } from "~/server/catalog/queries.server";
import { listCollectionIdsWithMembers } from "~/server/catalog/product-lists.server";
import { log } from "~/server/log.server";
import type { Route } from "./+types/collections";

/**
 * /admin/collections: the collections list, the collections CSV import (with its per-row diff,
 * docs/decisions/0031) and export. Only administrators reach this page or its save (checked on the server
 * by every loader and action).
 */

export const meta: Route.MetaFunction = () => [{ title: `Collections Management - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  // A delete started from this list comes back here with what it deleted.
  const { flash, headers } = await readFlash(request, context.config);
  try {
    const [collections, withMembers] = await Promise.all([listCollections(context.db), listCollectionIdsWithMembers(context.db)]);
    const rows = collections.map((collection) => ({
      ...collectionRow(collection),
      listing: listingOf(collection, withMembers.has(collection.id)),
    }));
    return data({ collections: rows, loadError: null, flash }, { headers });
  } catch (error) {
    // The failure is logged and shown in a red alert, not as an error page.
    log.error(`Loading collections for the admin failed: ${(error as Error).message}`);
    return data({ collections: [] as CollectionRow[], loadError: (error as Error).message, flash }, { headers });
  }
}

interface ActionResult {
  toast?: ResultToast;
  importNotes?: string[];
  /** The no-JavaScript import: what the save did, row by row. */
  importPreview?: ImportPreview;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  // The no-JavaScript path of the upload form; the page's script posts to /admin/collections/import.
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    const declared = Number(request.headers.get("content-length") ?? "NaN");
    return data<ActionResult>(
      {
        toast: {
          kind: "error",
          title: IMPORT_MESSAGES.fileTooLargeTitle,
          description: Number.isFinite(declared) ? IMPORT_MESSAGES.fileTooLarge(declared) : IMPORT_MESSAGES.fileOverLimit,
        },
      },
      { status: 413 },
    );
  }
  const { status, ...outcome } = await importFormUpload(context.db, form.get("file"), "collections");
  await recordImport({ request, context }, "collections", { status, toast: outcome.toast });
  return data<ActionResult>(outcome, { status });
}

export default function CollectionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { collections, loadError, flash } = loaderData;
  const result = actionData as ActionResult | undefined;
  useResultToast(result);
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const importer = useCsvImport<CollectionCsvResult>({
    kind: "collections",
    endpoint: "/admin/collections/import",
    previewEndpoint: "/admin/collections/import/preview",
    parse: async (file, onProgress) => {
      const outcome = parseCollectionCsv(await file.text());
      onProgress(1);
      return outcome.ok ? { ok: true, parsed: outcome } : { ok: false, error: outcome.error };
    },
    onSaved: () => revalidator.revalidate(),
  });
  const { state, parsed, busy } = importer;
  const loading =
    state.phase === "saving" || state.phase === "uploading" || revalidator.state === "loading" || navigation.state === "submitting";

  const rows: CollectionRow[] = parsed ? parsed.collections.map(collectionRow) : collections;
  const otherWarnings = parsed?.otherWarnings ?? [];

  return (
    <>
      <AdminPageHeader
        toolbar
        title="Collections Management"
        description="Upload a CSV of collections. Each collection's product_ids become its list, in that order."
      >
        <FileButton
          id="collection-csv-file"
          form="collection-csv-form"
          label="Upload CSV"
          disabled={busy}
          onFile={(file) => void importer.chooseFile(file)}
        />
        <SaveCsvButton
          form="collection-csv-form"
          saving={state.phase === "uploading" || state.phase === "saving"}
          disabled={busy || (hydrated && !parsed)}
        />
        <ExportCsvLink href="/admin/collections/export.csv" />
      </AdminPageHeader>

      <CsvImportForm id="collection-csv-form" onSave={() => void importer.save()} />

      <FlashNotice flash={flash} />
      <div className="space-y-5">
        <Notice tone="green" title="Signed in as an administrator">
          Uploads and saves are checked on the server: only administrators can change collections.
        </Notice>

        {loadError && (
          <Notice tone="red" title={IMPORT_MESSAGES.collectionsLoadErrorTitle} role="alert">
            {loadError}
          </Notice>
        )}

        {state.phase === "uploading" && <ProgressBar label={`Uploading ${state.file.name}`} fraction={state.fraction} />}
        {state.phase === "saving" && <ProgressBar label={`Saving ${state.parsed.collections.length} collections…`} />}

        {parsed && (
          <Notice tone="blue" title="Existing collections will be overwritten" role="status">
            {parsed.collections.length} {parsed.collections.length === 1 ? "collection is" : "collections are"} ready to save. Saving
            replaces every existing collection with the same slug, and each one's product list with its product_ids.
          </Notice>
        )}

        {parsed && (parsed.missingFieldWarnings.length > 0 || otherWarnings.length > 0) && (
          <WarningsList
            title={parsed.missingFieldWarnings.length > 0 ? IMPORT_MESSAGES.collectionsWarningHeader : "Validation warnings"}
            warnings={parsed.missingFieldWarnings}
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
        )}
        <ImportOutcome notes={importer.notes} diff={parsed ? importer.diff : null} saved={result} noun="collections" />

        {!parsed && !loadError && collections.length > 0 && (
          <Notice tone="green" title={`Showing ${collections.length} collections from the database`} role="status">
            Upload a new CSV file to add or update collections
          </Notice>
        )}

        <section aria-labelledby="collections-table-title" className="space-y-2">
          <h2 id="collections-table-title" className="text-xl font-semibold">
            {parsed ? "Parsed collections" : "Collections"}
          </h2>
          {loading ? (
            <TableSkeleton />
          ) : rows.length === 0 ? (
            <EmptyTable>No collections uploaded yet. Use the upload button above to add collections.</EmptyTable>
          ) : parsed ? (
            <CollectionTable rows={rows} saved={false} />
          ) : (
            <BulkDeleteForm id="bulk-delete-collections" returnTo="/admin/collections" noun="collections">
              <CollectionTable rows={rows} saved />
            </BulkDeleteForm>
          )}
        </section>

        <CsvGuide
          title="Instructions and CSV guidelines"
          template={COLLECTION_CSV_TEMPLATE}
          templateName="collections-template.csv"
          guide={COLLECTION_COLUMN_GUIDE}
        >
          <ol className="list-decimal space-y-1 pl-5 text-ink-muted">
            <li>
              Prepare a CSV whose first row names the columns: at least <strong>slug</strong> and <strong>title</strong> (or{" "}
              <strong>name</strong>).
            </li>
            <li>Upload it: the rows and any warnings appear here. Rows without a slug or title are skipped.</li>
            <li>
              Check the changes: each row is new, changed (with what changes, the product order included) or unchanged; unchanged rows are
              not written.
            </li>
            <li>Save to Database: collections are added, or replaced when the slug exists, all together or not at all.</li>
            <li>Export CSV downloads every collection in this format, its products in list order.</li>
            <li>
              Open <code className="font-mono">/reviews/&#123;slug&#125;</code> to see a collection with its products in the order of
              product_ids (ids or slugs).
            </li>
          </ol>
        </CsvGuide>
      </div>
    </>
  );
}
