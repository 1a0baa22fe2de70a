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

/**
 * The query parameters each cached route reads, by its path in app/routes.ts; every other
 * parameter (tracking tags, a mistyped name, anything an attacker adds) is dropped from the key,
 * and so from the URL the page is rendered for: the page cannot echo what its key does not hold.
 * A route missing here reads none. Every route of app/routes.ts outside UNCACHED_PATHS is listed
 * (a test holds the two together), so a new route is a decision here too.
 */
export const ROUTE_QUERY_PARAMS: ReadonlyArray<readonly [pattern: string, params: readonly string[]]> = [
  ["/", []],
  ["/learn", []],
  ["/learn/category/:category", []],
  ["/learn/tag/:tag", []],
  ["/learn/feed.xml", []],
  ["/learn/:articleId", []],
  ["/healthz", []],
  ["/readyz", []],
  ["/sitemap.xml", ["page"]],
  ["/robots.txt", []],
  ["/__manifest", []],
  ["/compare", ["products"]],
  ["/newsletter", []],
  // Personal links from a mail; their pages say no-store, so the key never stores a token.
  ["/newsletter/confirm", ["token"]],
  ["/newsletter/unsubscribe", ["token"]],
  ["/alerts", []],
  ["/alerts/confirm", ["token"]],
  ["/alerts/unsubscribe", ["token"]],
  ["/reviews/product/:productId", []],
  ["/product/:productId", []],
  ["/reviews/:listId", ["page", "view"]],
  ["/reviews", ["page", "q"]],
];

/** React Router's data requests name the routes whose loaders they want. */
const DATA_REQUEST_PARAMS = ["_routes"];

/** Route patterns as React Router matches them: `:name` is one segment, case does not matter, a trailing slash is allowed. */
const ROUTE_MATCHERS = ROUTE_QUERY_PARAMS.map(([pattern, params]) => {
  const segments = pattern
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return { test: new RegExp(`^/${segments.join("/")}/?$`, "i"), params: new Set(params) };
});

/** The parameters the route at `path` reads (a data request's path is its page's, plus `_routes`). */
export function routeQueryParams(path: string): ReadonlySet<string> {
  const dataRequest = path.endsWith(".data");
  const pagePath = dataRequest ? path.slice(0, -".data".length).replace(/^\/_root$/, "/") : path;
  const params = ROUTE_MATCHERS.find((route) => route.test.test(pagePath))?.params ?? new Set<string>();
  return dataRequest ? new Set([...params, ...DATA_REQUEST_PARAMS]) : params;
}

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}

/**
 * The cache key of a request target (`/reviews?q=cedar&utm_source=x`), or undefined when the
 * path is never cached. Equivalent URLs share a key: only the parameters the route reads are
 * kept (ROUTE_QUERY_PARAMS), sorted by name (a name's values keep their order, which can
 * matter), empty ones dropped, and the fragment ignored. The key is also the URL the page is
 * rendered for, so a page never sees a parameter that its key left out.
 */
export function pageCacheKey(target: string): string | undefined {
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  if (!path.startsWith("/") || path.startsWith("//") || UNCACHED_PATHS.test(path)) return undefined;
  if (queryAt === -1 || queryAt === target.length - 1) return path;

  const hashAt = target.indexOf("#", queryAt);
  const query = target.slice(queryAt + 1, hashAt === -1 ? undefined : hashAt);
  const read = routeQueryParams(path);
  const kept: Array<[string, string]> = [];
  for (const [name, value] of new URLSearchParams(query)) {
    if (value === "" || !read.has(name)) continue;
    kept.push([name, value]);
  }
  if (kept.length === 0) return path;
  // Array.prototype.sort is stable: repeated names keep their values' order.
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return `${path}?${new URLSearchParams(kept).toString()}`;
}
