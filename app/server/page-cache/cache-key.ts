import { normaliseQuery } from "~/lib/reviews/catalog-search";
import { collectionViewFrom, VIEW_PARAM } from "~/lib/collection/collection-view";
import { canonicalCompareParam, COMPARE_PARAM } from "~/lib/compare/compare";
import { canonicalTableParams, parseTableQuery, TABLE_PARAMS } from "~/lib/sauna-table/table-query";
import { DATA_ROUTES_PARAM, isDataRequestPath, pagePathOfDataRequest } from "../framework/react-router-adapter.server";

/**
 * Which requests the page cache may answer, and the one key each of them is stored under.
 * Pure: no Node request types, so it is unit-tested on plain strings.
 */

/**
 * Paths never served from or stored in the page cache, with their client-navigation data
 * requests (`/admin.data`, `/admin/products.data`): the admin area and sign-in are private,
 * the auth API sets cookies, /img and /storage negotiate formats or serve files of their own, and
 * every /go (tracked shop link) request must reach the click counter, and /metrics is read fresh.
 */
const UNCACHED_PATHS = /^\/(?:admin|auth|api|img|storage|assets|images|go|metrics)(?:[/.]|$)/;
/**
 * The sitemap files (/sitemap-products-1.xml): streamed from the database as they are sent, up to
 * 50,000 URLs each, which the cache would have to hold whole; crawlers read them seldom. They are
 * answered ahead of React Router (seo/sitemap-responses.server.ts), so app/routes.ts has no row
 * for them; /sitemap.xml, the small index, is a cached route like any other.
 */
const STREAMED_PATHS = /^\/sitemap-[^/]*\.xml$/;

/**
 * better-auth names every cookie it sets `better-auth.<name>` (or `better-auth-<name>`), behind
 * `__Secure-` when the site runs on https: the session token, the cached session data and the
 * "don't remember me" marker. Any of them means a signed-in browser, which is never served a
 * shared page and never fills one. The site uses better-auth's default prefix.
 */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-|__Host-)?better-auth[.-]/;

/**
 * How a parameter's value is written in the key, and so in the URL the page is rendered for:
 * `asSent`, when the page answers every value it does not take as written with a redirect or a
 * 404 (never kept), or a function giving the value's one spelling among those that make the same
 * page, undefined when it makes the page its absence makes. Either way, junk values cannot each
 * make an entry of their own.
 */
type ValueRule = "asSent" | ((value: string) => string | undefined);

export interface CachedRoute {
  /** The path as app/routes.ts writes it, from the root. */
  path: string;
  /** Its route id in React Router: the module's path without extension, or the id app/routes.ts gives it. */
  id: string;
  /** The query parameters its loader reads, and how each value is keyed. */
  params: Readonly<Record<string, ValueRule>>;
  /**
   * For a page whose parameters mean something together (a default that depends on another, a
   * repeated name whose order does not matter): the one spelling of the kept parameters as a
   * whole, applied after each value's rule.
   */
  canonical?: (kept: URLSearchParams) => URLSearchParams;
}

/** `?page=` on a list: '02', 'abc', '1' get a 301 to their one spelling, a page past the end a 302. */
const PAGE_NUMBER = { page: "asSent" } as const;

/**
 * Every route of app/routes.ts outside UNCACHED_PATHS, with the query parameters it reads; every
 * other parameter (tracking tags, a mistyped name, anything an attacker adds) is dropped from the
 * key, and so from the URL the page is rendered for: the page cannot echo what its key does not
 * hold. A test holds this table to app/routes.ts, so a new route is a decision here too
 * (docs/decisions/0067).
 */
