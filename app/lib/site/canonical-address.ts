/**
 * One address per public page: lower case, no trailing slash. Search engines count
 * /reviews/Outdoor-Saunas, /reviews/outdoor-saunas/ and /REVIEWS as pages of their own, splitting
 * a page's standing between them; every such form is sent to the one form with a 301.
 *
 * Only the public pages and the documents crawlers read are concerned: the admin area, the API,
 * the tracked /go links (which count each request) and files (fingerprinted assets and images
 * whose names may hold capitals) keep their addresses as they are.
 */

const PUBLIC_PAGE = /^\/(?:reviews|product|learn|compare|newsletter|sitemap\.xml|robots\.txt)(?:\/|$)/i;

/** The canonical form of a request path, or null when it already is one (or is not a public page). */
export function canonicalPagePath(pathname: string): string | null {
  if (!PUBLIC_PAGE.test(pathname)) return null;
  const canonical = pathname.replace(/\/+$/, "").toLowerCase() || "/";
  return canonical === pathname ? null : canonical;
}
