import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { PassThrough, pipeline, Transform, type Readable } from "node:stream";
import zlib from "node:zlib";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { nextRedirect } from "~/lib/links/redirects";
import { describeAllowedPorts, isAllowedByOperator, isExtraInternal, isPortAllowed, type OutboundPolicy } from "./outbound-policy.server";

/**
 * The one way the server asks another machine for something (docs/decisions/0053-guarded-outbound-requests.md).
 * An address from a product link or a feed is attacker-controlled text: without this, it can make
 * the server talk to itself, its database or the cloud's metadata service, and report back.
 *
 * Each request resolves its host once, checks every resolved address, and connects to exactly
 * those addresses through request-filtering-agent, which checks them again as the socket is
 * opened, so a name cannot answer one address to the check and another to the connection.
 * Redirects are never followed by Node: every hop is a new request and checked again.
 */

export type OutboundRefusalReason = "internal-address" | "port" | "protocol";

const REFUSAL_CODES: Record<OutboundRefusalReason, string> = {
  "internal-address": "ERR_OUTBOUND_INTERNAL_ADDRESS",
  port: "ERR_OUTBOUND_PORT_NOT_ALLOWED",
  protocol: "ERR_OUTBOUND_PROTOCOL",
};

/** A request the policy refused before any connection was opened. */
export class OutboundRefused extends Error {
  override name = "OutboundRefused";
  readonly code: string;
  constructor(
    readonly reason: OutboundRefusalReason,
    readonly url: string,
    /** The refused address (internal-address) or port (port), as text. */
    readonly detail: string,
    message: string,
  ) {
    super(message);
    this.code = REFUSAL_CODES[reason];
  }
}

/** A body that went past its cap; the stream is destroyed with this error. */
export class OutboundBodyTooLarge extends Error {
  override name = "OutboundBodyTooLarge";
  readonly code = "ERR_OUTBOUND_BODY_TOO_LARGE";
  constructor(readonly maxBytes: number) {
    super(`The answer is larger than ${maxBytes} bytes`);
  }
}

export interface GuardedRequestOptions {
  method: "GET" | "HEAD";
  policy: OutboundPolicy;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Name resolution; tests inject one so a name resolves to a local stand-in without a real resolver. */
  lookup?: LookupFunction;
}

interface ResolvedAddress {
  address: string;
  family: number;
}

/**
 * One request, no redirect followed: resolves with the answer as soon as its headers arrive (the
 * caller reads or destroys the body), rejects with OutboundRefused when the policy says no, and
 * otherwise with Node's own error (ENOTFOUND, ECONNREFUSED, an AbortError…).
 */
export async function guardedRequest(url: string, options: GuardedRequestOptions): Promise<http.IncomingMessage> {
  // WHATWG parsing, the same the rest of the site uses: 2130706433, 0x7f.1, 127.1 and 0177.0.0.1
  // all become 127.0.0.1 here, and that normalised host is what is resolved, checked and asked.
  const target = new URL(url);
  if (target.protocol !== "http:" && target.protocol !== "https:") {
    throw new OutboundRefused("protocol", url, target.protocol, `Only http and https addresses are fetched, not ${target.protocol}`);
  }
  const port = target.port === "" ? (target.protocol === "https:" ? 443 : 80) : Number(target.port);
  if (!isPortAllowed(options.policy, port)) {
    throw new OutboundRefused(
      "port",
      url,
      String(port),
      `Port ${port} is not one the site fetches from (allowed: ${describeAllowedPorts(options.policy)})`,
    );
  }
  const hostname = target.hostname.startsWith("[") ? target.hostname.slice(1, -1) : target.hostname;
  options.signal?.throwIfAborted();
  const addresses = isIP(hostname) ? [{ address: hostname, family: isIP(hostname) }] : await resolve(hostname, options);

  const allowed: string[] = [];
  for (const { address } of addresses) {
    if (isAllowedByOperator(options.policy, address)) allowed.push(address);
    else if (isExtraInternal(address)) throw internalAddress(url, hostname, address);
  }

  const agentOptions = {
    keepAlive: false,
    // Exact addresses only: the operator's ranges are matched above, so the library never
    // compares an address with a range of the other IP family.
    allowIPAddressList: allowed,
  };
  const agent = target.protocol === "https:" ? new RequestFilteringHttpsAgent(agentOptions) : new RequestFilteringHttpAgent(agentOptions);
  const client = target.protocol === "https:" ? https : http;

  return new Promise((resolvePromise, reject) => {
    const request = client.request({
      protocol: target.protocol,
      hostname,
      port,
      path: `${target.pathname}${target.search}`,
      method: options.method,
      headers: { Host: target.host, ...options.headers },
      agent,
      signal: options.signal,
      // The addresses checked above and nothing else: no second resolution between check and connection.
      lookup: pinnedLookup(addresses),
    });
    request.on("response", (response) => {
      response.on("close", () => agent.destroy());
      resolvePromise(response);
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      agent.destroy();
      reject(isFilterRefusal(error) ? internalAddress(url, hostname, refusedAddressOf(error) ?? addresses[0]!.address) : error);
    });
    request.end();
  });
}

