import { previewProductCsv, respondToCsvPreview } from "~/server/admin/csv-import.server";
import { requireAdminForApi } from "~/server/auth/guard.server";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import type { Route } from "./+types/products-import-preview";

/**
 * POST /admin/products/import/preview: the chosen CSV as the body (same limit as the import);
 * answers which rows are new, changed (and how) or unchanged against the database. Writes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminForApi(request, context);
  return respondToCsvPreview(request, context.db, previewProductCsv, context.config.prices);
}

export const loader = () => methodNotAllowed(["POST"]);
