/**
 * Following a shop link's redirects by hand, so every hop is seen: relative Locations resolved
 * against the address that answered, a cap on hops, and a loop noticed the first time an
 * address comes round again (instead of after the cap).
 */

export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** More hops than any shop or affiliate network needs (trackers chain 3 or 4). */
export const DEFAULT_MAX_REDIRECTS = 10;

export type RedirectStep =
  /** Not a redirect: this answer is the final one. */
  | { kind: "final" }
  | { kind: "follow"; url: string }
  | { kind: "loop"; url: string }
  | { kind: "too-many"; url: string }
  /** A Location that is not an http(s) address. */
  | { kind: "invalid"; location: string };

/**
 * What to do with an answer of `status` at `currentUrl`. `visited` holds every address asked so
 * far (including `currentUrl`); `hopsSoFar` the redirects already followed.
 */
export function nextRedirect(
  currentUrl: string,
  status: number,
  location: string | null | undefined,
  visited: ReadonlySet<string>,
  hopsSoFar: number,
  maxRedirects = DEFAULT_MAX_REDIRECTS,
): RedirectStep {
  // A 3xx without a Location (304, 300) cannot be followed: it is the final answer.
  if (!REDIRECT_STATUSES.has(status) || !location || location.trim() === "") return { kind: "final" };
  let next: URL;
  try {
    next = new URL(location.trim(), currentUrl);
  } catch {
    return { kind: "invalid", location };
  }
  if (next.protocol !== "http:" && next.protocol !== "https:") return { kind: "invalid", location };
  // The fragment never reaches the server: /a#x and /a are the same request.
  next.hash = "";
  const url = next.href;
  if (visited.has(url)) return { kind: "loop", url };
  if (hopsSoFar + 1 > maxRedirects) return { kind: "too-many", url };
  return { kind: "follow", url };
}

/** The address as it is requested and remembered: parsed, fragment dropped; null when not http(s). */
export function requestableUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "") return null;
  url.hash = "";
  return url.href;
}

/**
 * Names that can never resolve (RFC 2606 and 6761 reserve .example, .invalid and .test; the
 * sample content uses .example): answered as a DNS error without asking any resolver.
 */
export function isReservedUnresolvableHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return /(^|\.)(example|invalid|test)$/.test(name);
}
