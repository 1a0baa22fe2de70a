import { importProductCsv, respondToCsvUpload } from "~/server/admin/csv-import.server";
import { recordImportResponse } from "~/server/audit/audit-log.server";
import { requireAdminForApi } from "~/server/auth/guard.server";
import type { Route } from "./+types/products-import";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";

/**
 * POST /admin/products/import: the products page sends the chosen CSV file here as the request
 * body (XMLHttpRequest, for the upload progress bar) and gets JSON back. One request, one
 * transaction, however many rows.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminForApi(request, context);
  const response = await respondToCsvUpload(request, context.db, importProductCsv, context.config.prices);
  await recordImportResponse({ request, context }, "products", response);
  return response;
}

/** The page posts here; a GET (a bookmark, a crawler) gets 405, not an error in the log. */
export const loader = () => methodNotAllowed(["POST"]);
