import type { LookupFunction } from "node:net";
import { formatDuration } from "~/lib/text/duration-text";
import {
  describeStatus,
  headAnswerNeedsGet,
  headFailureNeedsGet,
  outcomeOfNetworkError,
  outcomeOfStatus,
  type LinkOutcome,
} from "~/lib/links/link-outcomes";
import { DEFAULT_MAX_REDIRECTS, isReservedUnresolvableHost, nextRedirect, requestableUrl } from "~/lib/links/redirects";
import { guardedRequest, OutboundRefused } from "../outbound/guarded-http.server";
import { STRICT_OUTBOUND_POLICY, type OutboundPolicy } from "../outbound/outbound-policy.server";

/**
 * Checks one shop link the way a visitor's browser would reach it (docs/decisions/0030-link-health.md):
 * HEAD first, GET when HEAD's answer may be HEAD's own fault, redirects followed by hand, one
 * deadline for the whole chain. A GET is cut off as soon as its headers arrive: no body is ever
 * downloaded. Every hop goes through the guarded client, so a link (or a redirect) to an address
 * inside the site's own network is refused before connecting and reported as not checked.
 */

export interface LinkCheckOptions {
  /** For the whole link: every hop, HEAD and GET together. */
  timeoutMs: number;
  userAgent: string;
  maxRedirects?: number;
  /** Name resolution; tests inject one so a name fails without asking a real resolver. */
  lookup?: LookupFunction;
  /** Which internal ranges and ports may be asked; by default none and 80/443. */
  outbound?: OutboundPolicy;
  /** Aborted when the run is stopped: the check then rejects with an AbortError instead of judging the link. */
  signal?: AbortSignal;
}

export interface LinkCheckResult {
  outcome: LinkOutcome;
  /** The status of the last answer, when there was one. */
  statusCode: number | null;
  /** The last address asked (after redirects), when the link was a valid address. */
  finalUrl: string | null;
  /** What went wrong, in plain words; null when the link works. */
  error: string | null;
  durationMs: number;
}

interface Answer {
  status: number;
  location: string | null;
}

interface Failure {
  code: string | undefined;
  message: string;
  /** Why the guarded client would not ask, when it would not. */
  refused?: OutboundRefused;
}

class LinkTimeout extends Error {}

export async function checkLink(rawUrl: string, options: LinkCheckOptions): Promise<LinkCheckResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const start = requestableUrl(rawUrl);
  if (!start) {
    return {
      outcome: "invalid-url",
      statusCode: null,
      finalUrl: null,
      error: "Not a web address (it must start with http:// or https://)",
      durationMs: 0,
    };
  }
  options.signal?.throwIfAborted();

  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new LinkTimeout()), options.timeoutMs);
  const onStop = () => deadline.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onStop, { once: true });
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const visited = new Set([start]);
  let current = start;
  let hops = 0;
  try {
    for (;;) {
      const answer = await askWithFallback(current, options, deadline.signal);
      if ("message" in answer) {
        if (options.signal?.aborted) throw options.signal.reason ?? new DOMException("Stopped", "AbortError");
        if (deadline.signal.aborted) {
          return {
            outcome: "timeout",
            statusCode: null,
            finalUrl: current,
            error: `No answer within ${formatDuration(options.timeoutMs)}`,
            durationMs: elapsed(),
          };
        }
        const outcome = outcomeOfNetworkError(answer.code);
        const error = answer.refused ? refusalText(answer.refused, current !== start) : networkErrorText(outcome, current, answer);
        return { outcome, statusCode: null, finalUrl: current, error, durationMs: elapsed() };
      }
      const step = nextRedirect(current, answer.status, answer.location, visited, hops, maxRedirects);
      switch (step.kind) {
        case "final": {
          const outcome = outcomeOfStatus(answer.status);
          return {
            outcome,
            statusCode: answer.status,
            finalUrl: current,
            error: outcome === "ok" ? null : describeStatus(answer.status),
            durationMs: elapsed(),
          };
        }
        case "follow":
          visited.add(step.url);
          hops += 1;
          current = step.url;
          break;
        case "loop":
          return {
            outcome: "redirect-loop",
            statusCode: answer.status,
            finalUrl: step.url,
            error: `Redirect loop: after ${hops + 1} redirect${hops === 0 ? "" : "s"} it comes back to ${step.url}`,
            durationMs: elapsed(),
          };
        case "too-many":
          return {
            outcome: "redirect-loop",
            statusCode: answer.status,
            finalUrl: current,
            error: `Too many redirects (more than ${maxRedirects})`,
            durationMs: elapsed(),
          };
        case "invalid":
          return {
            outcome: "unexpected-response",
            statusCode: answer.status,
            finalUrl: current,
            error: `Redirects to something that is not a web address: ${step.location.slice(0, 200)}`,
            durationMs: elapsed(),
          };
      }
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onStop);
  }
}

