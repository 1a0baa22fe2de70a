/**
 * The HTTP rules the page cache applies: which responses the app lets it keep and for how long,
 * which stored encoding a client gets, and when a conditional request gets 304. Pure.
 */

export interface Freshness {
  /** Served as is for this long after it was rendered. */
  freshMs: number;
  /** Then served while one background refresh runs, for this much longer. */
  staleMs: number;
}

/**
 * HTML documents, React Router's client-navigation data (`.data`) responses, and the documents
 * crawlers and feed readers poll (the sitemap, robots.txt, the Atom feed): kept, they get the
 * cache's ETag and 304 answers, so a crawler's revalidation costs no render and no body.
 */
const CACHEABLE_TYPE = /^(?:text\/html|text\/x-script|text\/plain|application\/xml|application\/atom\+xml)\b/i;

/**
 * How long a rendered response may be kept, or undefined when it must not be: the app opts a
 * response in by sending `Cache-Control: public` with a positive s-maxage (or max-age). Only a
 * 200 is kept (a 404 is rendered per request: see docs/decisions/0015-page-cache.md), only
 * when it sets no cookie and varies on nothing but the encoding, which the cache handles itself.
 */
export function cacheableFreshness(status: number, headers: Headers): Freshness | undefined {
  if (status !== 200) return undefined;
  if (headers.has("set-cookie")) return undefined;
  if (!CACHEABLE_TYPE.test(headers.get("content-type") ?? "")) return undefined;
  const vary = headers.get("vary");
  if (vary && vary.split(",").some((name) => name.trim().toLowerCase() !== "accept-encoding")) return undefined;

  const directives = parseCacheControl(headers.get("cache-control") ?? "");
  if (!directives.has("public") || directives.has("private") || directives.has("no-store") || directives.has("no-cache")) return undefined;
  const freshSeconds = directives.get("s-maxage") ?? directives.get("max-age");
  if (!freshSeconds || freshSeconds <= 0) return undefined;
  return { freshMs: freshSeconds * 1000, staleMs: (directives.get("stale-while-revalidate") ?? 0) * 1000 };
}

/** Directive name → its number of seconds (0 for a directive without a number). */
function parseCacheControl(value: string): Map<string, number> {
  const directives = new Map<string, number>();
  for (const part of value.split(",")) {
    const [name, argument] = part.split("=", 2) as [string, string | undefined];
    const seconds = argument === undefined ? 0 : Number.parseInt(argument.trim().replace(/^"|"$/g, ""), 10);
    directives.set(name.trim().toLowerCase(), Number.isFinite(seconds) && seconds > 0 ? seconds : 0);
  }
  return directives;
}

export type StoredEncoding = "br" | "gzip" | "identity";

/**
 * Compression for a body someone is waiting for: a page streamed as it renders (and, for gzip, a
 * page-cache miss). A kept page's bodies are compressed again at the best level afterwards, off
 * the request path (page-cache.ts).
 */
export const FAST_BROTLI_QUALITY = 4;
export const FAST_GZIP_LEVEL = 6;

/**
 * The best stored encoding the client accepts: brotli, then gzip, then the plain body. A q=0
 * refuses an encoding, `*` stands for any encoding not named; the plain body is always allowed
 * (a client that refuses even that still gets it, which beats a 406 for a web page).
 */
export function negotiateEncoding(acceptEncoding: string | undefined): StoredEncoding {
  if (!acceptEncoding) return "identity";
  let br: number | undefined;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of acceptEncoding.split(",")) {
    const [rawName, ...parameters] = part.split(";");
    const name = rawName!.trim().toLowerCase();
    let q = 1;
    for (const parameter of parameters) {
      const [key, value] = parameter.split("=");
      if (key?.trim().toLowerCase() === "q") q = Number.parseFloat(value ?? "") || 0;
    }
    if (name === "br") br = q;
    else if (name === "gzip" || name === "x-gzip") gzip = q;
    else if (name === "*") any = q;
  }
  const brQ = br ?? any ?? 0;
  const gzipQ = gzip ?? any ?? 0;
  if (brQ > 0 && brQ >= gzipQ) return "br";
  if (gzipQ > 0) return "gzip";
  return "identity";
}

/**
 * Whether If-None-Match names the stored ETag. The comparison is weak, as the header's rules
 * say: `W/"x"` matches `"x"`, and every encoding of one body shares its ETag.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.startsWith("W/") ? etag.slice(2) : etag;
  for (const candidate of ifNoneMatch.split(",")) {
    const trimmed = candidate.trim();
    if (trimmed === "*") return true;
    if ((trimmed.startsWith("W/") ? trimmed.slice(2) : trimmed) === opaque) return true;
  }
  return false;
}
