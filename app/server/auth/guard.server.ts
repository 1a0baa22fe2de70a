import { data, redirect, type AppLoadContext } from "react-router";
import { signInPathFor } from "~/lib/auth/safe-redirect";
import { assertSameSite } from "./origin.server";

/**
 * The admin guard: every /admin page is for admins only. Every /admin loader and action starts with requireAdmin:
 * the session is read on the server from the cookie, and the user's role must include 'admin'.
 *
 * - anonymous → redirect to /auth?redirectTo=<this page>;
 * - signed in without the role → 403 (the admin layout shows a 'not an administrator' page);
 * - any method other than GET/HEAD must also come from one of our own pages (origin check).
 */

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  role: string | null;
}

export interface AdminForbidden {
  reason: "not-admin";
  email: string;
}

type AuthContext = Pick<AppLoadContext, "auth" | "config">;

// Loaders of one navigation (layout and page) share the request: look the session up once.
const sessions = new WeakMap<Request, Promise<SignedInUser | null>>();

export function getSignedInUser(request: Request, context: AuthContext): Promise<SignedInUser | null> {
  let found = sessions.get(request);
  if (!found) {
    found = context.auth.api
      .getSession({ headers: request.headers })
      .then((session) =>
        session ? { id: session.user.id, email: session.user.email, name: session.user.name, role: session.user.role ?? null } : null,
      );
    sessions.set(request, found);
  }
  return found;
}

/** The admin plugin stores several roles as 'user,admin'. */
export function hasAdminRole(role: string | null | undefined): boolean {
  return (role ?? "")
    .split(",")
    .map((part) => part.trim())
    .includes("admin");
}

function isStateChanging(request: Request): boolean {
  return request.method !== "GET" && request.method !== "HEAD";
}

/** For pages and their actions: redirect anonymous visitors to sign in, 403 everyone else. */
export async function requireAdmin(request: Request, context: AuthContext): Promise<SignedInUser> {
  if (isStateChanging(request)) assertSameSite(request, context.config.baseUrl);
  const user = await getSignedInUser(request, context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(signInPathFor(`${url.pathname}${url.search}`));
  }
  if (!hasAdminRole(user.role)) {
    throw data<AdminForbidden>({ reason: "not-admin", email: user.email }, { status: 403 });
  }
  return user;
}

/**
 * For the import endpoints the page calls with XMLHttpRequest: the same checks, answered as
 * JSON (401 or 403) instead of a redirect the script would silently follow.
 */
export async function requireAdminForApi(request: Request, context: AuthContext): Promise<SignedInUser> {
  if (isStateChanging(request)) {
    try {
      assertSameSite(request, context.config.baseUrl);
    } catch {
      throw Response.json({ ok: false, error: "This request came from another site and was refused." }, { status: 403 });
    }
  }
  const user = await getSignedInUser(request, context);
  if (!user) throw Response.json({ ok: false, error: "Please sign in again." }, { status: 401 });
  if (!hasAdminRole(user.role)) {
    throw Response.json({ ok: false, error: "This account is not an administrator." }, { status: 403 });
  }
  return user;
}
