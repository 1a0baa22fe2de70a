import { appContext, type AppServices } from "~/server/load-context";
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { answersAdminJson, hasAdminAreaRole, mayOpenAdminPath } from "~/lib/auth/admin-access";
import type { AdminRefusal } from "~/lib/auth/admin-refusal";
import { signInPathFor } from "~/lib/auth/safe-redirect";
import { CACHE_CONTROL } from "../http/cache-control.server";
import { assertSameSite, isSameSiteRequest } from "./origin.server";

/**
 * The admin guard: one middleware on the admin layout (adminAccess, docs/decisions/0119), which
 * React Router runs before every loader and action under /admin; the routes themselves check
 * nothing and read the user it let in with adminUser(context). The session is read on the server
 * from the cookie, and the user's role must open the requested path by the one access table
 * (app/lib/auth/admin-access.ts): an admin opens everything, an editor only the pages the table
 * names (the dashboard, articles, authors, a product's review). The path is the request's, so a
 * page, its data request (`.data`) and its action are judged alike.
 *
 * - anonymous → redirect to /auth?redirectTo=<this page>;
 * - signed in without an admin-area role → 403 'not-admin' (the layout shows a 'not an administrator' page);
 * - an editor on a page for admins → 403 'admins-only';
 * - any method other than GET/HEAD must also come from one of our own pages (origin check);
 * - the endpoints the access table lists as answering JSON get the same refusals as JSON 401/403.
 */

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  role: string | null;
}

/** The 403 payload of a signed-in user the access table keeps out. */
type AdminForbidden = Extract<AdminRefusal, { email: string }>;

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
async function admitToPage(request: Request, context: AuthContext): Promise<SignedInUser> {
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
 * For the endpoints the pages call with XMLHttpRequest (answersAdminJson): the same checks,
 * answered as JSON (401 or 403) instead of a redirect the script would silently follow.
 */
async function admitToEndpoint(request: Request, context: AuthContext): Promise<SignedInUser> {
  if (isStateChanging(request) && !isSameSiteRequest(request, context.config.baseUrl)) {
    throw Response.json({ ok: false, error: "This request came from another site and was refused." }, { status: 403 });
  }
  const user = await getSignedInUser(request, context);
  if (!user) throw Response.json({ ok: false, error: "Please sign in again." }, { status: 401 });
  if (refusal(user, request)) {
    throw Response.json({ ok: false, error: "This account is not an administrator." }, { status: 403 });
  }
  return user;
}

/**
 * The admin layout's first middleware: every answer under /admin, its refusals included (which
 * React Router may draw with the root's boundary, outside the admin layout's own headers), is
 * personal, so no shared cache keeps it and the browser does not store it.
 */
export const adminAnswersPrivate: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  try {
    response.headers.set("Cache-Control", CACHE_CONTROL.privateNoStore);
    return response;
  } catch {
    // A response with immutable headers (Response.redirect): the same answer, copied.
    const copy = new Response(response.body, response);
    copy.headers.set("Cache-Control", CACHE_CONTROL.privateNoStore);
    return copy;
  }
};

/** The user the admin layout's middleware let in; only that middleware sets it. */
const adminUserContext = createContext<SignedInUser>();

/**
 * The admin area's access check, the admin layout's middleware (app/routes/admin/layout.tsx):
 * React Router runs it before any loader or action of a route under /admin, for a page, its data
 * request and its action alike (even when the layout's own loader is not asked for). It lets
 * the request through with the signed-in user in the context (adminUser), or throws the refusal.
 */
export const adminAccess: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const services = context.get(appContext);
  const admit = answersAdminJson(new URL(request.url).pathname) ? admitToEndpoint : admitToPage;
  context.set(adminUserContext, await admit(request, services));
  return next();
};

/**
 * The signed-in user of an admin request, as the admin layout's middleware let them in. Throws
 * when the middleware did not run (a route outside the admin layout): nobody is let in by default.
 */
export function adminUser(context: Readonly<RouterContextProvider>): SignedInUser {
  return context.get(adminUserContext);
}
