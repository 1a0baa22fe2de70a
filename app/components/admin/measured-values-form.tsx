import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Form, Link } from "~/components/ui/link";
import { Notice } from "~/components/ui/notice";
import { VERSION_FIELD, versionToSend } from "~/lib/admin/edit-conflict";
import { fieldProps, valueText, type FieldErrors, type FormValues } from "~/lib/forms/parse-form";
import { valueFields } from "~/lib/measurements/measurement-forms";
import type { Better } from "~/lib/measurements/measurements";

interface Definition {
  id: number;
  name: string;
  unit: string;
  better: Better;
  methodVersion: number;
}

/**
 * The review screen's test results: one group per measurement (value, day measured, method
 * version), a form of its own so a save of the values leaves the review's fields alone. It carries
 * the product's version, as the review form does.
 */
export function MeasuredValuesForm({
  definitions,
  version,
  state,
  busy,
}: {
  definitions: readonly Definition[];
  version: number;
  state: { values?: FormValues; fieldErrors?: FieldErrors; formError?: string | null };
  busy: boolean;
}) {
  return (
    <section aria-labelledby="test-results-heading" id="test-results" className="mt-10 max-w-3xl">
      <h2 id="test-results-heading" className="text-xl font-semibold">
        Test results
      </h2>
      {definitions.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">
          No measurements are defined yet.{" "}
          <Link to="/admin/measurements" className="font-semibold text-brand underline">
            Define them first
          </Link>{" "}
          (admins).
        </p>
      ) : (
        <Form method="post" className="mt-3 space-y-4">
          <p className="text-sm text-ink-muted">Leave a value empty when it was not measured; clearing one removes it from the page.</p>
          <input type="hidden" name={VERSION_FIELD} value={versionToSend(state.values, version)} />
          {state.formError && (
            <Notice tone="red" title="Not saved" role="alert">
              {state.formError}
            </Notice>
          )}
          {definitions.map((definition) => {
            const fields = valueFields(definition.id);
            const taken = Number(valueText(state.values, fields.methodVersion));
            const older = valueText(state.values, fields.value) !== "" && taken > 0 && taken < definition.methodVersion;
            return (
              <fieldset key={definition.id} className="min-w-0 rounded-card border border-line bg-surface p-4 shadow-card">
                <legend className="px-1 text-sm font-semibold">
                  {definition.name} ({definition.unit}, {definition.better} is better)
                </legend>
                <div className="grid gap-3 sm:grid-cols-3">
                  <FormField
                    label={`Value in ${definition.unit}`}
                    inputMode="decimal"
                    autoComplete="off"
                    {...fieldProps(state, fields.value)}
                  />
                  <FormField label="Date measured" type="date" {...fieldProps(state, fields.measuredOn)} />
                  <FormField
                    label="Method version"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={definition.methodVersion}
                    {...fieldProps(state, fields.methodVersion, String(definition.methodVersion))}
                    hint={`Now ${definition.methodVersion}`}
                  />
                </div>
                {older && (
                  <p className="mt-2 text-sm text-amber-800">
                    Taken under method version {taken}: the page shows it as an older method and does not compare it.
                  </p>
                )}
              </fieldset>
            );
          })}
          <Button type="submit" name="intent" value="save-measured-values" disabled={busy}>
            {busy ? "Saving…" : "Save test results"}
          </Button>
        </Form>
      )}
    </section>
  );
}
