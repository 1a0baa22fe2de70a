import { appContext } from "~/server/load-context";
import { checkReadiness } from "~/server/db/readiness.server";
import { log } from "~/server/log.server";
import type { Route } from "./+types/readyz";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/**
 * GET /readyz: 200 when the database answers within a second and its migrations are applied,
 * else 503, so a load balancer stops sending visitors to an instance that cannot serve them.
 * The body says only ready or not (no data); the reason goes to the log once per change of
 * state, not once per poll.
 */

let lastReady = true;

export async function loader({ context }: Route.LoaderArgs) {
  const readiness = await checkReadiness(context.get(appContext).db);
  if (readiness.ready !== lastReady) {
    lastReady = readiness.ready;
    if (readiness.ready) log.warn("Ready again: the database answers");
    else log.warn(`Not ready: ${readiness.reason}`);
  }
  return new Response(readiness.ready ? "ready\n" : "not ready\n", {
    status: readiness.ready ? 200 : 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL.noStore },
  });
}
