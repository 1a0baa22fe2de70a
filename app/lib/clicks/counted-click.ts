import { isbot } from "isbot";

/**
 * Which requests of a tracked link count as a visitor's click (docs/decisions/0028). Every one
 * of them is still redirected; only people who follow a link are counted: not crawlers and
 * link checkers (isbot on the User-Agent), not a browser fetching the link ahead of time
 * (speculation rules and <link rel=prefetch> send `Sec-Purpose: prefetch`; older browsers
 * `Purpose: prefetch` or `X-Moz: prefetch`), not HEAD requests, which only ask whether the
 * link works, and not requests without a User-Agent: every browser sends one, scripts often don't.
 * (Repeats of one reader are the recorder's question: click-readers.server.ts.)
 */
export interface ClickRequest {
  method: string | undefined;
  userAgent: string | undefined;
  /** The Sec-Purpose, Purpose and X-Moz headers, whichever were sent. */
  purpose: ReadonlyArray<string | undefined>;
}

export function isCountedClick(request: ClickRequest): boolean {
  if (request.method !== "GET") return false;
  if (request.purpose.some((value) => value !== undefined && /\bprefetch\b|\bprerender\b|\bpreview\b/i.test(value))) return false;
  const userAgent = request.userAgent?.trim() ?? "";
  return userAgent !== "" && !isbot(userAgent);
}
