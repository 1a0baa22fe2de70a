import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { RenderLimiter } from "../images/render-limiter.server";
import { ByteLru } from "./byte-lru";
import { cacheableFreshness, type StoredEncoding } from "./http-rules";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A rendered page as the cache keeps it: the app's headers and the body in every encoding. */
export interface CachedPage {
  /** The app's response headers, name and value, replayed as they were (no cookies, no framing). */
  headers: ReadonlyArray<readonly [string, string]>;
  etag: string;
  bodies: Readonly<Record<StoredEncoding, Buffer>>;
  renderedAt: number;
  freshUntil: number;
  staleUntil: number;
  /** What the entry costs in memory: every body, every header, the key, and the bookkeeping. */
  bytes: number;
}

export interface PageCacheOptions {
  maxBytes: number;
  /**
   * Renders the page of a key (the normalised path and query) as an anonymous visitor sees it:
   * for background refreshes, which have no visitor of their own.
   */
  render: (key: string) => Promise<Response>;
  /** A background refresh failed; the stale page stays. */
  onRefreshError?: (key: string, error: unknown) => void;
  now?: () => number;
}

/**
 * Headers that describe one connection or one transfer, not the page: the cache frames each
 * reply itself. Set-Cookie never reaches here (a response that sets one is not kept).
 */
const NOT_REPLAYED = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "date", "vary"]);
/** Map entry, Buffer objects, header arrays: a generous flat allowance per entry. */
const ENTRY_OVERHEAD_BYTES = 1024;
/**
 * On the 207 KB home page, quality 9 takes ~50 ms for 18.7 KB; 11 takes ~550 ms for 16.8 KB.
 * Every page refills after a save, and a fill holds its waiters: 9 it is.
 */
const BROTLI_QUALITY = 9;
/**
 * Pages compressed at once. At quality 9 each Brotli encoder builds a match table of about 30 MB
 * (native memory, whatever the page's size), and every catalog page goes stale in the same
 * minute: refreshed together, 40-odd pages took RSS up by 360 MB for a moment, and two at a
 * time still showed as 30–50 MB steps every minute (docs/decisions/0042). One at a time bounds
 * it to one table; a page takes about 25 ms, and the stale page is served meanwhile. A smaller
 * Brotli window would use a smaller table but made home and /reviews 6–10% larger.
 */
const MAX_CONCURRENT_COMPRESSIONS = 1;

/**
 * The whole-page cache (docs/decisions/0015-page-cache.md): one entry per normalised URL, LRU by
 * bytes, fresh for the page's s-maxage and then served stale while one refresh runs. A key has
 * at most one render in flight: concurrent misses wait for it. `invalidate()` (every admin save)
 * drops every entry and forgets the renders in flight, so the next request of each page waits
 * for a render of the new catalog instead of seeing the old page.
 */
export class PageCache {
  readonly #lru: ByteLru<CachedPage>;
  readonly #compressions = new RenderLimiter(MAX_CONCURRENT_COMPRESSIONS, Number.MAX_SAFE_INTEGER);
  readonly #inFlight = new Map<string, Promise<CachedPage | undefined>>();
  readonly #render: PageCacheOptions["render"];
  readonly #onRefreshError: NonNullable<PageCacheOptions["onRefreshError"]>;
  readonly #now: () => number;
  /** A page larger than this is rendered per request instead of pushing out a dozen others. */
  readonly #maxEntryBytes: number;
  /** Bumped by invalidate(): a render that began before it cannot store its page after it. */
  #generation = 0;

  constructor(options: PageCacheOptions) {
    this.#lru = new ByteLru(options.maxBytes);
    this.#render = options.render;
    this.#onRefreshError = options.onRefreshError ?? (() => {});
    this.#now = options.now ?? Date.now;
    this.#maxEntryBytes = Math.floor(options.maxBytes / 8);
  }

