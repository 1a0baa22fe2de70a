import { data, redirect } from "react-router";
import { MAX_CSV_BYTES } from "~/lib/admin/upload-limits";
import { IMPORT_MESSAGES } from "~/lib/csv/import-messages";
import { MAPPED_FIELDS, type ColumnMap, type MappedField } from "~/lib/revenue/commission-report";
import type { RunView } from "~/lib/jobs/run-view";
import { recordAdminAction } from "../audit/audit-log.server";
import type { AppConfig } from "../config.server";
import type { DB } from "../db/connection.server";
import type { IntentArgs, IntentTable } from "../forms/intents.server";
import { loadJob } from "../jobs/job-queue.server";
import { siteCancelMarkers, toRunView } from "../jobs/runs-screen.server";
import { startReportRun, uploadHref, type CommissionReportInput, type ReadResult, type SaveResult } from "./commission-report-job.server";
import { addUpload, loadUpload, storeUploadFile, UploadRefused, uploadsStorage } from "./report-uploads.server";

/**
 * The steps of a commission report's upload on /admin/revenue (docs/decisions/0100), each a plain
 * form post (no script needed): the file is stored server-side under an id and read by a run in
 * the worker (its progress and Cancel on the page); then the column mapping, when the network has
 * none yet or this report's columns do not fit it; the preview (counts, the first rows, every bad
 * line up to a hundred); the save, a run too, all or nothing. Between the steps the page carries
 * the upload's id, never the report.
 */

export interface RefusedStep {
  step: "refused";
  error: string;
  network: string;
  reportUrl: string;
}

/** What /admin/revenue?upload=… shows: the upload's latest run and, once it is done, its result. */
export interface UploadScreen {
  id: string;
  network: string;
  reportUrl: string | null;
  run: RunView | null;
  /** Which step the latest run was (a failed save offers to read again with its mapping). */
  phase: "read" | "save" | "refresh" | null;
  map: ColumnMap | null;
  result: ReadResult | SaveResult | null;
  /** The owner asked to change the mapping from the preview. */
  editMapping: boolean;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

function refused(error: string, network: string, reportUrl: string) {
  return data<RefusedStep>({ step: "refused", error, network, reportUrl }, { status: 422 });
}

/** The mapping as the form sends it. */
function mapFrom(form: FormData): ColumnMap {
  const columns = Object.fromEntries(MAPPED_FIELDS.map((field) => [field.key, text(form, `column_${field.key}`)])) as Record<
    MappedField,
    string
  >;
  return { columns, defaultCurrency: text(form, "default_currency").toUpperCase(), dayFirst: form.get("day_first") === "true" };
}

const GONE = "This upload is gone (uploads are kept for a day). Upload the report again.";

export async function loadUploadScreen(db: DB, config: AppConfig, url: URL): Promise<UploadScreen | null> {
  const id = url.searchParams.get("upload");
  if (!id) return null;
  const upload = await loadUpload(db, id);
  if (!upload) return null;
  const job = upload.jobId === null ? null : await loadJob(db, upload.jobId);
  const input = job?.payload as CommissionReportInput | undefined;
  return {
    id: upload.id,
    network: upload.network,
    reportUrl: upload.reportUrl,
    run: job ? toRunView(job, siteCancelMarkers(config)) : null,
    phase: input?.phase ?? null,
    map: input && "map" in input ? input.map : null,
    result: job?.state === "done" ? (job.result as ReadResult | SaveResult) : null,
    editMapping: url.searchParams.get("mapping") === "1",
  };
}

/** The upload named by the form, with its latest run's result when that run is done. */
async function formUpload({ form, context }: IntentArgs) {
  const upload = await loadUpload(context.db, text(form, "upload"));
  if (!upload || upload.savedAt !== null) return null;
  const job = upload.jobId === null ? null : await loadJob(context.db, upload.jobId);
  return { upload, result: job?.state === "done" ? (job.result as ReadResult | SaveResult) : null };
}

export function revenueIntents(startedBy: string) {
  return {
    /** The report as uploaded or at its URL: stored under an id, then read by a run. */
    "read-report": async ({ form, context, request }: IntentArgs) => {
      const network = text(form, "network");
      const reportUrl = text(form, "report_url");
      if (network === "" || network.length > 80)
        return refused("Name the network the report comes from (at most 80 characters), e.g. Awin.", network, reportUrl);
      const file = form.get("file");
      const hasFile = file instanceof File && file.size > 0;
      if (hasFile && file.size > MAX_CSV_BYTES) return refused(IMPORT_MESSAGES.fileTooLarge(file.size), network, reportUrl);
      if (!hasFile) {
        if (reportUrl === "") return refused("Choose the report's CSV file, or give its URL.", network, reportUrl);
        if (!/^https?:\/\//i.test(reportUrl)) return refused("The report URL must start with https:// or http://.", network, reportUrl);
      }
      // A file given with a URL is this report; the URL is kept for the scheduled re-reads.
      const id = await addUpload(context.db, { network, reportUrl: reportUrl || null, startedBy });
      if (hasFile) {
        try {
          await storeUploadFile(context.db, uploadsStorage(context.config, context.db), id, file.stream());
        } catch (error) {
          if (error instanceof UploadRefused) return refused(error.message, network, reportUrl);
          throw error;
        }
      }
      await startReportRun(context.db, { id, network }, { phase: "read", uploadId: id, map: null, href: uploadHref(id) }, startedBy);
      await recordAdminAction(
        { request, context },
        "commission-report-read",
        `${network}: ${hasFile ? `file ${file.name || "(unnamed)"}` : reportUrl}`,
      );
      return redirect(uploadHref(id));
    },
    /** The owner's mapping: the report is read again with it. */
    "map-columns": async (args: IntentArgs) => {
      const found = await formUpload(args);
      if (!found) return refused(GONE, "", "");
      const { upload } = found;
      const map = mapFrom(args.form);
      await startReportRun(args.context.db, upload, { phase: "read", uploadId: upload.id, map, href: uploadHref(upload.id) }, startedBy);
      await recordAdminAction(
        args,
        "commission-columns-mapped",
        `${upload.network} (report ${upload.id}): read again with the chosen columns`,
      );
      return redirect(uploadHref(upload.id));
    },
    /** Back from the preview to the mapping, as it was. */
    "edit-mapping": ({ form }: IntentArgs) => redirect(`${uploadHref(text(form, "upload"))}&mapping=1`),
    /** The save, with the previewed mapping (kept server-side with the preview, not taken from the form). */
    "save-report": async (args: IntentArgs) => {
      const found = await formUpload(args);
      if (!found) return refused(GONE, "", "");
      const { upload, result } = found;
      if (result?.step !== "preview" || result.plan.fingerprint !== text(args.form, "fingerprint"))
        return refused("The preview changed since this page was shown. Check the new preview and save again.", upload.network, "");
      if (result.errorCount > 0) return refused("Lines of this report need fixing; nothing can be saved.", upload.network, "");
      await startReportRun(
        args.context.db,
        upload,
        { phase: "save", uploadId: upload.id, map: result.map, fingerprint: result.plan.fingerprint, href: uploadHref(upload.id) },
        startedBy,
      );
      await recordAdminAction(args, "commission-report-saved", `${upload.network} (report ${upload.id}): the previewed orders saving`);
      return redirect(uploadHref(upload.id));
    },
  } satisfies IntentTable;
}