export const CACHED_ROUTES: readonly CachedRoute[] = [
  { path: "/", id: "routes/home", params: {} },
  { path: "/learn", id: "routes/learn/index", params: {} },
  { path: "/learn/category/:category", id: "routes/learn/category", params: {} },
  { path: "/learn/tag/:tag", id: "routes/learn/tag", params: {} },
  { path: "/learn/author/:author", id: "routes/learn/author", params: {} },
  { path: "/learn/feed.xml", id: "routes/learn/feed", params: {} },
  { path: "/learn/:articleId", id: "routes/learn/article", params: {} },
  { path: "/healthz", id: "routes/healthz", params: {} },
  { path: "/readyz", id: "routes/readyz", params: {} },
  // The index: one document, whatever the query (the old ?page=N included).
  { path: "/sitemap.xml", id: "routes/sitemap", params: {} },
  { path: "/robots.txt", id: "routes/robots", params: {} },
  { path: "/__manifest", id: "routes/manifest-moved", params: {} },
  { path: "/compare", id: "routes/compare", params: { [COMPARE_PARAM]: canonicalCompareParam } },
  { path: "/newsletter", id: "routes/newsletter/subscribe", params: {} },
  // Personal links from a mail; their pages say no-store, so the key never stores a token.
  { path: "/newsletter/confirm", id: "routes/newsletter/confirm", params: { token: "asSent" } },
  { path: "/newsletter/unsubscribe", id: "routes/newsletter/unsubscribe", params: { token: "asSent" } },
  { path: "/alerts", id: "routes/alerts/subscribe", params: {} },
  { path: "/alerts/confirm", id: "routes/alerts/confirm", params: { token: "asSent" } },
  { path: "/alerts/unsubscribe", id: "routes/alerts/unsubscribe", params: { token: "asSent" } },
  { path: "/digest/unsubscribe", id: "routes/digest/unsubscribe", params: { token: "asSent" } },
  { path: "/reviews/product/:productId", id: "product-under-reviews", params: {} },
  { path: "/product/:productId", id: "product", params: {} },
  // The table of every sauna: before /reviews/:listId, which would take "table" for a list.
  // Every parameter is read together: columns in the registry's order, defaults dropped.
  {
    path: "/reviews/table",
    id: "routes/sauna-table",
    params: Object.fromEntries(Object.values(TABLE_PARAMS).map((name) => [name, (value: string) => value])),
    canonical: (kept) => canonicalTableParams(parseTableQuery(kept)),
  },
  {
    path: "/reviews/:listId",
    id: "routes/collection",
    // Any view but the comparison is the ranked list, which needs no parameter.
    params: { ...PAGE_NUMBER, [VIEW_PARAM]: (value) => (collectionViewFrom(value) === "list" ? undefined : value) },
  },
  // The query as the search reads it: whitespace collapsed, trimmed, cut at 100 characters.
  { path: "/reviews", id: "routes/reviews-index", params: { ...PAGE_NUMBER, q: (value) => normaliseQuery(value) || undefined } },
];

/** The id of the root route, whose loader every page's data request may ask for too. */
const ROOT_ROUTE_ID = "root";

/** Route patterns as React Router matches them: `:name` is one segment, case does not matter, a trailing slash is allowed. */
const ROUTE_MATCHERS = CACHED_ROUTES.map((route) => {
  const segments = route.path
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return { test: new RegExp(`^/${segments.join("/")}/?$`, "i"), route };
});

/** The table's row for a page path (a data request's path is its page's). */
function routeOf(path: string): CachedRoute | undefined {
  return ROUTE_MATCHERS.find((matcher) => matcher.test.test(path))?.route;
}

/**
 * A key of a page the route table knows, or of its data (what a client-side navigation to it
 * asks for): what the page warmer counts visits of and renders again after a catalog change. An
 * unknown path's key is not.
 */
export function isPageKey(key: string): boolean {
  const queryAt = key.indexOf("?");
  const path = queryAt === -1 ? key : key.slice(0, queryAt);
  return routeOf(pagePathOfDataRequest(path)) !== undefined;
}

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}

/**
 * The cache key of a request target (`/reviews?q=cedar&utm_source=x`), or undefined when the
 * request is never cached. Equivalent URLs share a key: only the parameters the route reads are
 * kept (CACHED_ROUTES), each value in its one spelling, sorted by name (a name's values keep
 * their order, which can matter), empty ones dropped, and the fragment ignored. The key is also
 * the URL the page is rendered for, so a page never sees a parameter that its key left out.
 *
 * A data request keeps, of the route ids its `_routes` names, only its page's own and the root's;
 * when it names neither, no loader runs, and it is answered per request, never kept.
 */
export function pageCacheKey(target: string): string | undefined {
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  if (!path.startsWith("/") || path.startsWith("//") || UNCACHED_PATHS.test(path) || STREAMED_PATHS.test(path)) return undefined;
  if (queryAt === -1 || queryAt === target.length - 1) return path;

  const dataRequest = isDataRequestPath(path);
  const route = routeOf(pagePathOfDataRequest(path));
  const hashAt = target.indexOf("#", queryAt);
  const query = new URLSearchParams(target.slice(queryAt + 1, hashAt === -1 ? undefined : hashAt));
  let kept: Array<[string, string]> = [];
  for (const [name, sent] of query) {
    const rule = route && Object.hasOwn(route.params, name) ? route.params[name] : undefined;
    if (rule === undefined || sent === "") continue;
    const value = rule === "asSent" ? sent : rule(sent);
    if (value !== undefined && value !== "") kept.push([name, value]);
  }
  if (route?.canonical) kept = [...route.canonical(new URLSearchParams(kept))];
  if (dataRequest && query.has(DATA_ROUTES_PARAM)) {
    const named = new Set(query.getAll(DATA_ROUTES_PARAM).flatMap((value) => value.split(",")));
    // A page the table does not know is a 404, never kept: its request goes on as sent.
    const ids = route ? [ROOT_ROUTE_ID, route.id].filter((id) => named.has(id)) : [...named];
    if (ids.length === 0) return undefined;
    kept.push([DATA_ROUTES_PARAM, ids.join(",")]);
  }
  if (kept.length === 0) return path;
  // Array.prototype.sort is stable: repeated names keep their values' order.
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return `${path}?${new URLSearchParams(kept).toString()}`;
}
