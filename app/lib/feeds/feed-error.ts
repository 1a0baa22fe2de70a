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
  | "entities"
  | "mixed-currencies"
  | "needs-mapping"
  | "bad-mapping"
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

/** 200 MB: far above a large shop's full catalogue, far below what would strain the server. */
export const FEED_MAX_BYTES = 200 * 1024 * 1024;

/** A URL feed's whole download, redirects and body included. */
export const FEED_TIMEOUT_MS = 60_000;

/** 209715200 → "200 MB", 1536 → "1.5 KB": sizes in the messages. */
export function describeBytes(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${Number(value.toFixed(1))} ${units[unit]}`;
}
