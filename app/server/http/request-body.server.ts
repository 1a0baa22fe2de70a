import type { IncomingMessage } from "node:http";
import { data } from "react-router";
import { describeBytes, FEED_MAX_BYTES, IMAGE_UPLOAD_LIMIT_BYTES, MAX_CSV_BYTES } from "~/lib/admin/upload-limits";
import { pagePathOfDataRequest } from "../framework/react-router-adapter.server";

/**
 * Request bodies, read under one size limit per kind of route, for every request: public, auth
 * and admin, multipart, urlencoded, JSON or CSV. The limit is applied twice from the same table:
 * where the Node request becomes the Fetch request every route sees (`limitedNodeBody`), so no
 * route can read past it whatever it calls, and by `readBodyBytes`, the one reader every route
 * reads through (the others are built on it), which turns an overflow into a 413 and an
 * unreadable form into a 400, each with a sentence and nothing in the log. The sizes of the
 * files the admin sends are in lib/admin/upload-limits.ts, which the screens' help text reads too.
 *
 * A declared Content-Length over the limit is refused before a byte is read; a body sent without
 * one (chunked) is counted while it streams in and refused as soon as it passes the limit. On
 * overflow the rest is left unread, never cancelled: cancelling destroys the connection, so the
 * 413 would never reach the client. The answer then closes the connection (sendResponse), so
 * Node does not read and discard the rest to keep it alive.
 */

/** The sign-in, sign-up, reset and newsletter forms: an address, a password and a few hidden fields. */
export const AUTH_FORM_LIMIT_BYTES = 8 * 1024;
/** The accounts library's JSON endpoints the site offers (get-session, sign-out, change-password). */
export const AUTH_API_LIMIT_BYTES = 16 * 1024;
/** An admin form of text fields: a product's description is the longest. */
export const ADMIN_FORM_LIMIT_BYTES = 1024 * 1024;
/** A CSV file sent as a multipart field (the no-JavaScript import): the file and the form around it. */
export const CSV_FORM_LIMIT_BYTES = MAX_CSV_BYTES + 64 * 1024;
/** The feeds screen's form carries an uploaded merchant feed: the reader's own cap, plus the form around it. */
export const FEED_FORM_LIMIT_BYTES = FEED_MAX_BYTES + 64 * 1024;

/**
 * Which routes take how much, first match wins. Paths are matched without a trailing slash or
 * `.data` (React Router's data requests) and in any case, as React Router matches them; anything
 * not listed gets the smallest limit, so a path spelled in a way this table does not foresee can
 * only get less, never more.
 */
export const BODY_LIMITS: ReadonlyArray<{ path: RegExp; bytes: number }> = [
  // The import endpoints take the CSV file itself as the body.
  { path: /^\/admin\/(?:products|collections|offers)\/import(?:\/preview)?$/i, bytes: MAX_CSV_BYTES },
  { path: /^\/admin\/products\/images$/i, bytes: IMAGE_UPLOAD_LIMIT_BYTES },
  // The pages whose form posts a CSV without JavaScript.
  { path: /^\/admin\/(?:products(?:\/new)?|collections|offers|revenue)$/i, bytes: CSV_FORM_LIMIT_BYTES },
  { path: /^\/admin\/feeds$/i, bytes: FEED_FORM_LIMIT_BYTES },
  { path: /^\/admin(?:\/|$)/i, bytes: ADMIN_FORM_LIMIT_BYTES },
  { path: /^\/api\/auth(?:\/|$)/i, bytes: AUTH_API_LIMIT_BYTES },
  // /auth, /auth/forgot, /auth/reset, /newsletter, and every public page (none takes a larger form).
  { path: /^/, bytes: AUTH_FORM_LIMIT_BYTES },
];

/** The body limit of a path (`/admin/users`, `/admin/users.data`) or of a request's URL. */
export function bodyLimitFor(target: string | Request): number {
  let pathname = typeof target === "string" ? target : new URL(target.url).pathname;
  pathname = pagePathOfDataRequest(pathname);
  if (pathname.length > 1) pathname = pathname.replace(/\/+$/, "");
  return BODY_LIMITS.find((limit) => limit.path.test(pathname))!.bytes;
}

