import type { RequestHandler } from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendResponse, toFetchRequest } from "../http/send-response.server";
import { log } from "../log.server";
import { hasSessionCookie, isPageKey, pageCacheKey } from "./cache-key";
import { etagMatches, negotiateEncoding, type StoredEncoding } from "./http-rules";
import { PageCache, type CachedPage } from "./page-cache";
import { PageWarmer, READ_AGAIN_VISITS, VisitCounter } from "./page-warmer";

/**
 * The page cache wired to HTTP (docs/decisions/0015-page-cache.md). `serveCached` answers a hit
 * straight from the Node request, before Express, React Router or the database; `requestHandler`
 * renders everything else, fills the cache for anonymous page requests and compresses what it
 * sends. The X-Page-Cache header says which: hit, miss (rendered now) or bypass (never cached).
 */
export interface PageServing {
  serveCached(req: IncomingMessage, res: ServerResponse): boolean;
  requestHandler: RequestHandler;
  /** Drops every cached page and warms the ones readers are about to ask for: called on every catalog change. */
  invalidate(): void;
  /** Stops warming pages (after the page being rendered): call before the database closes. */
  close(): Promise<void>;
  /** The cache's counts (entries, bytes, renders and compressions under way, pages warmed), or undefined when it is off. */
  readonly stats: (PageCache["stats"] & PageWarmer["stats"]) | undefined;
}

export function createPageServing(options: {
  /**
   * `from` is the visitor's request when there is one (not for a background refresh). `first`:
   * the render refills a page readers keep reading (a warm-up, a refresh, a much-read page's
   * miss), which many requests wait on at once after a change: it goes ahead of single readers'.
   */
  render: (request: Request, from: IncomingMessage | undefined, turn: { first: boolean }) => Promise<Response>;
  /** The public origin pages are rendered for when filling the cache. */
  baseUrl: string;
  /** 0 turns the cache off; everything is then rendered per request. */
  maxBytes: number;
  /**
   * Called for each anonymous request answered with a page (a cache hit, a miss, or a 200
   * rendered without the cache), which decides whether it is a view to count (PAGE_VIEWS).
   */
  countView?: (req: IncomingMessage) => void;
  /** The keys warmed after every catalog change besides the most visited: home, /reviews, the collections. */
  warmKeys?: () => Promise<string[]>;
}): PageServing {
  const { render, countView } = options;
  // The URL a key's page is rendered for, by a visitor's miss and by a background refresh alike.
  const origin = new URL(options.baseUrl).origin;
  const urlOf = (key: string) => origin + key;
  const cache =
    options.maxBytes > 0
      ? new PageCache({
          maxBytes: options.maxBytes,
          // A background refresh has no visitor: it renders the key as a visitor without cookies.
          render: (key) => render(new Request(urlOf(key), { headers: { accept: "text/html,*/*" } }), undefined, { first: true }),
          onRefreshError: (key, error) =>
            log.error(`Page cache refresh of ${key} failed, serving the previous page: ${(error as Error)?.message ?? error}`),
          onCompressionError: (key, error) =>
            log.error(`Page cache compression of ${key} failed, serving its fast bodies: ${(error as Error)?.message ?? error}`),
        })
      : undefined;
  const visits = new VisitCounter();
  const warmer = cache
    ? new PageWarmer({
        fill: (key) => cache.fill(key),
        visits,
        fixedKeys: options.warmKeys ?? (async () => []),
        onError: (key, error) => log.error(`Page cache could not warm ${key}: ${(error as Error)?.message ?? error}`),
      })
    : undefined;

  const cacheKeyOf = (req: IncomingMessage): string | undefined => {
    if (!cache || (req.method !== "GET" && req.method !== "HEAD") || hasSessionCookie(req.headers.cookie)) return undefined;
    return pageCacheKey(req.url ?? "/");
  };

  return {
    serveCached(req, res) {
      const key = cacheKeyOf(req);
      if (key === undefined) return false;
      if (isPageKey(key)) visits.count(key);
      const page = cache!.lookup(key);
      if (!page) return false;
      countView?.(req);
      sendPage(req, res, key, page, "hit")?.catch((error: unknown) => {
        log.error(`Page cache could not send ${key}: ${(error as Error)?.message ?? error}`);
        res.destroy();
      });
      return true;
    },

    requestHandler: async (req, res, next) => {
      try {
        const key = cacheKeyOf(req);
        if (key !== undefined) {
          // The first request of a page renders it for everyone (as a GET), for the URL it is
          // stored under, exactly as a background refresh does: public pages depend on nothing
          // but the URL, or they would not say `public` (docs/decisions/0015-page-cache.md), and
          // a parameter the key dropped must not reach the page every later visitor gets.
          const first = visits.visitsOf(key) >= READ_AGAIN_VISITS;
          const outcome = await cache!.fill(key, () => render(toFetchRequest(req, res, { forCache: { url: urlOf(key) } }), req, { first }));
          if (outcome instanceof Response) {
            if (outcome.status === 200) countView?.(req);
            res.setHeader("x-page-cache", "bypass");
            await sendResponse(req, res, outcome);
          } else {
            countView?.(req);
            await sendPage(req, res, key, outcome, "miss");
          }
          return;
        }
        res.setHeader("x-page-cache", "bypass");
        const response = await render(toFetchRequest(req, res), req, { first: false });
        // With the cache off, an anonymous reader's page still counts; a signed-in one never does.
        if (response.status === 200 && !hasSessionCookie(req.headers.cookie)) countView?.(req);
        await sendResponse(req, res, response);
      } catch (error) {
        next(error);
      }
    },

    invalidate: () => {
      if (!cache) return;
      cache.invalidate();
      void warmer!.restart();
    },

    close: async () => {
      await warmer?.stop();
    },

    get stats() {
      return cache && { ...cache.stats, ...warmer!.stats };
    },
  };

  /**
   * One cached page to one request: 304 when the client has it, else the best encoding it takes.
   * A page whose background compression is not done yet may first have to compress that
   * encoding (fast, once per page and encoding): only then is there a promise, and the plain
   * body is sent if that fails. A hit on a page with its bodies is answered synchronously.
   */
  function sendPage(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    page: CachedPage,
    how: "hit" | "miss",
  ): Promise<void> | undefined {
    if (etagMatches(req.headers["if-none-match"], page.etag)) {
      if (res.destroyed) return;
      const headers: string[] = ["etag", page.etag, "x-page-cache", how];
      for (const [name, value] of page.headers) if (name === "cache-control" || name === "vary") headers.push(name, value);
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const encoding = negotiateEncoding(req.headers["accept-encoding"]);
    const body = cache!.body(key, page, encoding);
    if (Buffer.isBuffer(body)) return writePage(req, res, page, how, encoding, body);
    return body.then(
      (compressed) => writePage(req, res, page, how, encoding, compressed),
      (error: unknown) => {
        log.error(`Page cache could not compress ${key}, sending it plain: ${(error as Error)?.message ?? error}`);
        writePage(req, res, page, how, "identity", page.bodies.identity);
      },
    );
  }
}

/** The page's 200: its headers replayed, its ETag, and one body (none for HEAD). */
function writePage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  how: "hit" | "miss",
  encoding: StoredEncoding,
  body: Buffer,
): undefined {
  if (res.destroyed) return;
  const headers: string[] = [];
  for (const [name, value] of page.headers) headers.push(name, value);
  headers.push("etag", page.etag, "content-length", String(body.length), "x-page-cache", how);
  if (encoding !== "identity") headers.push("content-encoding", encoding);
  res.writeHead(200, headers);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}
