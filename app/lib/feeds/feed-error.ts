/**
 * Why a whole feed could not be read. The run stops and nothing is saved; `message` is for the
 * owner, in their words, and says what to do where there is something to do.
 */

export type FeedErrorCode =
  | "fetch-refused"
  | "fetch-failed"
  | "timeout"
  | "too-large"
  | "not-a-feed"
  | "malformed-xml"
  | "too-deep"
  | "row-too-long"
  | "entities"
  | "mixed-currencies"
  | "needs-mapping"
  | "bad-mapping"
  | "needs-currency"
  | "needs-decimal-mark"
  | "duplicate-id"
  | "empty";

export class FeedError extends Error {
  override name = "FeedError";
  constructor(
    readonly code: FeedErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A URL feed's whole download, redirects and body included. */
export const FEED_TIMEOUT_MS = 60_000;
