import { appContext } from "~/server/load-context";
import { useNavigation } from "react-router";
import { TableCard, TableHead } from "~/components/admin/admin-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Form, Link } from "~/components/ui/link";
import { useResultToast } from "~/components/ui/use-result-toast";
import { endTestIntent, loadAbTestScreen } from "~/server/admin/ab-tests-screen.server";
import { dispatchIntent, type IntentTable } from "~/server/forms/intents.server";
import type { Route } from "./+types/ab-test";

/** /admin/ab-tests/{id} (admins only): a test's results per variant, and its end. */

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.test.title ?? "A/B test"} - Admin` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadAbTestScreen(request, context.get(appContext), params.testId);
}

export async function action(args: Route.ActionArgs) {
  return dispatchIntent(args, { "end-test": endTestIntent } satisfies IntentTable);
}

const COLUMNS = [
  { label: "Variant" },
  { label: "Views", className: "text-right" },
  { label: "Clicks", className: "text-right" },
  { label: "Click-through", className: "text-right" },
  { label: "Commission" },
  { label: "Per click" },
];

export default function AbTestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { test, report, flash } = loaderData;
  useResultToast(flash);
  useResultToast(actionData);
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to="/admin/ab-tests" className="text-brand underline-offset-2 hover:underline">
          All A/B tests
        </Link>
      </p>
      <AdminPageHeader
        title={test.title}
        description={`Started ${test.startedText}${test.endedText ? `, ended ${test.endedText}` : ""}. Views are the pages readers' browsers showed a variant on; clicks are counted as on /admin/clicks; commission is what the networks' reports credit to those clicks.`}
      />
      <div className="space-y-6">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {test.running ? <Badge variant="best-value">Running</Badge> : <Badge>Ended</Badge>}
          {test.appliedText && <span>{test.appliedText}</span>}
        </p>
        <TableCard label="Results per variant">
          <table className="w-full min-w-[40rem] text-left text-sm" data-testid="ab-results">
            <TableHead columns={COLUMNS} cell="px-4 py-3" />
            <tbody className="divide-y divide-line">
              {report.rows.map((row) => (
                <tr key={row.index}>
                  <th scope="row" className="px-4 py-3 font-semibold">
                    {row.name}
                    {row.control && <span className="ml-2 text-xs font-normal text-ink-muted">control</span>}
                  </th>
                  <td className="px-4 py-3 text-right tabular-nums">{row.views.toLocaleString("en-US")}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{row.clicks.toLocaleString("en-US")}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{row.ctrText}</td>
                  <td className="px-4 py-3 tabular-nums">{row.commissionText}</td>
                  <td className="px-4 py-3 tabular-nums">{row.epcText}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableCard>

        <section aria-labelledby="significance-heading">
          <h2 id="significance-heading" className="text-lg font-semibold">
            Against the control
          </h2>
          <p className="mt-1 max-w-prose text-sm text-ink-muted">
            A two-sided two-proportion z-test of the click-through rates: "significant" means a difference this large would turn up by
            chance less than 5% of the time if the variants did the same.
          </p>
          <ul className="mt-3 space-y-3" data-testid="ab-comparisons">
            {report.comparisons.map((comparison) => (
              <li key={comparison.index} className="rounded-card border border-line bg-surface p-4 shadow-card">
                <p className="font-semibold">{comparison.name}</p>
                <p className="mt-1 text-sm tabular-nums">
                  {comparison.differenceText}
                  {comparison.pValueText && <span className="text-ink-muted"> · {comparison.pValueText}</span>}
                </p>
                <p className={comparison.significant ? "mt-1 text-sm font-semibold text-forest" : "mt-1 text-sm text-ink-muted"}>
                  {comparison.verdict}
                </p>
              </li>
            ))}
          </ul>
        </section>

        {test.running && (
          <section aria-labelledby="end-heading" className="rounded-card border border-line bg-surface p-4 shadow-card md:p-6">
            <h2 id="end-heading" className="text-lg font-semibold">
              End the test
            </h2>
            <p className="mt-1 max-w-prose text-sm text-ink-muted">
              Every reader then sees the option you keep, on every page of this kind. The results stay here.
            </p>
            <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              {report.rows.map((row) => (
                <Form method="post" key={row.index}>
                  <input type="hidden" name="intent" value="end-test" />
                  <input type="hidden" name="version" value={test.version} />
                  <input type="hidden" name="apply" value={row.index} />
                  <Button type="submit" variant={row.control ? "secondary" : "primary"} disabled={busy} className="w-full sm:w-auto">
                    {row.control ? `End and keep "${row.name}"` : `End and apply "${row.name}"`}
                  </Button>
                </Form>
              ))}
            </div>
          </section>
        )}
      </div>
    </>
  );
}
