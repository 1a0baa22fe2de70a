import { data, type AppLoadContext, type Params } from "react-router";
import { fileTooLargeText, type ImportKind } from "~/lib/csv/import-messages";
import type { ImportPreview } from "~/lib/csv/import-plan";
import type { ResultToast } from "~/lib/forms/result-toast";
import { recordImport } from "../audit/audit-log.server";
import { dispatchIntent } from "../forms/intents.server";
import { BodyTooLarge, declaredLength, readForm, TOO_LARGE_HEADERS } from "../http/request-body.server";
import { importFormUpload } from "./csv-import.server";

/**
 * The import pages' path without JavaScript: the page's form posts the chosen file as a
 * multipart field to the page's own action, which imports it as the script's upload would and
 * answers with what the page shows (the toast, the notes, what the save changed). The caller has
 * checked the admin guard.
 */

/** What an import page's action answers; the products page adds its own fields. */
export interface ImportFormResult {
  toast?: ResultToast | null;
  importNotes?: string[];
  /** What the save did, row by row. */
  importPreview?: ImportPreview;
}

type Args = { request: Request; context: AppLoadContext };

/** The page's form, read under its route's limit; past it, the same words as the script's check of the file. */
export async function readImportForm(
  request: Request,
): Promise<{ form: FormData } | { refused: ReturnType<typeof data<ImportFormResult>> }> {
  try {
    return { form: await readForm(request) };
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    const toast: ResultToast = { kind: "error", ...fileTooLargeText(declaredLength(request.headers)) };
    return { refused: data<ImportFormResult>({ toast }, { status: 413, headers: TOO_LARGE_HEADERS }) };
  }
}

/**
 * Imports the form's `file` field, and records the import in the audit log. The whole form goes
 * along: a product import's answer to the rule-listed collections' question and the plan it
 * answered come with the file.
 */
export async function importFromForm({ request, context }: Args, form: FormData, kind: ImportKind) {
  const { status, ...outcome } = await importFormUpload(context.db, form, kind, context.config.prices);
  await recordImport({ request, context }, kind, { status, toast: outcome.toast });
  return data<ImportFormResult>(outcome, { status });
}

/** The action of a page whose only form is its import's (intent `import-csv`, as on the products page). */
export async function importFormAction(
  args: Args & { params: Params },
  kind: ImportKind,
): Promise<ReturnType<typeof data<ImportFormResult>>> {
  const read = await readImportForm(args.request);
  if ("refused" in read) return read.refused;
  return dispatchIntent(args, { "import-csv": ({ form }) => importFromForm(args, form, kind) }, { form: read.form });
}
