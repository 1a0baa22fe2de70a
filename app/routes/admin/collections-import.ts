import { importCollectionCsv, respondToCsvUpload } from "~/server/admin/csv-import.server";
import { recordImportResponse } from "~/server/audit/audit-log.server";
import { requireAdminForApi } from "~/server/auth/guard.server";
import type { Route } from "./+types/collections-import";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";

/** POST /admin/collections/import: the collections CSV as the request body; JSON back. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminForApi(request, context);
  const response = await respondToCsvUpload(request, context.db, importCollectionCsv);
  await recordImportResponse({ request, context }, "collections", response);
  return response;
}

/** The page posts here; a GET (a bookmark, a crawler) gets 405, not an error in the log. */
export const loader = () => methodNotAllowed(["POST"]);
