import { isbot } from "isbot";

/**
 * Which requests count as a reader's view of a public page, and under which page. Counted: a GET
 * of a page (the document, or the data request of a client-side navigation to it) by a browser.
 * Not counted: HEAD, prefetches and prerenders (Sec-Purpose, Purpose, X-Moz), requests without a
 * User-Agent, and crawlers (isbot). Nothing else of the request is looked at or kept.
 */
export interface ViewRequest {
  method: string | undefined;
  /** The request target as sent: path and query. */
  url: string | undefined;
  userAgent: string | undefined;
  /** The Sec-Purpose, Purpose and X-Moz headers, whichever were sent. */
  purpose: ReadonlyArray<string | undefined>;
}

/** The public pages whose views are counted: home, the reviews and their collections and products, compare, the Knowledge Center. */
const PAGE = /^\/(?:reviews(?:\/[^/]+|\/product\/[^/]+)?|compare|learn(?:\/[^/]+|\/(?:category|tag)\/[^/]+)?)?$/;
/** Files under /learn that are not pages. */
const NOT_A_PAGE = /\.(?:xml|txt|json)$/;

/** Browsers send a handful of User-Agents: remembering isbot's answer keeps its large pattern off most cache hits. */
const botAnswers = new Map<string, boolean>();
const MAX_REMEMBERED_AGENTS = 1_000;

function isBrowser(userAgent: string | undefined): boolean {
  const agent = userAgent?.trim() ?? "";
  if (agent === "") return false;
  let bot = botAnswers.get(agent);
  if (bot === undefined) {
    bot = isbot(agent);
    if (botAnswers.size >= MAX_REMEMBERED_AGENTS) botAnswers.clear();
    botAnswers.set(agent, bot);
  }
  return !bot;
}

/** The path of the page a request views (`/reviews/product/tyyni-4`), or null when it is not a counted view. */
export function viewedPage(request: ViewRequest): string | null {
  if (request.method !== "GET") return null;
  const target = request.url ?? "/";
  const queryAt = target.indexOf("?");
  let path = queryAt === -1 ? target : target.slice(0, queryAt);
  // A client-side navigation fetches the page's data: `/reviews.data`, and `/_root.data` for home.
  if (path.endsWith(".data")) path = path === "/_root.data" ? "/" : path.slice(0, -".data".length);
  if (!PAGE.test(path) || NOT_A_PAGE.test(path)) return null;
  if (request.purpose.some((value) => value !== undefined && /\bprefetch\b|\bprerender\b|\bpreview\b/i.test(value))) return null;
  return isBrowser(request.userAgent) ? path : null;
}

/** The page a click's source names, as its views are kept (`product:tyyni-4` → `/reviews/product/tyyni-4`), or null. */
export function pageOfSource(source: string): string | null {
  if (source === "home") return "/";
  if (source === "reviews" || source === "search") return "/reviews";
  if (source === "compare") return "/compare";
  if (source.startsWith("collection:")) return `/reviews/${source.slice("collection:".length)}`;
  if (source.startsWith("product:")) return `/reviews/product/${source.slice("product:".length)}`;
  return null;
}
