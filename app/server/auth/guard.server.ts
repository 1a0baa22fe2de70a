import type { AppServices } from "~/server/load-context";
import { data, redirect } from "react-router";
import { hasAdminAreaRole, mayOpenAdminPath } from "~/lib/auth/admin-access";
import { signInPathFor } from "~/lib/auth/safe-redirect";
import { assertSameSite } from "./origin.server";

/**
 * The admin guard. Every /admin loader and action starts with requireAdmin: the session is read on
 * the server from the cookie, and the user's role must open the requested path by the one access
 * table (app/lib/auth/admin-access.ts): an admin opens everything, an editor only the pages the
 * table names (the dashboard, articles, authors, a product's review). The path is the request's,
 * so a page, its data request (`.data`) and its action are judged alike.
 *
 * - anonymous → redirect to /auth?redirectTo=<this page>;
 * - signed in without an admin-area role → 403 'not-admin' (the layout shows a 'not an administrator' page);
 * - an editor on a page for admins → 403 'admins-only';
 * - any method other than GET/HEAD must also come from one of our own pages (origin check).
 */

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  role: string | null;
}

export interface AdminForbidden {
  reason: "not-admin" | "admins-only";
  email: string;
}

type AuthContext = Pick<AppServices, "auth" | "config">;

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

/** Why the user may not open the request's path, or null when they may. */
function refusal(user: SignedInUser, request: Request): AdminForbidden["reason"] | null {
  if (!hasAdminAreaRole(user.role)) return "not-admin";
  return mayOpenAdminPath(user.role, new URL(request.url).pathname) ? null : "admins-only";
}

function isStateChanging(request: Request): boolean {
  return request.method !== "GET" && request.method !== "HEAD";
}

/** For pages and their actions: redirect anonymous visitors to sign in, 403 whoever the access table keeps out. */
export async function requireAdmin(request: Request, context: AuthContext): Promise<SignedInUser> {
  if (isStateChanging(request)) assertSameSite(request, context.config.baseUrl);
  const user = await getSignedInUser(request, context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(signInPathFor(`${url.pathname}${url.search}`));
  }
  const refused = refusal(user, request);
  if (refused) throw data<AdminForbidden>({ reason: refused, email: user.email }, { status: 403 });
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
  if (refusal(user, request)) {
    throw Response.json({ ok: false, error: "This account is not an administrator." }, { status: 403 });
  }
  return user;
}