export class BodyTooLarge extends Error {
  override name = "BodyTooLarge";
  constructor(readonly limit: number) {
    super(`The request is larger than ${describeBytes(limit)}.`);
  }
}

/** A body that is not what it says it is: a broken multipart form, or a form that is not one. */
export class MalformedBody extends Error {
  override name = "MalformedBody";
}

export const MALFORMED_FORM_MESSAGE = "The form could not be read. Please reload the page and try again.";

/** The Content-Length a request declares, or NaN when it declares none (a chunked body). */
export function declaredLength(headers: { get(name: string): string | null }): number {
  const value = headers.get("content-length");
  return value === null || !/^\s*\d+\s*$/.test(value) ? NaN : Number(value);
}

/**
 * The body of a Node request as the Fetch stream the routes read: it errors with BodyTooLarge on
 * its first read when the declared length is over `limit`, and as soon as the bytes received pass
 * it otherwise. Nothing is read until the route reads (a route that never reads the body never
 * pulls it off the socket), and nothing past the limit is ever read.
 */
export function limitedNodeBody(req: IncomingMessage, limit: number): ReadableStream<Uint8Array> {
  const declared = declaredLength({ get: (name) => (req.headers[name] as string | undefined) ?? null });
  let chunks: AsyncIterator<Buffer> | undefined;
  let received = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (declared > limit) return controller.error(new BodyTooLarge(limit));
        chunks ??= req[Symbol.asyncIterator]();
        const { done, value } = await chunks.next();
        if (done) return controller.close();
        received += value.byteLength;
        // The iterator is not closed: closing it would destroy the socket under the 413.
        if (received > limit) return controller.error(new BodyTooLarge(limit));
        controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      },
      // A reader that gives up (a route that has what it needs) leaves the rest where it is.
      cancel() {},
    },
    { highWaterMark: 0 },
  );
}

/** The whole body, or BodyTooLarge. `limit` defaults to the request's route's. */
export async function readBodyBytes(request: Request, limit: number = bodyLimitFor(request)): Promise<Uint8Array<ArrayBuffer>> {
  if (declaredLength(request.headers) > limit) throw new BodyTooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      // Released, not cancelled: see the top of this file.
      reader.releaseLock();
      throw new BodyTooLarge(limit);
    }
    parts.push(value);
  }
  const whole = new Uint8Array(received);
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.byteLength;
  }
  return whole;
}

/** The whole body as UTF-8 text (a CSV upload), or BodyTooLarge. */
export async function readBodyText(request: Request, limit: number = bodyLimitFor(request)): Promise<string> {
  return new TextDecoder("utf-8").decode(await readBodyBytes(request, limit));
}

/** A form post (urlencoded or multipart), or BodyTooLarge, or MalformedBody. */
export async function readForm(request: Request, limit: number = bodyLimitFor(request)): Promise<FormData> {
  const bytes = await readBodyBytes(request, limit);
  const contentType = request.headers.get("content-type") ?? "";
  try {
    return await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new MalformedBody(MALFORMED_FORM_MESSAGE);
  }
}

export const TOO_LARGE_HEADERS = { connection: "close" } as const;

/** The answer to a body over its limit: 413, with a sentence, closing the connection. */
export function tooLargeResponse(error: BodyTooLarge) {
  return data({ message: error.message }, { status: 413, headers: TOO_LARGE_HEADERS });
}

/** The answer to an unreadable body: 400, with a sentence. */
export function malformedResponse(error: MalformedBody) {
  return data({ message: error.message }, { status: 400 });
}

/**
 * A form post read under its route's limit, for route actions: a body too large is a thrown 413,
 * one that is not a readable form a thrown 400, both with a sentence for the person and nothing
 * in the log.
 */
export async function readFormUnderLimit(request: Request, limit: number = bodyLimitFor(request)): Promise<FormData> {
  try {
    return await readForm(request, limit);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw tooLargeResponse(error);
    if (error instanceof MalformedBody) throw malformedResponse(error);
    throw error;
  }
}

/**
 * What React Router's own reading of a body throws when it is not a form (`request.formData()`
 * in a route that did not use the readers above): a client's mistake, answered 400.
 */
export function isUnreadableFormError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    (error.message.startsWith("Failed to parse body as FormData") || error.message.startsWith("Content-Type was not one of"))
  );
}
