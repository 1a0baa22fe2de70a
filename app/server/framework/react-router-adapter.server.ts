import path from "node:path";
import type { EntryContext, ServerBuild } from "react-router";

/**
 * Every place the site leans on how React Router works inside rather than on its documented
 * API, in one module (docs/decisions/0081). Each is checked against the installed version by
 * tests/framework/framework-ties.test.ts, whose failures name this module and the tie that
 * broke; on a React Router upgrade this file is the list to re-read. Kept to types and plain
 * values (no runtime import of react-router), so vite.config.ts can import it too.
 */

// ── The server build's route modules, rewrapped ─────────────────────────────────────────────
// Three policies hold for every loader or action without each route remembering them: a
// database outage answers 503, an unreadable body 400/413, an admin action is audited. The first
// two turn an error thrown inside a handler into an answer with its status, which a middleware
// cannot: its `next()` sees the response after the error boundary was rendered (docs/decisions/0119).

// A route module's loader or action, whatever its arguments: wrappers pass them on untouched.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RouteHandler = (...args: any[]) => unknown;

/**
 * The same build, its route modules' loaders and actions replaced by what `wrap` returns for
 * them (undefined keeps one as it is). React Router calls `build.routes[id].module.loader` and
 * `.action` for each request, so a copy of the build with other functions there is served as is.
 */
export function wrapRouteHandlers(
  build: ServerBuild,
  wrap: (handler: RouteHandler, kind: "loader" | "action", routeId: string) => RouteHandler | undefined,
): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const { loader, action } = route.module;
    const wrappedLoader = loader ? wrap(loader, "loader", id) : undefined;
    const wrappedAction = action ? wrap(action, "action", id) : undefined;
    routes[id] =
      wrappedLoader || wrappedAction
        ? {
            ...route,
            module: {
              ...route.module,
              ...(wrappedLoader ? { loader: wrappedLoader } : {}),
              ...(wrappedAction ? { action: wrappedAction } : {}),
            },
          }
        : route;
  }
  return { ...build, routes };
}

/**
 * The status a loader's or action's answer carries, returned or thrown: a Response's, or that of
 * `data(value, init)`, which React Router marks with `type: "DataWithResponseInit"` (its class is
 * not exported).
 */
export function answeredStatus(answer: unknown, thrown: boolean): number {
  if (answer instanceof Response) return answer.status;
  if (answer && typeof answer === "object" && (answer as { type?: unknown }).type === "DataWithResponseInit") {
    return (answer as { init?: ResponseInit | null }).init?.status ?? 200;
  }
  return thrown ? 500 : 200;
}

// ── The document React Router writes ─────────────────────────────────────────────────────────
// Hydration after the first paint (http/defer-hydration.server.ts) moves React Router's
// module preloads and its bootstrap script; React Router has no option to defer hydration.

/** React Router's `<link rel="modulepreload">` of each script a page needs (as React writes it). */
export const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
/** React Router's bootstrap: the only inline module script of a document. */
export const MODULE_BOOTSTRAP = /<script type="module" async="">([\s\S]*?)<\/script>/;

/** Whether the document being rendered shows an error boundary (the entry's context says so). */
export function documentHasErrors(context: EntryContext): boolean {
  return Boolean(context.staticHandlerContext.errors);
}

// ── Client-navigation data requests ──────────────────────────────────────────────────────────
// The page cache and the request-body limits key a data request by its page's path.

/** A data request is its page's path plus this (`/reviews.data`); the root's is `/_root.data`. */
const DATA_SUFFIX = ".data";
const ROOT_DATA_PATH = "/_root";
/** The query parameter of a data request naming the route ids whose loaders it wants. */
export const DATA_ROUTES_PARAM = "_routes";

export function isDataRequestPath(pathname: string): boolean {
  return pathname.endsWith(DATA_SUFFIX);
}

/** The page path a data request is for (`/admin/users.data` → `/admin/users`, `/_root.data` → `/`); other paths as they are. */
export function pagePathOfDataRequest(pathname: string): string {
  if (!isDataRequestPath(pathname)) return pathname;
  const page = pathname.slice(0, -DATA_SUFFIX.length);
  return page === ROOT_DATA_PATH ? "/" : page;
}

// ── Tabs from before the route manifest came with the page ───────────────────────────────────

/** Where lazy route discovery asks (docs/decisions/0047); React Router answers it only in lazy mode. */
export const MANIFEST_PATH = "/__manifest";

/**
 * What React Router's own server answers a manifest request from a tab of an older version:
 * its client then loads the next page as a whole document.
 */
export function reloadDocumentResponse(headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true", ...headers } });
}

// ── React Router's own refusals ──────────────────────────────────────────────────────────────

/** The messages of the errors React Router throws for a cross-site action (a 400): a client's doing, not a fault. */
const CROSS_SITE_REFUSALS = ["origin does not match `origin` header", "`origin` header is not a valid URL"];

export function isCrossSiteRefusal(error: unknown): boolean {
  return error instanceof Error && CROSS_SITE_REFUSALS.some((text) => error.message.includes(text));
}

// ── The browser bundle's copy of React Router (vite.config.ts) ───────────────────────────────

/**
 * react-router's package exports resolve to its development build in every mode (there is no
 * `production` condition); for the browser bundle of a production build, its production build
 * (the same code with the development warnings off, 0.6 KB less gzip on every page). Only that
 * bundle: the server and the dev server import react-router from node_modules as Node resolves
 * it, and two copies of it in one process would not share their React contexts.
 */
export const REACT_ROUTER_PRODUCTION_FILES = {
  "react-router": "node_modules/react-router/dist/production/index.mjs",
  "react-router/dom": "node_modules/react-router/dist/production/dom-export.mjs",
} as const;

export function reactRouterProductionAliases(root: string): { find: RegExp; replacement: string }[] {
  return Object.entries(REACT_ROUTER_PRODUCTION_FILES).map(([name, file]) => ({
    find: new RegExp(`^${name.replace("/", "\\/")}$`),
    replacement: path.resolve(root, file),
  }));
}
