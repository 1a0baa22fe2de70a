import { appContext } from "~/server/load-context";
import { EmptyTable } from "~/components/admin/admin-table";
import { CsvImportButtons, CsvImportPanel, useCsvImportSource } from "~/components/admin/csv-import-panel";
import { OFFER_IMPORT } from "~/components/admin/csv-import-sources";
import { ExportCsvLink } from "~/components/admin/csv-toolbar";
import { OfferTable } from "~/components/admin/offer-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useResultToast } from "~/components/ui/use-result-toast";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { importFormAction } from "~/server/admin/import-requests.server";
import { recentOffers } from "~/server/offers/offer-admin-reads.server";
import type { Route } from "./+types/offers";

/**
 * /admin/offers: the offers CSV (one row per product and merchant) with the same preview, per-row
 * diff and all-or-nothing save as the product import, its export, and the most recently
 * confirmed offers. Admins only (checked on the server by every loader and action).
 */

export const meta: Route.MetaFunction = () => [{ title: `Offers - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  return recentOffers(context.get(appContext).db);
}

/** The no-JavaScript path of the upload form; the page's script posts to /admin/offers/import. */
export async function action(args: Route.ActionArgs) {
  return importFormAction(args, "offers");
}

export default function OffersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { offers, total } = loaderData;
  useResultToast(actionData);
  const importer = useCsvImportSource(OFFER_IMPORT);

  return (
    <>
      <AdminPageHeader
        toolbar
        title="Offers"
        description="Prices and links of the products at each merchant. Upload a CSV to add or change many at once."
      >
        <CsvImportButtons source={OFFER_IMPORT} importer={importer} />
        <ExportCsvLink href="/admin/offers/export.csv" />
      </AdminPageHeader>
      <div className="space-y-5">
        <CsvImportPanel source={OFFER_IMPORT} importer={importer} saved={actionData}>
          <section aria-labelledby="offers-table-title" className="space-y-2">
            <h2 id="offers-table-title" className="text-xl font-semibold">
              Recently confirmed offers
            </h2>
            {offers.length === 0 ? (
              <EmptyTable>No offers yet. Upload a CSV, or add offers on a product&apos;s page.</EmptyTable>
            ) : (
              <OfferTable rows={offers} total={total} />
            )}
          </section>
        </CsvImportPanel>
      </div>
    </>
  );
}
