import { data, type ServerBuild } from "react-router";
import { isDatabaseUnavailable } from "./db/database-outage.server";
import { log } from "./log.server";
import { wrapRouteHandlers, type RouteHandler } from "./framework/react-router-adapter.server";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/**
 * While the database is down or stuck, every page and action whose own code lets the failure
 * through answers 503 "temporarily unavailable" (the root error boundary words it) instead of a
 * 500 "something went wrong": a visitor learns to come back, a load balancer or CDN retries
 * later, and nothing caches the failure. One wrapper around every route's loader and action does
 * this, so no route has to remember it; routes that catch their own errors keep doing so.
 * See docs/decisions/0023-backups-and-outages.md.
 */
export const DATABASE_UNAVAILABLE_STATUS = 503;
const RETRY_AFTER_SECONDS = "5";

function answering503OnOutage<H extends RouteHandler>(handler: H, routeId: string): H {
  return (async (...args: Parameters<H>) => {
    try {
      return await handler(...args);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      log.error(`Database unavailable (${routeId}): ${(error as Error)?.message ?? error}`);
      throw data("The site is temporarily unavailable. Please try again in a moment.", {
        status: DATABASE_UNAVAILABLE_STATUS,
        headers: { "Cache-Control": CACHE_CONTROL.noStore, "Retry-After": RETRY_AFTER_SECONDS },
      });
    }
  }) as H;
}

const wrappedBuilds = new WeakMap<ServerBuild, ServerBuild>();

/**
 * The same build, with every loader and action answering 503 while the database is unreachable.
 * The request handler asks for the build on every request; each build is wrapped once.
 */
export function withDatabaseOutageResponses(build: ServerBuild): ServerBuild {
  let wrapped = wrappedBuilds.get(build);
  if (!wrapped) {
    wrapped = wrapRouteHandlers(build, (handler, _kind, routeId) => answering503OnOutage(handler, routeId));
    wrappedBuilds.set(build, wrapped);
  }
  return wrapped;
}
