import { data, useRevalidator } from "react-router";
import { EmptyTable } from "~/components/admin/admin-table";
import { CsvGuide } from "~/components/admin/csv-reference";
import { CsvImportForm } from "~/components/admin/csv-import-form";
import { ExportCsvLink, SaveCsvButton } from "~/components/admin/csv-toolbar";
import { ImportOutcome } from "~/components/admin/import-outcome";
import { OfferTable } from "~/components/admin/offer-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { ProgressBar } from "~/components/admin/progress-bar";
import { useCsvImport } from "~/components/admin/use-csv-import";
import { WarningsList } from "~/components/admin/warnings-list";
import { FileButton } from "~/components/ui/file-button";
import { Notice } from "~/components/ui/notice";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useResultToast } from "~/components/ui/use-result-toast";
import { OFFER_COLUMN_GUIDE, OFFER_CSV_TEMPLATE } from "~/lib/csv/csv-guidelines";
import type { ImportPreview } from "~/lib/csv/import-plan";
import { IMPORT_MESSAGES } from "~/lib/csv/import-messages";
import { parseOfferCsv, type OfferCsvResult } from "~/lib/csv/offer-csv";
import type { ResultToast } from "~/lib/result-toast";
import { SITE_NAME } from "~/lib/site-navigation";
import { importFormUpload } from "~/server/admin/csv-import.server";
import { recordImport } from "~/server/audit/audit-log.server";
import { requireAdmin } from "~/server/auth/guard.server";
import { BodyTooLarge, readForm } from "~/server/http/request-body.server";
import { recentOffers } from "~/server/offers/offer-admin-reads.server";
import type { Route } from "./+types/offers";

/**
 * /admin/offers: the offers CSV (one row per product and merchant) with the same preview, per-row
 * diff and all-or-nothing save as the product import, its export, and the most recently
 * confirmed offers. Admins only (checked on the server by every loader and action).
 */

export const meta: Route.MetaFunction = () => [{ title: `Offers - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return recentOffers(context.db);
}

interface ActionResult {
  toast?: ResultToast;
  importNotes?: string[];
  importPreview?: ImportPreview;
}

/** The no-JavaScript path of the upload form; the page's script posts to /admin/offers/import. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    return data<ActionResult>(
      { toast: { kind: "error", title: IMPORT_MESSAGES.fileTooLargeTitle, description: IMPORT_MESSAGES.fileOverLimit } },
      { status: 413 },
    );
  }
  const { status, ...outcome } = await importFormUpload(context.db, form.get("file"), "offers", context.config.prices);
  await recordImport({ request, context }, "offers", { status, toast: outcome.toast });
  return data<ActionResult>(outcome, { status });
}

export default function OffersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { offers, total } = loaderData;
  const result = actionData as ActionResult | undefined;
  useResultToast(result);
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const importer = useCsvImport<OfferCsvResult>({
    kind: "offers",
    endpoint: "/admin/offers/import",
    previewEndpoint: "/admin/offers/import/preview",
    parse: async (file, onProgress) => {
      const outcome = parseOfferCsv(await file.text());
      onProgress(1);
      return outcome.ok ? { ok: true, parsed: outcome } : { ok: false, error: outcome.error };
    },
    onSaved: () => revalidator.revalidate(),
  });
  const { state, parsed, busy } = importer;

  return (
    <>
      <AdminPageHeader
        toolbar
        title="Offers"
        description="Prices and links of the products at each merchant. Upload a CSV to add or change many at once."
      >
        <FileButton
          id="offer-csv-file"
          form="offer-csv-form"
          label="Upload CSV"
          disabled={busy}
          onFile={(file) => void importer.chooseFile(file)}
        />
        <SaveCsvButton
          form="offer-csv-form"
          saving={state.phase === "uploading" || state.phase === "saving"}
          disabled={busy || (hydrated && !parsed)}
        />
        <ExportCsvLink href="/admin/offers/export.csv" />
      </AdminPageHeader>
      <CsvImportForm id="offer-csv-form" onSave={() => void importer.save()} />
      <div className="space-y-5">
        {state.phase === "uploading" && <ProgressBar label={`Uploading ${state.file.name}`} fraction={state.fraction} />}
        {state.phase === "saving" && <ProgressBar label={`Saving ${state.parsed.offers.length.toLocaleString("en-US")} offers…`} />}
        {parsed && (
          <Notice tone="blue" title={`${parsed.offers.length.toLocaleString("en-US")} offers ready to save`} role="status">
            Each row adds the product&apos;s offer at that merchant, or changes it when there is one. Saving refreshes the products&apos;
            prices, all together or not at all.
          </Notice>
        )}
        {parsed && parsed.warnings.length > 0 && <WarningsList title="Warnings (they do not stop saving)" warnings={parsed.warnings} />}
        <ImportOutcome notes={importer.notes} diff={parsed ? importer.diff : null} saved={result} noun="offers" />

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

        <CsvGuide title="Offers CSV guidelines" template={OFFER_CSV_TEMPLATE} templateName="offers-template.csv" guide={OFFER_COLUMN_GUIDE}>
          <ul className="list-disc space-y-1 pl-5 text-ink-muted">
            <li>One row per product and merchant. The merchant is its slug or its name; both must already exist.</li>
            <li>
              A value that cannot be read (a price of &quot;free&quot;, a currency of &quot;EURO&quot;) refuses the file, naming the row:
              nothing is saved until it is fixed.
            </li>
            <li>
              A column the file leaves out keeps existing offers&apos; values; an empty cell clears that field. Prices without a currency
              column are USD.
            </li>
            <li>
              Before saving, the page lists which rows are new, changed (and how) or unchanged; unchanged rows are not written. Export CSV
              downloads every offer in this format.
            </li>
          </ul>
        </CsvGuide>
      </div>
    </>
  );
}