/** HEAD; then GET when HEAD's answer or failure may be HEAD's own fault. */
async function askWithFallback(url: string, options: LinkCheckOptions, signal: AbortSignal): Promise<Answer | Failure> {
  const head = await ask("HEAD", url, options, signal);
  if (signal.aborted) return head;
  const needsGet = "message" in head ? headFailureNeedsGet(head.code) : headAnswerNeedsGet(head.status);
  return needsGet ? ask("GET", url, options, signal) : head;
}

async function ask(method: "HEAD" | "GET", url: string, options: LinkCheckOptions, signal: AbortSignal): Promise<Answer | Failure> {
  const target = new URL(url);
  if (isReservedUnresolvableHost(target.hostname)) {
    return { code: "ENOTFOUND", message: `${target.hostname} is a reserved name that never resolves` };
  }
  try {
    const response = await guardedRequest(url, {
      method,
      policy: options.outbound ?? STRICT_OUTBOUND_POLICY,
      signal,
      lookup: options.lookup,
      headers: {
        "User-Agent": options.userAgent,
        Accept: "text/html,application/xhtml+xml,*/*;q=0.8",
        "Accept-Encoding": "identity",
      },
    });
    const location = response.headers.location ?? null;
    // The status line and headers are all a check needs: drop the body unread.
    response.destroy();
    return { status: response.statusCode ?? 0, location: Array.isArray(location) ? (location[0] ?? null) : location };
  } catch (caught) {
    const error = caught as NodeJS.ErrnoException;
    return { code: error.code, message: error.message, ...(caught instanceof OutboundRefused ? { refused: caught } : {}) };
  }
}

/** "Not checked: …" in the owner's words: what was refused, and how to allow it on purpose. */
function refusalText(refused: OutboundRefused, viaRedirect: boolean): string {
  const { host } = new URL(refused.url);
  if (refused.reason === "port") {
    return `Not checked: ${viaRedirect ? `it redirects to ${host}, ` : ""}port ${refused.detail} is not one the site visits (only 80 and 443 unless OUTBOUND_ALLOW_PORTS adds more)`;
  }
  // A name is followed by the address it resolved to; an address is not repeated.
  const named = new URL(refused.url).hostname.replace(/^\[|\]$/g, "") === refused.detail ? host : `${host} (${refused.detail})`;
  const where = viaRedirect ? `it redirects to ${named}, which is` : `${named} is`;
  return `Not checked: ${where} an internal address. The site does not visit addresses inside its own network unless OUTBOUND_ALLOW_PRIVATE allows them.`;
}

function networkErrorText(outcome: LinkOutcome, url: string, failure: Failure): string {
  const { host } = new URL(url);
  const code = failure.code ? ` (${failure.code})` : "";
  switch (outcome) {
    case "dns-error":
      return `The domain ${new URL(url).hostname} was not found${code}`;
    case "tls-error":
      return `The secure connection to ${host} failed: ${failure.message}`;
    case "timeout":
      return `No answer from ${host}${code}`;
    default:
      if (failure.code === "ECONNREFUSED") return `${host} refused the connection${code}`;
      if (failure.code === "ECONNRESET") return `${host} dropped the connection${code}`;
      return `Could not reach ${host}: ${failure.message}${code}`;
  }
}
