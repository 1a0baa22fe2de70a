import { appContext } from "~/server/load-context";
import { TOO_MANY_ATTEMPTS } from "~/lib/auth/auth-messages";
import { admitPasswordCheck, passwordCallerOf, settlePasswordCheck } from "~/server/auth/accounts.server";
import { getSignedInUser } from "~/server/auth/guard.server";
import { isSameSiteRequest } from "~/server/auth/origin.server";
import { AttemptLimiter } from "~/server/auth/rate-limit.server";
import { BodyTooLarge, readBodyBytes, TOO_LARGE_HEADERS } from "~/server/http/request-body.server";
import type { Route } from "./+types/api-auth";

/**
 * /api/auth/*: the few of better-auth's HTTP endpoints the site offers, named one by one; every
 * other path answers 404 before the library sees it. Sign-in, sign-up, confirmation and reset are
 * the /auth forms; roles are changed on /admin/users, which refuses to demote the last admin
 * and logs who did it. So the library's password checks without a limit (verify-password) and
 * the admin plugin's endpoints (set-role, create-user, impersonate-user…) cannot be reached, and
 * an endpoint a library update adds stays closed until it is added here.
 *
 * - GET get-session: the caller's own session, nothing secret is checked;
 * - POST sign-out: ends the caller's own session;
 * - POST change-password: checks the current password, behind the same door and limits as
 *   sign-in (admitPasswordCheck: the device cookie, per account and per client).
 */
const REACHABLE_AUTH_ENDPOINTS: ReadonlySet<string> = new Set([
  "GET /api/auth/get-session",
  "POST /api/auth/sign-out",
  "POST /api/auth/change-password",
]);

const reachable = (request: Request) =>
  REACHABLE_AUTH_ENDPOINTS.has(`${request.method === "HEAD" ? "GET" : request.method} ${new URL(request.url).pathname}`);

const notFound = () => Response.json({ message: "Not found" }, { status: 404 });

export function loader({ request, context }: Route.LoaderArgs) {
  if (!reachable(request)) return notFound();
  return context.get(appContext).auth.handler(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!reachable(request)) return notFound();
  if (!isSameSiteRequest(request, context.get(appContext).config.baseUrl)) {
    return Response.json({ message: "This request came from another site and was refused." }, { status: 403 });
  }
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readBodyBytes(request);
  } catch (error) {
    if (error instanceof BodyTooLarge) return Response.json({ message: error.message }, { status: 413, headers: TOO_LARGE_HEADERS });
    throw error;
  }
  // better-auth reads the body itself: hand it the bytes already read, nothing more.
  const buffered = new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal });

  if (new URL(request.url).pathname !== "/api/auth/change-password") return context.get(appContext).auth.handler(buffered);

  const user = await getSignedInUser(request, context.get(appContext));
  if (!user) return context.get(appContext).auth.handler(buffered);
  const limiter = new AttemptLimiter(context.get(appContext).db);
  const client = context.get(appContext).clientAddress ?? null;
  const caller = passwordCallerOf(context.get(appContext).auth, request.headers, user.email, client);
  const decision = await admitPasswordCheck(limiter, user.email, caller);
  if (!decision.allowed) {
    return Response.json(
      { code: "TOO_MANY_ATTEMPTS", message: TOO_MANY_ATTEMPTS },
      { status: 429, headers: { "retry-after": String(decision.retryAfterSeconds) } },
    );
  }
  const response = await context.get(appContext).auth.handler(buffered);
  // 2xx: the current password was right. better-auth answers a wrong one with 400 INVALID_PASSWORD.
  const wrongPassword =
    response.status === 400 &&
    (
      await response
        .clone()
        .json()
        .catch(() => null)
    )?.code === "INVALID_PASSWORD";
  if (response.ok || wrongPassword) await settlePasswordCheck(limiter, user.email, { client, device: decision.device }, response.ok);
  return response;
}
