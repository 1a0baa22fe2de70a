import { respondToImportUpload } from "~/server/admin/import-requests.server";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import type { Route } from "./+types/offers-import";

/**
 * POST /admin/offers/import: the offers CSV as the request body (the page's script, for its upload
 * bar), or the preview run whose stored file to save. The file is stored and its save queued for
 * the worker (one transaction, however many rows); the answer is the run, at once (202).
 */
export async function action(args: Route.ActionArgs) {
  return respondToImportUpload(args, "offers", "save");
}

/** The page posts here; a GET (a bookmark, a crawler) gets 405, not an error in the log. */
export const loader = () => methodNotAllowed(["POST"]);
