import type { AppServices } from "~/server/load-context";
import { data } from "react-router";
import { definitionFormValues, DEFINITION_FIELD_LABELS, readDefinitionForm } from "~/lib/measurements/measurement-forms";
import { formFailure, formValues, type FormFailure } from "~/lib/forms/parse-form";
import type { ResultToast } from "~/lib/forms/result-toast";
import type { EditConflict } from "~/lib/admin/edit-conflict";
import { recordAdminAction } from "../audit/audit-log.server";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import { readFlash, redirectWithFlash } from "../forms/flash.server";
import { saveUnlessNewer } from "../forms/edit-conflict.server";
import type { IntentArgs } from "../forms/intents.server";
import {
  countValuesByMethod,
  createMeasurementDefinition,
  deleteMeasurementDefinition,
  listMeasurementDefinitions,
  MeasurementSlugTaken,
  updateMeasurementDefinition,
} from "../measurements/measurements.server";

/**
 * /admin/measurements (admins only): what the owner measures in a test, how, under which method
 * version, and how much each counts in each usage's score (docs/decisions/0109).
 */

export async function loadMeasurementsScreen(request: Request, context: AppServices) {
  const url = new URL(request.url);
  const [definitions, counts, { flash, headers }] = await Promise.all([
    listMeasurementDefinitions(context.db),
    countValuesByMethod(context.db),
    readFlash(request, context.config),
  ]);
  const edit = definitions.find((definition) => String(definition.id) === url.searchParams.get("edit")) ?? null;
  return data(
    {
      definitions: definitions.map((definition) => ({ ...definition, values: counts.get(definition.id) ?? { current: 0, older: 0 } })),
      edit: edit && { id: edit.id, version: edit.version, values: definitionFormValues(edit) },
      adding: url.searchParams.has("new"),
      flash,
    },
    { headers },
  );
}

export interface MeasurementActionResult {
  toast?: ResultToast;
  form?: FormFailure & { editingId: number | null };
  conflict?: EditConflict;
}

const idOf = (form: FormData) => (/^\d{1,9}$/.test(String(form.get("id") ?? "")) ? Number(form.get("id")) : null);

export async function saveMeasurementIntent({ form: sent, request, context }: IntentArgs) {
  const id = idOf(sent);
  const refuse = (failure: FormFailure) =>
    data<MeasurementActionResult>(
      {
        toast: { kind: "error", title: "Measurement not saved", description: "Check the highlighted fields." },
        form: { ...failure, editingId: id },
      },
      { status: 400 },
    );
  const save = async (form: FormData, version: number) => {
    const parsed = readDefinitionForm(formValues(form));
    if (!parsed.ok) return refuse(parsed);
    const fields = parsed.value;
    let description = `${fields.name} is saved.`;
    try {
      if (id === null) {
        const newId = await createMeasurementDefinition(context.db, fields);
        await recordAdminAction({ request, context }, "measurement-saved", `Measurement ${fields.slug} (id ${newId}) added`);
      } else {
        const saved = await updateMeasurementDefinition(context.db, id, fields, version);
        if (saved === false) throw data("This measurement was deleted while you were editing it.", { status: 404 });
        const moved = saved.methodVersionBefore !== fields.methodVersion;
        if (moved) {
          description = `${fields.name} is at method version ${fields.methodVersion} now: values taken under another version are kept, shown as an older method and not compared.`;
        }
        await recordAdminAction(
          { request, context },
          "measurement-saved",
          `Measurement ${fields.slug} (id ${id}) saved${moved ? `, method version ${saved.methodVersionBefore} → ${fields.methodVersion}` : ""}`,
        );
      }
    } catch (error) {
      if (!(error instanceof MeasurementSlugTaken)) throw error;
      return refuse(formFailure(formValues(form), { slug: error.message }));
    }
    invalidateCatalog(context.db);
    throw await redirectWithFlash(request, context.config, "/admin/measurements", {
      toast: { kind: "success", title: "Measurement saved", description },
    });
  };
  if (id === null) return save(sent, 0);
  return saveUnlessNewer({
    form: sent,
    labels: DEFINITION_FIELD_LABELS,
    current: async () => {
      const found = (await listMeasurementDefinitions(context.db)).find((definition) => definition.id === id);
      return found ? { version: found.version, values: definitionFormValues(found) } : null;
    },
    reloadTo: `/admin/measurements?edit=${id}#measurement-form`,
    save,
  });
}

export async function deleteMeasurementIntent({ form, request, context }: IntentArgs) {
  const id = idOf(form);
  const found = id === null ? undefined : (await listMeasurementDefinitions(context.db)).find((definition) => definition.id === id);
  if (id === null || !found) {
    return data<MeasurementActionResult>(
      { toast: { kind: "error", title: "Not deleted", description: "That measurement no longer exists." } },
      { status: 404 },
    );
  }
  const values = (await deleteMeasurementDefinition(context.db, id)) ?? 0;
  await recordAdminAction(
    { request, context },
    "measurement-deleted",
    `Measurement ${found.slug} (id ${id}) deleted with ${values} values`,
  );
  invalidateCatalog(context.db);
  throw await redirectWithFlash(request, context.config, "/admin/measurements", {
    toast: {
      kind: "success",
      title: "Measurement deleted",
      description: `${found.name} and its ${values} ${values === 1 ? "value" : "values"} are gone from every product page.`,
    },
  });
}
