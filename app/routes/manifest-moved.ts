import { reloadDocumentResponse } from "~/server/framework/react-router-adapter.server";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";
/**
 * GET /__manifest: where React Router's lazy route discovery asked for route details. The site
 * now sends its whole route manifest with the page (docs/decisions/0047), so only a tab opened
 * before that release still asks. Answering as React Router's own server does when its version
 * changed makes that tab load its next page as a full document instead of showing an error for
 * a route it had not discovered yet (docs/decisions/0081).
 */
export function loader() {
  return reloadDocumentResponse({ "Cache-Control": CACHE_CONTROL.noStore });
}
