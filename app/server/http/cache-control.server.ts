/**
 * Every Cache-Control the site sends, with the reason for each: how long a browser and a CDN
 * may keep an answer is a decision about freshness against load, and it belongs in one place.
 * Security headers live beside this, in security-headers.server.ts.
 */
export const CACHE_CONTROL = {
  /** Catalog pages (home, /reviews, collections, products, /compare): a CDN may serve them a minute, then revalidate. */
  publicPage: "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
  /**
   * A public page not worth keeping anywhere: one whose query names nothing the site has (a
   * search that found nothing, a comparison of unknown products). Any text makes such a page, so
   * keeping each would let made-up queries fill the page cache and push real pages out
   * (docs/decisions/0067). No s-maxage: neither the page cache nor a CDN keeps it.
   */
  notKept: "public, max-age=0",
  /** The /learn pages change only with a new build: browsers keep them 5 minutes, a CDN an hour. */
  articlePage: "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400",
  /** Resized pictures: their address changes with their content, so they are kept a week. */
  image: "public, max-age=604800, stale-while-revalidate=86400",
  /** An uploaded file may be replaced under the same name: a short max-age, then revalidate by ETag. */
  uploadedFile: "public, max-age=300, stale-while-revalidate=86400",
  /** A deleted product stays deleted: a CDN may keep the answer a while (a re-import is seen within the hour). */
  gone: "public, max-age=0, s-maxage=3600",
  /** A permanent redirect to a page's one canonical address. */
  canonicalRedirect: "public, max-age=86400",
  /** robots.txt changes only with a deploy. */
  robots: "public, max-age=3600",
  /** Failures, answers to one reader (a confirmation, a sign-in step) and anything a cache must not keep. */
  noStore: "no-store",
  /** The admin area: never in a shared cache, nor kept by the browser. */
  privateNoStore: "private, no-store",
} as const;
