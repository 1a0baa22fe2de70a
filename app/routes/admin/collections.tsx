import { appContext } from "~/server/load-context";
import { data, useNavigation, useRevalidator } from "react-router";
import { BulkDeleteForm } from "~/components/admin/bulk-delete";
import { CollectionTable, TableSkeleton } from "~/components/admin/collection-table";
import { EmptyTable } from "~/components/admin/admin-table";
import { CsvImportButtons, CsvImportPanel, useCsvImportSource } from "~/components/admin/csv-import-panel";
import { COLLECTION_IMPORT } from "~/components/admin/csv-import-sources";
import { ExportCsvLink } from "~/components/admin/csv-toolbar";
import { Notice } from "~/components/ui/notice";
import { AdminPageHeader } from "~/components/admin/page-header";
import { FlashNotice } from "~/components/ui/flash-notice";
import { useResultToast } from "~/components/ui/use-result-toast";
import { collectionRow, listingOf, type CollectionRow } from "~/lib/admin/collection-row";
import { IMPORT_MESSAGES } from "~/lib/csv/import-messages";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { importFormAction } from "~/server/admin/import-requests.server";
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
  // A delete started from this list comes back here with what it deleted.
  const { flash, headers } = await readFlash(request, context.get(appContext).config);
  try {
    const [collections, withMembers] = await Promise.all([
      listCollections(context.get(appContext).db),
      listCollectionIdsWithMembers(context.get(appContext).db),
    ]);
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

/** The no-JavaScript path of the upload form; the page's script posts to /admin/collections/import. */
export async function action(args: Route.ActionArgs) {
  return importFormAction(args, "collections");
}

export default function CollectionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { collections, loadError, flash } = loaderData;
  useResultToast(actionData);
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const importer = useCsvImportSource(COLLECTION_IMPORT);
  const { state, parsed } = importer;
  const loading =
    state.phase === "saving" || state.phase === "uploading" || revalidator.state === "loading" || navigation.state === "submitting";
  const rows: CollectionRow[] = parsed ? parsed.collections.map(collectionRow) : collections;

  return (
    <>
      <AdminPageHeader
        toolbar
        title="Collections Management"
        description="Upload a CSV of collections. Each collection's product_ids become its list, in that order."
      >
        <CsvImportButtons source={COLLECTION_IMPORT} importer={importer} />
        <ExportCsvLink href="/admin/collections/export.csv" />
      </AdminPageHeader>

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

        <CsvImportPanel source={COLLECTION_IMPORT} importer={importer} saved={actionData}>
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
        </CsvImportPanel>
      </div>
    </>
  );
}
