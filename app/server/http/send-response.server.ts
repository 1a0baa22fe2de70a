import type { Request as ExpressRequest } from "express";
import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { constants as zlibConstants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from "node:zlib";
import { FAST_BROTLI_QUALITY, FAST_GZIP_LEVEL, negotiateEncoding } from "../page-cache/http-rules";
import { bodyLimitFor, limitedNodeBody } from "./request-body.server";

/**
 * Sends a response the app rendered (and the page cache did not keep) to Node, compressed here:
 * pages, data and JSON stream out as React renders them, each streamed part flushed once per
 * turn of the event loop, so a suspended section still shows at once without closing a
 * compressed block for each of React's hundreds of small writes.
 */

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|[\w.+-]+\+(?:json|xml))|image\/svg\+xml)/i;
/** Below this, compressing costs more than the bytes it saves. */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * The Fetch request React Router renders, built from an Express request (which knows about
 * trusted proxies). Its body is the only way any route reads one, and it stops at the route's
 * size limit (request-body.server.ts). A cache fill renders a HEAD as a GET, for the URL its page
 * is stored under (`forCache`: the public origin and the cache key, so a parameter the key
 * dropped never reaches the page), and finishes even if its visitor leaves: others may be
 * waiting for the page.
 */
export function toFetchRequest(req: ExpressRequest, res: ServerResponse, options: { forCache?: { url: string } } = {}): Request {
  const method = options.forCache ? "GET" : req.method;
  const url = options.forCache ? new URL(options.forCache.url) : new URL(req.originalUrl, `${req.protocol}://${req.host || "localhost"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method, headers };
  if (!options.forCache) {
    const controller = new AbortController();
    // A visitor who leaves mid-render stops the render.
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    init.signal = controller.signal;
  }
  if (method !== "GET" && method !== "HEAD") {
    init.body = limitedNodeBody(req, bodyLimitFor(url.pathname));
    init.duplex = "half";
  }
  return new Request(url, init);
}

/** How long a connection answered early goes on reading (and dropping) what its client still sends. */
const LINGER_MS = 2_000;

/**
 * Closing a connection while its client is still sending makes the kernel answer with a reset,
 * and a reset can throw away the answer before the client (a browser, or Node's own client)
 * reads it: an owner uploading a file past the limit would see "connection reset" rather than
 * the page that says why. So, as nginx does, the server says it is done, then reads and drops
 * for a short while before it closes; the client has the answer and stops by then.
 */
function lingerBeforeClosing(socket: Socket) {
  socket.destroySoon = function lingeringDestroySoon(this: Socket) {
    if (this.writable) this.end();
    const close = () => {
      clearTimeout(timer);
      this.destroy();
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    this.once("end", close);
    this.resume();
  };
}

export async function sendResponse(
  req: { method?: string; headers: { "accept-encoding"?: string }; complete?: boolean },
  res: ServerResponse,
  response: Response,
): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusCode = response.status;
  // An answer sent before its request's body was read to the end (refused as too large, or
  // never needed): closing the connection afterwards keeps Node from reading and discarding the
  // rest, which a client could make as long as it likes.
  if (req.complete === false) {
    res.setHeader("connection", "close");
    if (res.socket) lingerBeforeClosing(res.socket);
  }
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);

  const body = response.body;
  if (!body || req.method === "HEAD") {
    await body?.cancel();
    res.end();
    return;
  }
  const encoding = chooseStreamEncoding(req, response);
  if (!encoding) {
    await pipeline(Readable.fromWeb(body as import("node:stream/web").ReadableStream), res).catch(ignoreClosed(res));
    return;
  }
  res.removeHeader("content-length");
  res.setHeader("content-encoding", encoding);
  appendVary(res, "Accept-Encoding");
  const compressor: Gzip | BrotliCompress =
    encoding === "br"
      ? createBrotliCompress({
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: FAST_BROTLI_QUALITY,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          },
        })
      : createGzip({ level: FAST_GZIP_LEVEL });
  const source = Readable.fromWeb(body as import("node:stream/web").ReadableStream);
  let flushQueued = false;
  source.on("data", () => {
    if (flushQueued) return;
    flushQueued = true;
    setImmediate(() => {
      flushQueued = false;
      if (!compressor.destroyed && !compressor.writableEnded) {
        compressor.flush(encoding === "br" ? zlibConstants.BROTLI_OPERATION_FLUSH : zlibConstants.Z_SYNC_FLUSH);
      }
    });
  });
  await pipeline(source, compressor, res).catch(ignoreClosed(res));
}

function chooseStreamEncoding(req: { headers: { "accept-encoding"?: string } }, response: Response): "br" | "gzip" | undefined {
  if (response.headers.has("content-encoding")) return undefined;
  if (response.status === 204 || response.status === 304) return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (!COMPRESSIBLE.test(type) || /^text\/event-stream/i.test(type)) return undefined;
  const length = Number(response.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(length) && length < MIN_COMPRESSED_BYTES) return undefined;
  if (/\bno-transform\b/i.test(response.headers.get("cache-control") ?? "")) return undefined;
  const encoding = negotiateEncoding(req.headers["accept-encoding"]);
  return encoding === "identity" ? undefined : encoding;
}

function appendVary(res: ServerResponse, name: string) {
  const current = res.getHeader("vary");
  const list =
    current === undefined
      ? []
      : String(current)
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean);
  if (!list.some((part) => part === "*" || part.toLowerCase() === name.toLowerCase())) res.setHeader("vary", [...list, name].join(", "));
}

/** A visitor who closed the connection is not an error of ours. */
function ignoreClosed(res: ServerResponse) {
  return (error: unknown) => {
    if (res.destroyed || (error as { code?: string })?.code === "ERR_STREAM_PREMATURE_CLOSE") return;
    throw error;
  };
}
