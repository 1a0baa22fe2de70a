import { isbot } from "isbot";
import { deviceClass, type DeviceClass } from "../clicks/device-class";

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

/**
 * Browsers send a handful of User-Agents: remembering what each one is (a bot or not, and its
 * device class) keeps isbot's large pattern and the device patterns off most cache hits. The
 * least recently seen is forgotten first, so a flood of made-up agents cannot push out the
 * common ones for long. Only these answers are kept, in memory, never written anywhere.
 */
interface AgentFacts {
  bot: boolean;
  device: DeviceClass;
}
const agents = new Map<string, AgentFacts>();
const MAX_REMEMBERED_AGENTS = 1_000;

function agentFacts(agent: string): AgentFacts {
  let facts = agents.get(agent);
  if (facts === undefined) {
    facts = { bot: isbot(agent), device: deviceClass(agent) };
    if (agents.size >= MAX_REMEMBERED_AGENTS) agents.delete(agents.keys().next().value!);
  } else {
    // Moved to the end: the Map's order is the order of last use.
    agents.delete(agent);
  }
  agents.set(agent, facts);
  return facts;
}

/** Whether a User-Agent is a reader's browser: sent, and not a crawler's (isbot). */
export function isBrowser(userAgent: string | undefined): boolean {
  const agent = userAgent?.trim() ?? "";
  return agent !== "" && !agentFacts(agent).bot;
}

/** The device class of a User-Agent (app/lib/clicks/device-class.ts), remembered with the bot answer above. */
export function deviceOfAgent(userAgent: string | undefined): DeviceClass {
  const agent = userAgent?.trim() ?? "";
  if (agent === "") return "desktop";
  // Asked right after isBrowser's look, which already put this agent last: no second reordering.
  return (agents.get(agent) ?? agentFacts(agent)).device;
}

/**
 * The kinds of page whose views are counted per device class, so a placement's click-through
 * rate has its page kind's views to be divided by: an article is one Knowledge Center article,
 * "learn" the Knowledge Center's index, categories and tags.
 */
export const VIEW_KINDS = ["home", "reviews", "collection", "product", "compare", "article", "learn"] as const;

/** The index in VIEW_KINDS of a counted page's path (viewedPage's answer). */
export function viewKindIndex(path: string): number {
  if (path === "/") return 0;
  if (path === "/reviews") return 1;
  if (path.startsWith("/reviews/product/")) return 3;
  if (path.startsWith("/reviews/")) return 2;
  if (path === "/compare") return 4;
  if (path === "/learn" || path.startsWith("/learn/category/") || path.startsWith("/learn/tag/")) return 6;
  return 5;
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
