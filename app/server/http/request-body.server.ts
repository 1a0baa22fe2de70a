import { data } from "react-router";

/**
 * Request bodies read under a size limit. A declared Content-Length over the limit is refused
 * before a byte is read; a body sent without one (chunked) is counted while it streams in and
 * refused as soon as it passes the limit, so nobody can make the server hold more than the limit
 * for one request, signed in or not. Refusals are 413 with `Connection: close`: Node would
 * otherwise read and discard the rest of an unread body to keep the connection alive.
 */

/** The sign-in, sign-up and resend forms: an address, a password and a few hidden fields. */
export const AUTH_FORM_LIMIT_BYTES = 8 * 1024;
/** better-auth's JSON endpoints (sign-out, change-password, the admin plugin's calls). */
export const AUTH_API_LIMIT_BYTES = 16 * 1024;

export class BodyTooLarge extends Error {
  override name = "BodyTooLarge";
  constructor(readonly limit: number) {
    super(`The request is larger than ${formatBytes(limit)}.`);
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}

/** The whole body, or BodyTooLarge. */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  // The rest is left unread, not cancelled: cancelling destroys the connection before the 413
  // can be sent. `Connection: close` ends it once the answer is out.
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
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

export const TOO_LARGE_HEADERS = { connection: "close" } as const;

/**
 * A form post (urlencoded or multipart) read under the limit. For route actions: a body too
 * large is a thrown 413, one that is not a readable form a thrown 400, both with a sentence for
 * the person and nothing in the log.
 */
export async function readFormUnderLimit(request: Request, limit: number): Promise<FormData> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBodyBytes(request, limit);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw data({ message: error.message }, { status: 413, headers: TOO_LARGE_HEADERS });
    throw error;
  }
  const contentType = request.headers.get("content-type") ?? "";
  try {
    return await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw data({ message: "The form could not be read. Please reload the page and try again." }, { status: 400 });
  }
}
