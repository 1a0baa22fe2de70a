import { TOO_MANY_ATTEMPTS } from "~/lib/auth/auth-messages";
import { admitPasswordCheck, settlePasswordCheck } from "~/server/auth/accounts.server";
import { getSignedInUser } from "~/server/auth/guard.server";
import { isSameSiteRequest } from "~/server/auth/origin.server";
import { AttemptLimiter } from "~/server/auth/rate-limit.server";
import { AUTH_API_LIMIT_BYTES, BodyTooLarge, readBodyBytes, TOO_LARGE_HEADERS } from "~/server/http/request-body.server";
import type { Route } from "./+types/api-auth";

/**
 * /api/auth/*: better-auth's own HTTP endpoints (session, sign-out, the admin plugin's user
 * management). The credential endpoints our /auth forms serve are closed here
 * (PATHS_SERVED_BY_OUR_FORMS), so every password guess goes through one door and one limiter;
 * change-password, which checks the current password, goes through the same limiter as sign-in.
 */

export function loader({ request, context }: Route.LoaderArgs) {
  return context.auth.handler(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!isSameSiteRequest(request, context.config.baseUrl)) {
    return Response.json({ message: "This request came from another site and was refused." }, { status: 403 });
  }
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readBodyBytes(request, AUTH_API_LIMIT_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) return Response.json({ message: error.message }, { status: 413, headers: TOO_LARGE_HEADERS });
    throw error;
  }
  // better-auth reads the body itself: hand it the bytes already read, nothing more.
  const buffered = new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal });

  if (new URL(request.url).pathname !== "/api/auth/change-password") return context.auth.handler(buffered);

  const user = await getSignedInUser(request, context);
  if (!user) return context.auth.handler(buffered);
  const limiter = new AttemptLimiter(context.db);
  const client = context.clientAddress ?? null;
  const decision = await admitPasswordCheck(limiter, user.email, client);
  if (!decision.allowed) {
    return Response.json(
      { code: "TOO_MANY_ATTEMPTS", message: TOO_MANY_ATTEMPTS },
      { status: 429, headers: { "retry-after": String(decision.retryAfterSeconds) } },
    );
  }
  const response = await context.auth.handler(buffered);
  // 2xx: the current password was right. better-auth answers a wrong one with 400 INVALID_PASSWORD.
  const wrongPassword =
    response.status === 400 &&
    (
      await response
        .clone()
        .json()
        .catch(() => null)
    )?.code === "INVALID_PASSWORD";
  if (response.ok || wrongPassword) await settlePasswordCheck(limiter, user.email, client, response.ok);
  return response;
}
