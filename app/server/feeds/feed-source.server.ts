import { createReadStream } from "node:fs";
import type { LookupFunction } from "node:net";
import { PassThrough, pipeline, Transform, type Readable } from "node:stream";
import zlib from "node:zlib";
import { formatDuration } from "~/lib/text/duration-text";
import { FeedError } from "~/lib/feeds/feed-error";
import { describeBytes } from "~/lib/admin/upload-limits";
import { describeStatus } from "~/lib/links/link-outcomes";
import { guardedGet, OutboundBodyTooLarge, OutboundRefused, OutboundTimeout } from "../outbound/guarded-http.server";
import type { OutboundPolicy } from "../outbound/outbound-policy.server";
import { openFeedFile, type FeedFiles } from "./feed-files.server";

/**
 * A feed's bytes, from a shop's address or an uploaded file, unpacked when gzip-compressed and
 * cut off at the size cap. Everything is streamed: a feed is never held whole in memory. Any
 * failure surfaces as a FeedError whose message the owner can act on.
 */

export type FeedSource =
  | { kind: "url"; url: string }
  | { kind: "file"; path: string }
  /** An uploaded feed in the shared storage (feed-files.server.ts). */
  | { kind: "stored"; files: FeedFiles; name: string };

export interface FeedSourceSettings {
  maxBytes: number;
  timeoutMs: number;
  outbound: OutboundPolicy;
  userAgent?: string;
  lookup?: LookupFunction;
  signal?: AbortSignal;
}

const GZIP_MAGIC = [0x1f, 0x8b];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function startsWith(chunk: Buffer, magic: readonly number[]): boolean {
  return chunk.length >= magic.length && magic.every((byte, index) => chunk[index] === byte);
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} seconds` : formatDuration(ms);
}

/** Which size setting to name: FEED_MAX_MB when the cap is the site's, the number itself otherwise. */
function tooLarge(maxBytes: number): FeedError {
  return new FeedError(
    "too-large",
    `The feed is larger than ${describeBytes(maxBytes)} (FEED_MAX_MB), so it was not read and nothing changed. Ask the shop for a smaller feed (one country or one category), or raise FEED_MAX_MB.`,
  );
}

function refusedText(refused: OutboundRefused, asked: string): string {
  if (refused.reason === "protocol") {
    return refused.url === asked
      ? "The feed's address is not an http:// or https:// address."
      : `The feed's address redirects to ${refused.url}, which is not an http:// or https:// address.`;
  }
  const target = new URL(refused.url);
  // A name is followed by the address it resolved to; an address is not repeated.
  const named = target.hostname.replace(/^\[|\]$/g, "") === refused.detail ? target.host : `${target.host} (${refused.detail})`;
  if (refused.reason === "port") {
    const where = refused.url === asked ? "The feed's address uses" : `The feed's address redirects to ${named}, which uses`;
    return `${where} port ${refused.detail}, which the site does not fetch from (only 80 and 443 unless OUTBOUND_ALLOW_PORTS adds more).`;
  }
  const where =
    refused.url === asked
      ? `The feed's address leads to an internal network address (${refused.detail})`
      : `The feed's address redirects to ${named}, an internal network address`;
  return `${where}, which the site does not fetch. An operator can allow a range inside the network with OUTBOUND_ALLOW_PRIVATE.`;
}

/** Node's and the guard's errors → the owner's words; an abort by the caller is passed on unchanged. */
export function feedErrorOf(error: unknown, source: FeedSource, settings: FeedSourceSettings, phase: "connect" | "body"): unknown {
  if (error instanceof FeedError) return error;
  if (settings.signal?.aborted) return settings.signal.reason ?? error;
  if (error instanceof OutboundBodyTooLarge) return tooLarge(settings.maxBytes);
  if (error instanceof OutboundTimeout) {
    return new FeedError(
      "timeout",
      phase === "connect"
        ? `The shop did not answer within ${seconds(settings.timeoutMs)}, so the feed was not read and nothing changed. Try again later.`
        : `The feed did not finish downloading within ${seconds(settings.timeoutMs)}, so it was not read and nothing changed. Try again later, or ask the shop whether its feed server is slow.`,
    );
  }
  if (error instanceof OutboundRefused) return new FeedError("fetch-refused", refusedText(error, source.kind === "url" ? source.url : ""));
  const failure = error as NodeJS.ErrnoException;
  if (typeof failure?.code === "string" && failure.code.startsWith("Z_")) {
    return new FeedError("not-a-feed", "The feed is compressed with gzip but cannot be unpacked (the file is damaged or cut short).");
  }
  if (source.kind !== "url") {
    if (failure?.code === "ENOENT") return new FeedError("fetch-failed", "The uploaded feed file is no longer there; upload it again.");
    return error;
  }
  const host = (() => {
    try {
      return new URL(source.url).host;
    } catch {
      return source.url;
    }
  })();
  switch (failure?.code) {
    case undefined:
      if (error instanceof TypeError && /Invalid URL/i.test(error.message)) {
        return new FeedError(
          "fetch-refused",
          `The feed's address "${source.url}" is not a web address (it must start with https:// or http://).`,
        );
      }
      return error;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new FeedError("fetch-failed", `The feed's host ${host} could not be found (no such name in DNS). Check the address.`);
    case "ECONNREFUSED":
      return new FeedError(
        "fetch-failed",
        `${host} refused the connection, so the feed was not read. Check the address, or try again later.`,
      );
    case "ERR_OUTBOUND_REDIRECT":
      return new FeedError("fetch-failed", `The feed's address does not lead to a feed: ${failure.message}.`);
    default:
      return new FeedError(
        "fetch-failed",
        phase === "connect"
          ? `The feed could not be downloaded from ${host} (${failure.code ?? failure.message}). Try again later.`
          : `The download of the feed from ${host} broke off (${failure.code ?? failure.message}), so it was not read and nothing changed. Try again later.`,
      );
  }
}

