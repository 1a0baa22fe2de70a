import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { RenderLimiter } from "../http/render-limiter.server";
import { createByteLru, type ByteLru } from "./byte-lru";
import { cacheableFreshness, FAST_GZIP_LEVEL, type StoredEncoding } from "./http-rules";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A rendered page as the cache keeps it: the app's headers and the body in every encoding made so far. */
export interface CachedPage {
  /** The app's response headers, name and value, replayed as they were (no cookies, no framing). */
  headers: ReadonlyArray<readonly [string, string]>;
  etag: string;
  /**
   * The plain body, and each compressed one made so far. Only the cache adds to them: at the fast
   * setting when someone asks for an encoding not made yet, then all at the best level.
   */
  bodies: { readonly identity: Buffer } & Partial<Record<CompressedEncoding, Buffer>>;
  /**
   * "fast" from its render until the background job has compressed it at the best level; the
   * cache then replaces the entry with a "best" copy, which never changes again.
   */
  compression: "fast" | "best";
  renderedAt: number;
  freshUntil: number;
  staleUntil: number;
  /** What the entry costs in memory: every body, every header, the key, and the bookkeeping. */
  bytes: number;
}

export type CompressedEncoding = Exclude<StoredEncoding, "identity">;

/** Compresses a body: "fast" for someone waiting for it, "best" for a page kept for everyone. */
export type Compress = (body: Buffer, encoding: CompressedEncoding, level: "fast" | "best") => Promise<Buffer>;

export interface PageCacheOptions {
  maxBytes: number;
  /**
   * Renders the page of a key (the normalised path and query) as an anonymous visitor sees it:
   * for background refreshes, which have no visitor of their own.
   */
  render: (key: string) => Promise<Response>;
  /** A background refresh failed; the stale page stays. */
  onRefreshError?: (key: string, error: unknown) => void;
  /** A background compression failed; the page keeps its fast bodies. */
  onCompressionError?: (key: string, error: unknown) => void;
  /** zlib's async compressors by default; a test holds them to see what happens meanwhile. */
  compress?: Compress;
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
 * Brotli for a miss's visitor. The whole page is at hand, not a stream: on home, /reviews and a
 * collection, quality 5 comes within 1–2% of quality 9's size where 4 (the streams' setting) is
 * 9–11% larger, for a fraction of 9's work. gzip 6 is within 0.5% of gzip 9 on the same pages.
 */
const FAST_BROTLI_QUALITY = 5;
const BEST_GZIP_LEVEL = 9;
/**
 * On the 207 KB home page, quality 9 takes ~50 ms for 18.7 KB; 11 takes ~550 ms for 16.8 KB.
 * Every page refills after a save, and one job at a time compresses them all: 9 it is.
 */
const BEST_BROTLI_QUALITY = 9;
/**
 * Pages compressed at the best level at once. At quality 9 each Brotli encoder builds a match
 * table of about 30 MB (native memory, whatever the page's size), and every catalog page goes
 * stale in the same minute: refreshed together, 40-odd pages took RSS up by 360 MB for a moment,
 * and two at a time still showed as 30–50 MB steps every minute (docs/decisions/0042). One at a
 * time bounds it to one table; a page takes about 25–100 ms, and its fast bodies are served
 * meanwhile. A smaller Brotli window would use a smaller table but made home and /reviews 6–10%
 * larger.
 */
const MAX_CONCURRENT_COMPRESSIONS = 1;
/**
 * Pages waiting for their best compression. A job is a key and nothing else, but a flood of
 * distinct pages would queue work without end: past this, a job is dropped, and the page keeps
 * its fast bodies until a later hit offers it again (docs/decisions/0067).
 */
const MAX_QUEUED_COMPRESSIONS = 64;

/** zlib's async compressors (the work runs on libuv's threads, not the event loop). */
export const zlibCompress: Compress = (body, encoding, level) =>
  encoding === "gzip" ? gzipAsync(body, gzipOptions(level)) : brotliAsync(body, brotliOptions(level, body.length));

