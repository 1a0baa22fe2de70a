import { appContext } from "~/server/load-context";
import { isLoopbackAddress } from "~/server/auth/client-address.server";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";
import { readEventLoopDelay } from "~/server/http/event-loop-delay.server";
import { countUnfinishedJobs } from "~/server/jobs/job-queue.server";
import type { Route } from "./+types/metrics";

/**
 * GET /metrics: the web process's event-loop delay since the last reading (`?reset=1` starts a
 * new window) and the owner work waiting or running, in Prometheus's text format. For the
 * operator's monitoring and `npm run bench:owner-work`, on the machine itself: any other address
 * gets the not-found answer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!isLoopbackAddress(context.get(appContext).clientAddress ?? null)) return new Response("Not Found\n", { status: 404 });
  const delay = readEventLoopDelay(new URL(request.url).searchParams.get("reset") === "1");
  const jobs = await countUnfinishedJobs(context.get(appContext).db);
  const lines = [
    "# HELP event_loop_delay_ms How long the web process's callbacks waited for its event loop, since the last reset.",
    "# TYPE event_loop_delay_ms gauge",
    ...(delay
      ? [
          `event_loop_delay_ms{quantile="0.5"} ${delay.p50Ms}`,
          `event_loop_delay_ms{quantile="0.99"} ${delay.p99Ms}`,
          `event_loop_delay_ms{quantile="1"} ${delay.maxMs}`,
          `event_loop_delay_window_ms ${delay.windowMs}`,
        ]
      : []),
    "# HELP owner_work_runs Runs of owner work (feeds, imports, reports, link checks, mail) by state.",
    "# TYPE owner_work_runs gauge",
    `owner_work_runs{state="queued"} ${jobs.queued}`,
    `owner_work_runs{state="running"} ${jobs.running}`,
  ];
  return new Response(`${lines.join("\n")}\n`, {
    headers: { "Content-Type": "text/plain; version=0.0.4; charset=utf-8", "Cache-Control": CACHE_CONTROL.noStore },
  });
}
