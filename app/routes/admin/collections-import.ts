import { importCollectionCsv, respondToCsvUpload } from "~/server/admin/csv-import.server";
import { requireAdminForApi } from "~/server/auth/guard.server";
import type { Route } from "./+types/collections-import";

/** POST /admin/collections/import: the collections CSV as the request body; JSON back. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminForApi(request, context);
  return respondToCsvUpload(request, context.db, importCollectionCsv);
}
