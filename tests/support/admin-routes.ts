import type { RouterContextProvider } from "react-router";
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
