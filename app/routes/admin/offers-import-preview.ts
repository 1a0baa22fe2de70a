import { respondToImportUpload } from "~/server/admin/import-requests.server";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import type { Route } from "./+types/offers-import-preview";

/**
 * POST /admin/offers/import/preview: the chosen CSV as the body (same limit as the import). The file
 * is stored and a preview run queued: which rows are new, changed (and how) or unchanged against
 * the database, and which lines are refused. Writes nothing; the answer is the run, at once (202).
 */
export async function action(args: Route.ActionArgs) {
  return respondToImportUpload(args, "offers", "preview");
}

export const loader = () => methodNotAllowed(["POST"]);
