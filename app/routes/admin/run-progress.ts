import { appContext } from "~/server/load-context";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";
import { siteCancelMarkers, loadRunPage } from "~/server/jobs/runs-screen.server";
import type { Route } from "./+types/run-progress";

/** /admin/runs/:runId/progress: one run's state and progress as JSON (and an import's outcome), polled by its page every second. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const page = await loadRunPage(context.get(appContext).db, params.runId, siteCancelMarkers(context.get(appContext).config));
  return Response.json(
    { run: page?.run ?? null, importOutcome: page?.importOutcome ?? null },
    { status: page ? 200 : 404, headers: { "Cache-Control": CACHE_CONTROL.privateNoStore } },
  );
}
