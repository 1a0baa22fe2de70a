import { IMPORT_MESSAGES } from "~/lib/csv/import-messages";
import { importProductCsv, readBodyText, UploadTooLarge } from "~/server/admin/csv-import.server";
import { requireAdminForApi } from "~/server/auth/guard.server";
import type { Route } from "./+types/products-import";

/**
 * POST /admin/products/import: the products page sends the chosen CSV file here as the request
 * body (XMLHttpRequest, for the upload progress bar) and gets JSON back. One request, one
 * transaction, however many rows.
 */

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminForApi(request, context);
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
  const result = await importProductCsv(context.db, text);
  if (!result.ok) return Response.json({ ok: false, toast: { kind: "error", ...result.toast } }, { status: result.status });
  return Response.json({ ok: true, saved: result.saved, notes: result.notes, toast: { kind: "success", ...result.toast } });
}
