import { previewOfferCsv, respondToCsvPreview } from "~/server/admin/csv-import.server";
import { requireAdminForApi } from "~/server/auth/guard.server";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import type { Route } from "./+types/offers-import-preview";

/** POST /admin/offers/import/preview: the offers CSV as the body; the per-row diff back. Writes nothing. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminForApi(request, context);
  return respondToCsvPreview(request, context.db, previewOfferCsv);
}

export const loader = () => methodNotAllowed(["POST"]);
