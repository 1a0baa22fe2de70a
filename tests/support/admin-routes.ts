import type { RouterContextProvider } from "react-router";
import { middleware as adminLayoutMiddleware } from "../../app/routes/admin/layout";
import { adminRoutePaths } from "./admin-paths";

/**
 * Every route under /admin as the route table (app/routes.ts) lists it, with its module, so a
 * test that walks them covers a route added later without being touched.
 */

/** A route's loader or action as a test calls it: the request's services in `requestContext(…)`. */
export type AdminHandler = (args: {
  request: Request;
  context: RouterContextProvider;
  params: Record<string, string>;
  url?: URL;
  pattern?: string;
}) => Promise<unknown>;

export interface AdminRouteModule {
  loader?: AdminHandler;
  action?: AdminHandler;
}

export interface AdminRoute {
  /** The path with its parameters filled with 1. */
  path: string;
  /** The route file, e.g. "routes/admin/review.tsx". */
  file: string;
  params: Record<string, string>;
  load: () => Promise<AdminRouteModule>;
}

const modules = import.meta.glob<AdminRouteModule>("../../app/routes/admin/*.{ts,tsx}");

/** Every route under /admin, the layout included. */
export function adminRoutes(): AdminRoute[] {
  return adminRoutePaths().map(({ pattern, file }) => {
    const load = modules[`../../app/${file}`];
    if (!load) throw new Error(`${file} is not under app/routes/admin`);
    const params = Object.fromEntries([...pattern.matchAll(/:(\w+)/g)].map(([, name]) => [name!, "1"]));
    return { path: pattern.replace(/:\w+/g, "1"), file, params, load };
  });
}

/** What a test hands callAdminRoute: a loader's or an action's arguments. */
interface AdminHandlerArgs {
  request: Request;
  context: RouterContextProvider;
  params: Record<string, string | undefined>;
  url?: URL;
  pattern?: string;
}

/**
 * Calls an admin route's loader or action as the server does: every route under /admin is a child
 * of the admin layout (app/routes.ts), so React Router runs the layout's middleware first (the
 * access check, which puts the signed-in user in the context), then the handler. Returns what the
 * handler returned; throws what the middleware refused with (a redirect to sign in, a 403, a JSON
 * 401/403) or what the handler threw. A handler called without it finds no user in the context
 * and throws.
 */
export async function callAdminRoute<Args extends AdminHandlerArgs, Result>(
  handler: (args: Args) => Result,
  args: Args,
): Promise<Awaited<Result> | Response> {
  const middlewareArgs = {
    request: args.request,
    context: args.context,
    params: args.params,
    url: args.url ?? new URL(args.request.url),
    pattern: args.pattern ?? "",
  };
  let handled: { value: Awaited<Result> } | undefined;
  // The server's `next()` answers with the rendered response; here the handler's own value is
  // what the test reads, so the chain's answer is only a stand-in for it.
  const run = async (index: number): Promise<Response> => {
    const middleware = adminLayoutMiddleware[index];
    if (!middleware) {
      handled = { value: await handler(args) };
      return new Response(null, { status: 204 });
    }
    let next: Promise<Response> | undefined;
    const answer = await middleware(middlewareArgs as Parameters<typeof middleware>[0], () => (next ??= run(index + 1)));
    return answer ?? (await (next ??= run(index + 1)));
  };
  const answer = await run(0);
  // A middleware that answered by itself, without calling the handler, is what the server sends.
  return handled ? handled.value : answer;
}

/** What a route module answered, returned or thrown: its status, redirect target and data. */
export async function answerOf(run: () => Promise<unknown>): Promise<{ status: number; location?: string | null; data?: unknown }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const data = value.headers.get("content-type")?.includes("json") ? await value.clone().json() : undefined;
    return { status: value.status, location: value.headers.get("location"), data };
  }
  if (value && typeof value === "object" && "init" in value && (value as { type?: string }).type === "DataWithResponseInit") {
    const withInit = value as { init: ResponseInit | null; data: unknown };
    return { status: withInit.init?.status ?? 200, data: withInit.data };
  }
  return { status: 200, data: value };
}