function internalAddress(url: string, hostname: string, address: string): OutboundRefused {
  const where = hostname === address ? address : `${hostname} (${address})`;
  return new OutboundRefused("internal-address", url, address, `${where} is an internal address`);
}

/**
 * request-filtering-agent refuses with a plain Error (no system error code) whose message says
 * the address "is not allowed". Node's own connection errors always carry a code, so the two
 * cannot be confused; a test pins the message so a library update that rewords it is noticed.
 */
export function isFilterRefusal(error: NodeJS.ErrnoException): boolean {
  return error.code === undefined && / is not allowed\b/.test(error.message);
}

function refusedAddressOf(error: Error): string | null {
  return /^DNS lookup ([^\s(]+)\(/.exec(error.message)?.[1] ?? null;
}

/** Resolves a name once (every address it has), abortable: a resolver that hangs does not hold the request past its deadline. */
function resolve(hostname: string, options: GuardedRequestOptions): Promise<ResolvedAddress[]> {
  const lookup = options.lookup ?? (dns.lookup as unknown as LookupFunction);
  const signal = options.signal;
  return new Promise((resolvePromise, reject) => {
    const onAbort = () => reject(signal?.reason ?? new DOMException("Aborted", "AbortError"));
    signal?.addEventListener("abort", onAbort, { once: true });
    lookup(hostname, { all: true }, ((error: NodeJS.ErrnoException | null, result: ResolvedAddress[] | string, family?: number) => {
      signal?.removeEventListener("abort", onAbort);
      if (error) return reject(error);
      const addresses = Array.isArray(result) ? result : [{ address: result, family: family ?? isIP(result) }];
      if (addresses.length === 0) {
        return reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND", hostname }));
      }
      resolvePromise(addresses);
    }) as Parameters<LookupFunction>[2]);
  });
}

/** A resolver that answers only what was resolved and checked already, in both of Node's callback shapes. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    const wanted = options.family === 4 || options.family === 6 ? addresses.filter((entry) => entry.family === options.family) : addresses;
    const list = wanted.length > 0 ? wanted : addresses;
    process.nextTick(() => (options.all ? callback(null, list) : callback(null, list[0]!.address, list[0]!.family)));
  }) as LookupFunction;
}

export interface GuardedGetOptions {
  policy: OutboundPolicy;
  /** For the whole exchange: every redirect hop and the body up to its last byte. */
  timeoutMs: number;
  /** The most body bytes accepted, after decompression (a small gzip can unpack to gigabytes). */
  maxBytes: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  lookup?: LookupFunction;
}

export interface GuardedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The address that answered, after redirects. */
  url: string;
  /** The body, decompressed; errors with OutboundBodyTooLarge past the cap and with the deadline's reason when time runs out. */
  body: Readable;
}

