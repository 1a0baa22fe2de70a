import { appContext } from "~/server/load-context";
import { AdminPageHeader } from "~/components/admin/page-header";
import { EmptyTable, TableCard, TableHead } from "~/components/admin/admin-table";
import { Link } from "~/components/ui/link";
import { isRunFinished, runDurationText, runProgressText, runStateText } from "~/lib/jobs/run-view";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { formatDateTimeUtc } from "~/lib/text/dates";
import { loadRunsScreen, siteCancelMarkers } from "~/server/jobs/runs-screen.server";
import type { Route } from "./+types/runs";

/**
 * /admin/runs: the owner work of the site, newest first (docs/decisions/0098): feed runs,
 * imports, reports, link checks, mail batches and the periodic jobs, each with who started it,
 * its state and progress. Every run is done by the worker process, never by the one that answers
 * readers; a run whose worker died says "Interrupted". Admins only.
 */

export const meta: Route.MetaFunction = () => [{ title: `Runs - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadRunsScreen(context.get(appContext).db, new URL(request.url), siteCancelMarkers(context.get(appContext).config));
}

const COLUMNS = [{ label: "Run" }, { label: "Started" }, { label: "By" }, { label: "State" }, { label: "Progress or outcome" }];

export default function RunsPage({ loaderData }: Route.ComponentProps) {
  const { runs } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Runs"
        description="Feeds, imports, reports, link checks, mail and the site's periodic jobs, newest first. They run in the background worker: readers' pages never wait for them."
      />
      {runs.length === 0 ? (
        <EmptyTable>Nothing has run yet.</EmptyTable>
      ) : (
        <TableCard label="Runs">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <TableHead columns={COLUMNS} cell="px-4 py-3" />
            <tbody className="divide-y divide-line">
              {runs.map((run) => (
                <tr key={run.id}>
                  <td className="px-4 py-3">
                    <Link to={`/admin/runs/${run.id}`} className="font-semibold text-brand underline">
                      {run.label}
                    </Link>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3">{formatDateTimeUtc(run.startedAt ?? run.createdAt)}</td>
                  <td className="px-4 py-3">{run.startedBy ?? "—"}</td>
                  <td className="px-4 py-3 font-medium" data-state={run.state}>
                    {runStateText(run)}
                  </td>
                  <td className="px-4 py-3 text-ink-muted">
                    {run.error ??
                      [
                        runProgressText(run.progress),
                        isRunFinished(run.state) && run.startedAt && run.finishedAt ? runDurationText(run.startedAt, run.finishedAt) : "",
                      ]
                        .filter(Boolean)
                        .join(", ")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableCard>
      )}
    </>
  );
}