  get stats() {
    return { entries: this.#lru.size, bytes: this.#lru.bytes, maxBytes: this.#lru.maxBytes, rendering: this.#inFlight.size };
  }

  /**
   * The page to serve now, if any: fresh, or stale within its stale-while-revalidate window, in
   * which case one background render replaces it. Synchronous: a hit never waits.
   */
  lookup(key: string): CachedPage | undefined {
    const page = this.#lru.get(key);
    if (!page) return undefined;
    const now = this.#now();
    if (now < page.freshUntil) return page;
    if (now >= page.staleUntil) {
      this.#lru.delete(key);
      return undefined;
    }
    if (!this.#inFlight.has(key)) this.#refreshInBackground(key);
    return page;
  }

  /**
   * A miss: the cached page once the key's one render has finished, or, when the render is not
   * cacheable (not public, not a 200, too large), a response to send as it is. `render` renders
   * the request at hand; the first request of a key renders its page for everyone, and when that
   * is not cacheable, each request that waited renders its own (a redirect that counts clicks
   * sees every visitor's own request).
   */
  async fill(key: string, render: () => Promise<Response> = () => this.#render(key)): Promise<CachedPage | Response> {
    const waiting = this.#inFlight.get(key);
    if (waiting) return (await waiting) ?? render();

    let settle!: (page: CachedPage | undefined) => void;
    let fail!: (error: unknown) => void;
    const inFlight = new Promise<CachedPage | undefined>((resolve, reject) => ((settle = resolve), (fail = reject)));
    // Waiters see the failure; with none, an unobserved rejection must not crash the process.
    inFlight.catch(() => {});
    this.#inFlight.set(key, inFlight);
    const generation = this.#generation;
    const done = () => {
      if (this.#inFlight.get(key) === inFlight) this.#inFlight.delete(key);
    };
    try {
      const outcome = await this.#renderAndKeep(key, generation, render);
      settle(outcome instanceof Response ? undefined : outcome);
      return outcome;
    } catch (error) {
      fail(error);
      throw error;
    } finally {
      done();
    }
  }

  /** Drops every page and every render in flight (after an admin save). */
  invalidate(): void {
    this.#generation++;
    this.#lru.clear();
    this.#inFlight.clear();
  }

  #refreshInBackground(key: string): void {
    this.fill(key).then(
      async (outcome) => {
        // The page stopped being cacheable (say, the product was removed): render it per request.
        if (outcome instanceof Response) {
          this.#lru.delete(key);
          await outcome.body?.cancel();
        }
      },
      (error: unknown) => this.#onRefreshError(key, error),
    );
  }

  async #renderAndKeep(key: string, generation: number, render: () => Promise<Response>): Promise<CachedPage | Response> {
    const response = await render();
    const freshness = cacheableFreshness(response.status, response.headers);
    if (!freshness || !response.body) return response;

    const read = await readUpTo(response.body, this.#maxEntryBytes);
    if (read.rest) {
      return new Response(prepend(read.chunks, read.rest), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    }
    const identity = Buffer.concat(read.chunks);
    const [gzipped, brotli] = await this.#compressions.run(() =>
      Promise.all([
        gzipAsync(identity, { level: 9 }),
        brotliAsync(identity, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        }),
      ]),
    );
    const headers: Array<[string, string]> = [];
    let headerBytes = 0;
    for (const [name, value] of response.headers) {
      if (NOT_REPLAYED.has(name) || name === "set-cookie") continue;
      headers.push([name, value]);
      headerBytes += name.length + value.length + 32;
    }
    headers.push(["vary", "Accept-Encoding"]);
    const renderedAt = this.#now();
    const page: CachedPage = {
      headers,
      etag: `W/"${createHash("sha1").update(identity).digest("base64url").slice(0, 22)}"`,
      bodies: { identity, gzip: gzipped, br: brotli },
      renderedAt,
      freshUntil: renderedAt + freshness.freshMs,
      staleUntil: renderedAt + freshness.freshMs + freshness.staleMs,
      bytes: identity.length + gzipped.length + brotli.length + headerBytes + key.length * 2 + ENTRY_OVERHEAD_BYTES,
    };
    if (generation === this.#generation) this.#lru.set(key, page);
    return page;
  }
}

/** Reads a body whole, or stops once it passes `limit` bytes and hands back the unread rest. */
async function readUpTo(body: ReadableStream<Uint8Array>, limit: number) {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { chunks, rest: undefined };
    chunks.push(value);
    total += value.byteLength;
    if (total > limit) return { chunks, rest: reader };
  }
}

function prepend(chunks: Uint8Array[], rest: ReadableStreamDefaultReader<Uint8Array>): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream({
    async pull(controller) {
      if (index < chunks.length) return controller.enqueue(chunks[index++]!);
      const { done, value } = await rest.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => rest.cancel(reason),
  });
}
