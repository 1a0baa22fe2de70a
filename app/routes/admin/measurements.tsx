import { appContext } from "~/server/load-context";
import { Plus } from "lucide-react";
import { useNavigation } from "react-router";
import { EmptyTable } from "~/components/admin/admin-table";
import { RowActions, RowLink, RowPostButton } from "~/components/admin/row-actions";
import { EditConflictPanel } from "~/components/admin/edit-conflict-panel";
import { MeasurementForm } from "~/components/admin/measurement-form";
import { AdminPageHeader } from "~/components/admin/page-header";
import { buttonClasses } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { useResultToast } from "~/components/ui/use-result-toast";
import { USAGES } from "~/lib/measurements/measurements";
import { deleteMeasurementIntent, loadMeasurementsScreen, saveMeasurementIntent } from "~/server/admin/measurements-screen.server";
import { dispatchIntent, type IntentTable } from "~/server/forms/intents.server";
import type { Route } from "./+types/measurements";

/** /admin/measurements (admins only): what the tests measure, how, and what each counts for in the scores. */

export const meta: Route.MetaFunction = () => [{ title: "Measurements - Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadMeasurementsScreen(request, context.get(appContext));
}

export async function action(args: Route.ActionArgs) {
  return dispatchIntent(args, {
    "save-measurement": saveMeasurementIntent,
    "delete-measurement": deleteMeasurementIntent,
  } satisfies IntentTable);
}

export default function MeasurementsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { definitions, edit, adding, flash } = loaderData;
  useResultToast(flash);
  useResultToast(actionData);
  const busy = useNavigation().state === "submitting";
  const sent = actionData && "form" in actionData ? (actionData.form ?? null) : null;
  const conflict = actionData && "conflict" in actionData ? (actionData.conflict ?? null) : null;
  const editingId = sent ? sent.editingId : (edit?.id ?? null);
  const state = sent ?? (edit ? { values: edit.values } : adding ? { values: {} } : null);
  return (
    <>
      <AdminPageHeader
        title="Measurements"
        description="What every test measures and how. Values are entered on each product's review screen or in the product CSV (measure:{slug} columns)."
      >
        <Link to="/admin/measurements?new#measurement-form" className={buttonClasses()}>
          <Plus aria-hidden className="size-4" />
          Add measurement
        </Link>
      </AdminPageHeader>
      <div className="space-y-6">
        {conflict ? (
          <EditConflictPanel conflict={conflict} />
        ) : (
          state && <MeasurementForm key={editingId ?? "new"} editingId={editingId} version={edit?.version} state={state} busy={busy} />
        )}
        {definitions.length === 0 ? (
          <EmptyTable>No measurements yet. Add the first one, e.g. heat-up time to 80 °C in minutes.</EmptyTable>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2" aria-label="Measurements">
            {definitions.map((definition) => (
              <li key={definition.id} className="min-w-0 rounded-card border border-line bg-surface p-4 shadow-card">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <h2 className="min-w-0 break-words font-semibold">{definition.name}</h2>
                  <span className="text-sm text-ink-muted">
                    {definition.unit}, {definition.better} is better
                  </span>
                </div>
                <p className="mt-1 break-all text-sm text-ink-muted">measure:{definition.slug}</p>
                <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-ink-muted">Method</dt>
                  <dd>version {definition.methodVersion}</dd>
                  <dt className="text-ink-muted">Values</dt>
                  <dd>
                    {definition.values.current} under this method
                    {definition.values.older > 0 && `, ${definition.values.older} under an older one (not compared)`}
                  </dd>
                  <dt className="text-ink-muted">Weights</dt>
                  <dd>{USAGES.map(({ key, label }) => `${label} ${definition.weights[key]}`).join(" · ")}</dd>
                </dl>
                <RowActions className="-ml-2 mt-3 justify-start">
                  <RowLink to={`/admin/measurements?edit=${definition.id}#measurement-form`} label="Edit" about={definition.name} />
                  <RowPostButton
                    intent="delete-measurement"
                    fields={{ id: definition.id }}
                    label="Delete"
                    about={`${definition.name} and its values`}
                    danger
                  />
                </RowActions>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
