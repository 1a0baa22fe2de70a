/**
 * How a checked shop link is judged (docs/decisions/0030-link-health.md). One outcome per link,
 * decided from the last answer of its redirect chain or from the error that stopped it. Every
 * outcome but "ok" is broken, because a visitor following the link would not reach a shop page,
 * except the two the site refused to check at all (an internal address, a port it does not
 * visit: docs/decisions/0053-guarded-outbound-requests.md): nothing is known about those, so
 * they are "not checked" rather than broken.
 */

export const LINK_OUTCOMES = [
  "ok",
  "client-error",
  "server-error",
  "unexpected-response",
  "timeout",
  "dns-error",
  "connection-error",
  "tls-error",
  "redirect-loop",
  "invalid-url",
  "internal-address",
  "port-not-allowed",
] as const;

export type LinkOutcome = (typeof LINK_OUTCOMES)[number];

export function isLinkOutcome(value: string): value is LinkOutcome {
  return (LINK_OUTCOMES as readonly string[]).includes(value);
}

/** Short names for the outcome, in the owner's words. */
export const OUTCOME_LABELS: Record<LinkOutcome, string> = {
  ok: "Working",
  "client-error": "Page missing or refused",
  "server-error": "Shop server error",
  "unexpected-response": "Unexpected answer",
  timeout: "No answer in time",
  "dns-error": "Domain not found",
  "connection-error": "Connection failed",
  "tls-error": "Secure connection failed",
  "redirect-loop": "Redirect loop",
  "invalid-url": "Not a web address",
  "internal-address": "Not checked: internal address",
  "port-not-allowed": "Not checked: port not allowed",
};

/** Outcomes of links the site would not fetch: no verdict on the shop either way. */
export function isNotChecked(outcome: LinkOutcome): boolean {
  return outcome === "internal-address" || outcome === "port-not-allowed";
}

export function isBroken(outcome: LinkOutcome): boolean {
  return outcome !== "ok" && !isNotChecked(outcome);
}

/** The outcome of the final answer (after following redirects). */
export function outcomeOfStatus(status: number): LinkOutcome {
  if (status >= 200 && status < 300) return "ok";
  if (status >= 400 && status < 500) return "client-error";
  if (status >= 500 && status < 600) return "server-error";
  // 1xx, a 3xx without a usable Location, or a number outside HTTP's range.
  return "unexpected-response";
}

const DNS_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "EAI_NODATA", "ENODATA", "ESERVFAIL", "EAI_FAIL"]);
const TIMEOUT_CODES = new Set(["ETIMEDOUT", "ESOCKETTIMEDOUT", "ABORT_ERR", "UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT"]);
const TLS_CODES = new Set([
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "CERT_REVOKED",
  "CERT_UNTRUSTED",
]);

/** The outcome of a request that failed before any answer, from Node's error code. */
export function outcomeOfNetworkError(code: string | undefined): LinkOutcome {
  if (!code) return "connection-error";
  if (code === "ERR_OUTBOUND_INTERNAL_ADDRESS") return "internal-address";
  if (code === "ERR_OUTBOUND_PORT_NOT_ALLOWED") return "port-not-allowed";
  if (DNS_CODES.has(code)) return "dns-error";
  if (TIMEOUT_CODES.has(code)) return "timeout";
  if (TLS_CODES.has(code) || code.startsWith("ERR_SSL_") || code.startsWith("ERR_TLS_")) return "tls-error";
  // ECONNREFUSED, ECONNRESET, EHOSTUNREACH, ENETUNREACH, EPIPE, HPE_* (a reply that is not HTTP)...
  return "connection-error";
}

/**
 * HEAD is asked first (no body at all); GET is asked again when HEAD's answer could be HEAD's
 * own fault. Shops are known to answer HEAD with 405 or 501 (not allowed), but also 403, 404 or
 * 500 while GET works, and some drop the connection on HEAD. So any error status or a dropped
 * connection is re-asked with GET, whose answer is the verdict: it is what a visitor's browser
 * gets. Not re-asked: a timeout (GET would wait as long again), an unknown domain, a refused
 * connection or a certificate error (GET goes to the same place).
 */
export function headAnswerNeedsGet(status: number): boolean {
  return status >= 400 || (status >= 100 && status < 200);
}

export function headFailureNeedsGet(code: string | undefined): boolean {
  if (!code) return true;
  return code === "ECONNRESET" || code === "EPIPE" || code.startsWith("HPE_");
}

const STATUS_WORDS: Record<number, string> = {
  400: "Bad request",
  401: "Needs a sign-in",
  402: "Payment required",
  403: "Forbidden: the shop refused the request (some shops refuse checkers; open the link to be sure)",
  404: "Not found: the shop says this page does not exist",
  405: "Method not allowed",
  408: "The shop timed out waiting",
  410: "Gone: the shop removed this page",
  429: "Too many requests: the shop is rate-limiting",
  451: "Unavailable for legal reasons",
  500: "Internal server error at the shop",
  502: "Bad gateway at the shop",
  503: "The shop is unavailable (maintenance or overload)",
  504: "Gateway timeout at the shop",
};

/** "404 Not found: …" — a status code with what it means to the owner. */
export function describeStatus(status: number): string {
  const words = STATUS_WORDS[status];
  if (words) return `${status} ${words}`;
  if (status >= 200 && status < 300) return `${status} OK`;
  if (status >= 400 && status < 500) return `${status}: the shop refused the request`;
  if (status >= 500 && status < 600) return `${status}: the shop's server failed`;
  return `${status}: not a page a visitor can use`;
}
