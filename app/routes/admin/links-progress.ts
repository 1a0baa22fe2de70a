import { appContext } from "~/server/load-context";
import { latestLinkCheckRun } from "~/server/links/link-check-runs.server";
import type { Route } from "./+types/links-progress";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/**
 * /admin/links/progress: how far the latest link check has got, as JSON. /admin/links polls it
 * while a run is in progress instead of reloading the whole list every second.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const run = await latestLinkCheckRun(context.get(appContext).db);
  return Response.json({ run }, { headers: { "Cache-Control": CACHE_CONTROL.privateNoStore } });
}
