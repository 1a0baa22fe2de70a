/**
 * Which requests the page cache may answer, and the one key each of them is stored under.
 * Pure: no Node request types, so it is unit-tested on plain strings.
 */

/**
 * Paths never served from or stored in the page cache, with their client-navigation data
 * requests (`/admin.data`, `/admin/products.data`): the admin area and sign-in are private,
 * the auth API sets cookies, /img and /storage negotiate formats or serve files of their own, and
 * every /go (tracked shop link) request must reach the click counter.
 */
const UNCACHED_PATHS = /^\/(?:admin|auth|api|img|storage|assets|images|go)(?:[/.]|$)/;

/**
 * better-auth names every cookie it sets `better-auth.<name>` (or `better-auth-<name>`), behind
 * `__Secure-` when the site runs on https: the session token, the cached session data and the
 * "don't remember me" marker. Any of them means a signed-in browser, which is never served a
 * shared page and never fills one. The site uses better-auth's default prefix.
 */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-|__Host-)?better-auth[.-]/;

/** Query parameters that only say where a visitor came from; pages never read them. */
const TRACKING_PARAM = /^(?:utm_.*|fbclid|gclid|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|_ga|_gl|yclid|igshid|ref_src)$/i;

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}

/**
 * The cache key of a request target (`/reviews?view=list&utm_source=x`), or undefined when the
 * path is never cached. Equivalent URLs share a key: parameters sorted by name (a name's values
 * keep their order, which can matter), empty and tracking parameters dropped, and the fragment
 * ignored. The key is also the URL the page is rendered for, so a page never sees a parameter
 * that its key left out.
 */
export function pageCacheKey(target: string): string | undefined {
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  if (!path.startsWith("/") || path.startsWith("//") || UNCACHED_PATHS.test(path)) return undefined;
  if (queryAt === -1 || queryAt === target.length - 1) return path;

  const hashAt = target.indexOf("#", queryAt);
  const query = target.slice(queryAt + 1, hashAt === -1 ? undefined : hashAt);
  const kept: Array<[string, string]> = [];
  for (const [name, value] of new URLSearchParams(query)) {
    if (name === "" || value === "" || TRACKING_PARAM.test(name)) continue;
    kept.push([name, value]);
  }
  if (kept.length === 0) return path;
  // Array.prototype.sort is stable: repeated names keep their values' order.
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return `${path}?${new URLSearchParams(kept).toString()}`;
}