export class OutboundTimeout extends Error {
  override name = "OutboundTimeout";
  readonly code = "ETIMEDOUT";
  constructor(readonly timeoutMs: number) {
    super(`No complete answer within ${timeoutMs} ms`);
  }
}

const DEFAULT_GET_REDIRECTS = 5;

/**
 * A GET whose body is streamed under a byte cap and one deadline, for things the site downloads
 * (a merchant's product feed): redirects followed with each hop checked again, gzip, deflate and
 * brotli unpacked, and the cap counted on the unpacked bytes.
 */
export async function guardedGet(url: string, options: GuardedGetOptions): Promise<GuardedResponse> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new OutboundTimeout(options.timeoutMs)), options.timeoutMs);
  const onStop = () => deadline.abort(options.signal?.reason);
  if (options.signal?.aborted) onStop();
  options.signal?.addEventListener("abort", onStop, { once: true });
  const finish = () => {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onStop);
  };
  try {
    const { response, url: finalUrl } = await followRedirects(url, options, deadline.signal);
    return {
      status: response.statusCode ?? 0,
      headers: response.headers,
      url: finalUrl,
      body: cappedBody(response, options, deadline.signal, finish),
    };
  } catch (error) {
    finish();
    // A request cut off by the deadline rejects with an AbortError; say what happened instead.
    throw deadline.signal.reason instanceof OutboundTimeout ? deadline.signal.reason : error;
  }
}

async function followRedirects(url: string, options: GuardedGetOptions, signal: AbortSignal) {
  const maxRedirects = options.maxRedirects ?? DEFAULT_GET_REDIRECTS;
  let current = new URL(url).href;
  const visited = new Set([current]);
  for (let hops = 0; ; hops += 1) {
    const response = await guardedRequest(current, {
      method: "GET",
      policy: options.policy,
      signal,
      lookup: options.lookup,
      headers: { "Accept-Encoding": "gzip, deflate, br", ...options.headers },
    });
    const step = nextRedirect(current, response.statusCode ?? 0, response.headers.location, visited, hops, maxRedirects);
    if (step.kind === "final") return { response, url: current };
    response.destroy();
    if (step.kind !== "follow") {
      const why = step.kind === "invalid" ? "a redirect to something that is not a web address" : "too many redirects or a loop";
      throw Object.assign(new Error(`${current} answered ${response.statusCode} with ${why}`), { code: "ERR_OUTBOUND_REDIRECT" });
    }
    visited.add(step.url);
    current = step.url;
  }
}

/** The response's body, unpacked and counted; `finish` runs once it has ended, failed or been dropped. */
function cappedBody(response: http.IncomingMessage, options: GuardedGetOptions, signal: AbortSignal, finish: () => void): Readable {
  const body = new PassThrough();
  const onDeadline = () => {
    response.destroy();
    body.destroy(signal.reason instanceof Error ? signal.reason : new OutboundTimeout(options.timeoutMs));
  };
  signal.addEventListener("abort", onDeadline, { once: true });
  body.on("close", () => {
    finish();
    signal.removeEventListener("abort", onDeadline);
    response.destroy();
  });

  const encoding = String(response.headers["content-encoding"] ?? "identity").toLowerCase();
  const declared = Number(response.headers["content-length"]);
  // Refused before a byte is read when the server says up front that it is too large.
  if (encoding === "identity" && Number.isFinite(declared) && declared > options.maxBytes) {
    body.destroy(new OutboundBodyTooLarge(options.maxBytes));
    return body;
  }
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > options.maxBytes ? new OutboundBodyTooLarge(options.maxBytes) : null, chunk);
    },
  });
  const unpack = decoderFor(encoding);
  // One failing stage (too large, a corrupt gzip, a dropped connection) ends every stage, the response included.
  pipeline([response, ...(unpack ? [unpack] : []), counter, body], (error) => {
    if (error) body.destroy(error);
  });
  return body;
}

function decoderFor(encoding: string): NodeJS.ReadWriteStream | null {
  switch (encoding) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}