/** The first chunk of a stream, put back so the stream still starts with it; null when it is empty. */
function firstChunk(stream: Readable): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      stream.off("readable", onReadable);
      stream.off("end", onEnd);
      stream.off("error", onError);
    };
    const onReadable = () => {
      const chunk = stream.read() as Buffer | null;
      if (chunk === null) return;
      cleanup();
      stream.unshift(chunk);
      resolve(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    stream.on("readable", onReadable);
    stream.once("end", onEnd);
    stream.once("error", onError);
  });
}

async function download(url: string, settings: FeedSourceSettings): Promise<Readable> {
  const response = await guardedGet(url, {
    policy: settings.outbound,
    timeoutMs: settings.timeoutMs,
    maxBytes: settings.maxBytes,
    signal: settings.signal,
    lookup: settings.lookup,
    headers: {
      Accept: "application/xml, text/xml, application/rss+xml, application/atom+xml, text/tab-separated-values, text/csv, */*;q=0.5",
      ...(settings.userAgent ? { "User-Agent": settings.userAgent } : {}),
    },
  });
  if (response.status < 200 || response.status >= 300) {
    response.body.destroy();
    throw new FeedError(
      "fetch-failed",
      `The shop answered ${describeStatus(response.status)} for the feed's address, so there was no feed to read. Check the address with the shop.`,
    );
  }
  return response.body;
}

async function openStored(source: Extract<FeedSource, { kind: "stored" }>): Promise<Readable> {
  const stream = await openFeedFile(source.files, source.name);
  if (!stream) throw Object.assign(new Error(`no stored feed file ${source.name}`), { code: "ENOENT" });
  return stream;
}

/**
 * The feed's bytes as a stream: gzip recognised by its first bytes (an uploaded feed.xml.gz, or a
 * shop serving one without saying so), the cap counted after unpacking, and every failure,
 * before or during the body, a FeedError.
 */
export async function openFeedBytes(source: FeedSource, settings: FeedSourceSettings): Promise<Readable> {
  let raw: Readable;
  try {
    settings.signal?.throwIfAborted();
    raw =
      source.kind === "url"
        ? await download(source.url, settings)
        : source.kind === "file"
          ? createReadStream(source.path)
          : await openStored(source);
  } catch (error) {
    throw feedErrorOf(error, source, settings, "connect");
  }
  let head: Buffer | null;
  try {
    head = await firstChunk(raw);
  } catch (error) {
    raw.destroy();
    throw feedErrorOf(error, source, settings, "body");
  }
  if (head !== null && startsWith(head, ZIP_MAGIC)) {
    raw.destroy();
    throw new FeedError("not-a-feed", "The feed is a zip archive; unpack it and use the file inside (a .gz file is read as it is).");
  }
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > settings.maxBytes ? new OutboundBodyTooLarge(settings.maxBytes) : null, chunk);
    },
  });
  const out = new PassThrough();
  const stages: NodeJS.ReadWriteStream[] = head !== null && startsWith(head, GZIP_MAGIC) ? [zlib.createGunzip(), counter] : [counter];
  const onAbort = () => out.destroy(settings.signal?.reason instanceof Error ? settings.signal.reason : new Error("Aborted"));
  settings.signal?.addEventListener("abort", onAbort, { once: true });
  out.on("close", () => {
    settings.signal?.removeEventListener("abort", onAbort);
    raw.destroy();
  });
  pipeline([raw, ...stages, out], (error) => {
    if (error) out.destroy(feedErrorOf(error, source, settings, "body") as Error);
  });
  return out;
}
