import { appContext } from "~/server/load-context";
import { data } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { ImportRunResult } from "~/components/admin/import-run-result";
import { RunProgress } from "~/components/admin/run-progress";
import { Link } from "~/components/ui/link";
import { Notice } from "~/components/ui/notice";
import { useResultToast } from "~/components/ui/use-result-toast";
import { isRunFinished, runDurationText, runProgressText } from "~/lib/jobs/run-view";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { dispatchIntent } from "~/server/forms/intents.server";
import { siteCancelMarkers, loadRunPage, RUN_INTENTS } from "~/server/jobs/runs-screen.server";
import type { Route } from "./+types/run";

/** /admin/runs/:runId: one run of owner work, its live progress and Cancel, then how it ended. Admins only. */

export const meta: Route.MetaFunction = () => [{ title: `Run - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = await loadRunPage(context.get(appContext).db, params.runId, siteCancelMarkers(context.get(appContext).config));
  if (!page) throw data("No such run", { status: 404 });
  // An import's outcome is bounded (counts, first rows, first notes): the page never carries the file.
  return { ...page, refused: new URL(request.url).searchParams.has("refused") };
}

export async function action(args: Route.ActionArgs) {
  return dispatchIntent(args, RUN_INTENTS);
}

export default function RunPage({ loaderData, actionData }: Route.ComponentProps) {
  const { run, importOutcome, refused } = loaderData;
  useResultToast(actionData);
  return (
    <>
      <AdminPageHeader title={run.label} description={run.startedBy ? `Started by ${run.startedBy}.` : undefined}>
        <Link to="/admin/runs" className="inline-flex h-11 items-center rounded-full px-5 font-semibold text-ink hover:bg-sand">
          All runs
        </Link>
      </AdminPageHeader>
      <div className="space-y-4">
        <RunProgress run={run} reloadTo={`/admin/runs/${run.id}`} />
        {run.state === "done" && (
          <Notice tone="green" title="Done" role="status">
            {[runProgressText(run.progress), run.startedAt && run.finishedAt ? `in ${runDurationText(run.startedAt, run.finishedAt)}` : ""]
              .filter(Boolean)
              .join(" ")}
            .
          </Notice>
        )}
        <ImportRunResult run={run} outcome={importOutcome} refused={refused} />
        {run.href && isRunFinished(run.state) && (
          <p>
            <Link to={run.href} className="font-semibold text-brand underline">
              See what it did
            </Link>
          </p>
        )}
      </div>
    </>
  );
}
