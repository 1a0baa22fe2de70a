import { importOfferCsv, respondToCsvUpload } from "~/server/admin/csv-import.server";
import { recordImportResponse } from "~/server/audit/audit-log.server";
import { requireAdminForApi } from "~/server/auth/guard.server";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import type { Route } from "./+types/offers-import";

/** POST /admin/offers/import: the offers CSV as the request body; JSON back. One transaction, however many rows. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminForApi(request, context);
  const response = await respondToCsvUpload(request, context.db, importOfferCsv, context.config.prices);
  await recordImportResponse({ request, context }, "offers", response);
  return response;
}

/** The page posts here; a GET (a bookmark, a crawler) gets 405, not an error in the log. */
export const loader = () => methodNotAllowed(["POST"]);
