import { CACHE_CONTROL } from "~/server/http/cache-control.server";
/**
 * GET /__manifest: where React Router's lazy route discovery asked for route details. The site
 * now sends its whole route manifest with the page (docs/decisions/0047), so only a tab opened
 * before that release still asks. Answering as React Router's own server does when its version
 * changed (204 with X-Remix-Reload-Document) makes that tab load its next page as a full document
 * instead of showing an error for a route it had not discovered yet.
 */
export function loader() {
  return new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true", "Cache-Control": CACHE_CONTROL.noStore } });
}