export function gzipOptions(level: "fast" | "best") {
  return { level: level === "fast" ? FAST_GZIP_LEVEL : BEST_GZIP_LEVEL };
}

export function brotliOptions(level: "fast" | "best", size: number) {
  return {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: level === "fast" ? FAST_BROTLI_QUALITY : BEST_BROTLI_QUALITY,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/**
 * The whole-page cache (docs/decisions/0015-page-cache.md): one entry per normalised URL, LRU by
 * bytes, fresh for the page's s-maxage and then served stale while one refresh runs. A key has
 * at most one render in flight: concurrent misses wait for it. A rendered page is kept at once,
 * plain; each encoding a request asks for is compressed at the fast setting on the way out, and
 * once the page is asked for again (a hit), one background job per key replaces the entry with
 * bodies compressed at the best level (docs/decisions/0067, 0086): a page asked for once, such
 * as a search for a word nobody else types, never costs a best-level compression. `invalidate()` (every admin save) drops every entry and forgets the
 * renders in flight, so the next request of each page waits for a render of the new catalog
 * instead of seeing the old page; a background compression that began before it stores nothing.
 */
export class PageCache {
  readonly #lru: ByteLru<CachedPage>;
  readonly #compressions = new RenderLimiter(MAX_CONCURRENT_COMPRESSIONS, MAX_QUEUED_COMPRESSIONS);
  /** Keys with a best-level compression queued or running: one job per key. */
  readonly #compressing = new Set<string>();
  /** Fast compressions under way, so that two requests for one encoding share one. */
  readonly #fastBodies = new WeakMap<CachedPage, Map<CompressedEncoding, Promise<Buffer>>>();
  readonly #jobs = { started: 0, dropped: 0 };
  readonly #inFlight = new Map<string, Promise<CachedPage | undefined>>();
  readonly #render: PageCacheOptions["render"];
  readonly #onRefreshError: NonNullable<PageCacheOptions["onRefreshError"]>;
  readonly #onCompressionError: NonNullable<PageCacheOptions["onCompressionError"]>;
  readonly #compress: Compress;
  readonly #now: () => number;
  /** A page larger than this is rendered per request instead of pushing out a dozen others. */
  readonly #maxEntryBytes: number;
  /** Bumped by invalidate(): a render or compression that began before it cannot store its page after it. */
  #generation = 0;

  constructor(options: PageCacheOptions) {
    this.#lru = createByteLru(options.maxBytes);
    this.#render = options.render;
    this.#onRefreshError = options.onRefreshError ?? (() => {});
    this.#onCompressionError = options.onCompressionError ?? (() => {});
    this.#compress = options.compress ?? zlibCompress;
    this.#now = options.now ?? Date.now;
    this.#maxEntryBytes = Math.floor(options.maxBytes / 8);
  }

  get stats() {
    return {
      entries: this.#lru.size,
      bytes: this.#lru.calculatedSize,
      maxBytes: this.#lru.maxSize,
      rendering: this.#inFlight.size,
      /** Best-level compressions queued or running. */
      compressing: this.#compressing.size,
      /** Best-level compressions begun, and jobs dropped because the queue was full. */
      compressionsStarted: this.#jobs.started,
      compressionsDropped: this.#jobs.dropped,
    };
  }

  /**
   * The page to serve now, if any: fresh, or stale within its stale-while-revalidate window, in
   * which case one background render replaces it. Synchronous: a hit never waits.
   */
  lookup(key: string): CachedPage | undefined {
    const page = this.#lru.get(key);
    if (!page) return undefined;
    const now = this.#now();
    if (now >= page.staleUntil) {
      this.#lru.delete(key);
      return undefined;
    }
    if (now >= page.freshUntil && !this.#inFlight.has(key)) this.#refreshInBackground(key);
    // A page earns its best compression by being asked for again; a page whose job was dropped
    // (the queue was full) is offered again by its next hit.
    if (page.compression === "fast") this.#compressInBackground(key);
    return page;
  }

  /**
   * The page's body in `encoding`. A page whose background compression is done has them all; until
   * then, an encoding not made yet is compressed now at the fast setting, once per page and
   * encoding whoever asks, and kept with the page for the requests after.
   */
  body(key: string, page: CachedPage, encoding: StoredEncoding): Buffer | Promise<Buffer> {
    if (encoding === "identity") return page.bodies.identity;
    const made = page.bodies[encoding];
    if (made) return made;
    let making = this.#fastBodies.get(page);
    if (!making) {
      making = new Map();
      this.#fastBodies.set(page, making);
    }
    const underWay = making;
    let body = underWay.get(encoding);
    if (!body) {
      body = this.#compress(page.bodies.identity, encoding, "fast").then(
        (compressed) => {
          this.#addBody(key, page, encoding, compressed);
          return compressed;
        },
        (error: unknown) => {
          underWay.delete(encoding);
          throw error;
        },
      );
      underWay.set(encoding, body);
    }
    return body;
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

  /** A fast body joins its page; the LRU counts a value's bytes as it is stored, so it is stored again. */
  #addBody(key: string, page: CachedPage, encoding: CompressedEncoding, body: Buffer): void {
    if (page.bodies[encoding]) return;
    const kept = this.#lru.peek(key) === page;
    if (kept) this.#lru.delete(key);
    page.bodies[encoding] = body;
    page.bytes += body.length;
    if (kept) this.#store(key, page);
  }

  /** Stores the page; false (and nothing stored) when it alone is over the budget. */
  #store(key: string, page: CachedPage): boolean {
    this.#lru.set(key, page);
    return this.#lru.peek(key) === page;
  }

  /** Queues the key's one best-level compression, unless one is queued already or the queue is full. */
  #compressInBackground(key: string): void {
    if (this.#compressing.has(key)) return;
    const jobs = this.#compressions;
    if (jobs.active >= jobs.maxConcurrent && jobs.queued >= jobs.maxQueued) {
      this.#jobs.dropped++;
      return;
    }
    this.#compressing.add(key);
    jobs
      .run(() => this.#compressBest(key))
      .then(
        (outcome) => {
          this.#compressing.delete(key);
          // A newer render of the key was stored while this one was compressed: it gets its own job.
          if (outcome === "superseded" && this.#lru.peek(key)?.compression === "fast") this.#compressInBackground(key);
        },
        (error: unknown) => {
          this.#compressing.delete(key);
          this.#onCompressionError(key, error);
        },
      );
  }

  /** Compresses the key's current page at the best level and puts that copy in its place. */
  async #compressBest(key: string): Promise<"done" | "superseded" | "gone"> {
    // The request that stored the page starts its own fast compression first.
    await new Promise((resolve) => setImmediate(resolve));
    const page = this.#lru.peek(key);
    if (!page || page.compression === "best") return "gone";
    const generation = this.#generation;
    this.#jobs.started++;
    const { identity } = page.bodies;
    // One after the other: a job keeps at most one core busy.
    const gzipped = await this.#compress(identity, "gzip", "best");
    const brotli = await this.#compress(identity, "br", "best");
    // A catalog change (or a newer render of the key) came meanwhile: this page is not to be served.
    if (generation !== this.#generation || this.#lru.peek(key) !== page) return "superseded";
    const fastBytes = (page.bodies.gzip?.length ?? 0) + (page.bodies.br?.length ?? 0);
    this.#store(key, {
      ...page,
      bodies: { identity, gzip: gzipped, br: brotli },
      compression: "best",
      bytes: page.bytes - fastBytes + gzipped.length + brotli.length,
    });
    return "done";
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
      bodies: { identity },
      compression: "fast",
      renderedAt,
      freshUntil: renderedAt + freshness.freshMs,
      staleUntil: renderedAt + freshness.freshMs + freshness.staleMs,
      bytes: identity.length + headerBytes + key.length * 2 + ENTRY_OVERHEAD_BYTES,
    };
    if (generation === this.#generation) this.#store(key, page);
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
