import { appContext } from "~/server/load-context";
import { useNavigation } from "react-router";
import { EmptyTable, TableCard, TableHead } from "~/components/admin/admin-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Form, Link } from "~/components/ui/link";
import { useResultToast } from "~/components/ui/use-result-toast";
import { loadAbTestsScreen, startTestIntent } from "~/server/admin/ab-tests-screen.server";
import { dispatchIntent, type IntentTable } from "~/server/forms/intents.server";
import type { Route } from "./+types/ab-tests";

/** /admin/ab-tests (admins only): the tests of the buy button, and a new one started. */

export const meta: Route.MetaFunction = () => [{ title: "A/B tests - Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAbTestsScreen(request, context.get(appContext));
}

export async function action(args: Route.ActionArgs) {
  return dispatchIntent(args, { "start-test": startTestIntent } satisfies IntentTable);
}

const COLUMNS = [{ label: "Test" }, { label: "Variants" }, { label: "Dates" }, { label: "Outcome" }];

export default function AbTestsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tests, choices, flash } = loaderData;
  useResultToast(flash);
  useResultToast(actionData);
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <AdminPageHeader
        title="A/B tests"
        description="Try another buy button label, style or order of the shops on a kind of page, and keep the one readers click more. Prices, stock and wording about the products never change in a test."
      />
      <div className="space-y-8">
        {choices.length === 0 && (
          <p className="rounded-card border border-line bg-surface p-4 text-sm shadow-card">
            A test is running on every kind of page that can have one. End it (open it below) to start another: two tests at once on the
            same pages would mix their readers.
          </p>
        )}
        {choices.map((choice) => (
          <section
            key={choice.pageKind}
            aria-labelledby={`start-${choice.pageKind}`}
            className="rounded-card border border-line bg-surface p-4 shadow-card md:p-6"
          >
            <h2 id={`start-${choice.pageKind}`} className="text-lg font-semibold">
              Start a test on {choice.pageName.toLowerCase()}
            </h2>
            <p className="mt-1 max-w-prose text-sm text-ink-muted">
              Readers are split at random in their browser and keep their variant for the tab; cached pages stay cached. Readers without
              JavaScript see today's version and are not counted.
            </p>
            <Form method="post" className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="start-test" />
              <input type="hidden" name="pageKind" value={choice.pageKind} />
              {choice.elements.map((element, index) => (
                <fieldset key={element.element} className="rounded-lg border border-line p-3">
                  <legend className="px-1 text-sm font-semibold">
                    <label className="inline-flex min-h-10 items-center gap-2">
                      <input type="radio" name="element" value={element.element} defaultChecked={index === 0} className="size-4" />
                      {element.name}
                    </label>
                  </legend>
                  <p className="text-sm text-ink-muted">
                    Control (today): <span className="font-medium text-ink">{element.control.name}</span>
                  </p>
                  <ul className="mt-1 flex flex-wrap gap-x-5">
                    {element.challengers.map((challenger) => (
                      <li key={challenger.option}>
                        <label className="inline-flex min-h-10 items-center gap-2 text-sm">
                          <input type="checkbox" name={`challenger:${element.element}`} value={challenger.option} className="size-4" />
                          {challenger.name}
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              ))}
              <Button type="submit" disabled={busy}>
                Start the test
              </Button>
            </Form>
          </section>
        ))}

        <section aria-labelledby="tests-heading">
          <h2 id="tests-heading" className="mb-3 text-lg font-semibold">
            Tests
          </h2>
          {tests.length === 0 ? (
            <EmptyTable>No test yet. Start one above: a label readers find clearer can earn more from the same visits.</EmptyTable>
          ) : (
            <TableCard label="A/B tests">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <TableHead columns={COLUMNS} cell="px-4 py-3" />
                <tbody className="divide-y divide-line">
                  {tests.map((test) => (
                    <tr key={test.id} className="align-top">
                      <td className="px-4 py-3">
                        <Link to={`/admin/ab-tests/${test.id}`} className="font-semibold text-brand underline-offset-2 hover:underline">
                          {test.title}
                        </Link>
                        {test.running && (
                          <Badge variant="best-value" className="ml-2">
                            Running
                          </Badge>
                        )}
                      </td>
                      <td className="px-4 py-3">{test.variants.join(" · ")}</td>
                      <td className="whitespace-nowrap px-4 py-3 text-ink-muted">
                        {test.startedText}
                        {test.endedText && ` – ${test.endedText}`}
                      </td>
                      <td className="px-4 py-3">{test.running ? "Collecting results" : test.appliedText}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableCard>
          )}
        </section>
      </div>
    </>
  );
}
