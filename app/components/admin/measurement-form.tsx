import { Button } from "~/components/ui/button";
import { FormField, inputClasses } from "~/components/ui/form-field";
import { Form, Link } from "~/components/ui/link";
import { Notice } from "~/components/ui/notice";
import { VERSION_FIELD, versionToSend } from "~/lib/admin/edit-conflict";
import { fieldProps, type FieldErrors, type FormValues } from "~/lib/forms/parse-form";
import { weightField } from "~/lib/measurements/measurement-forms";
import { MAX_WEIGHT, USAGES } from "~/lib/measurements/measurements";

/**
 * Add or change a measurement: name, slug, unit, which way is better, the method and its version,
 * and its weight in each usage's score. One column on a phone.
 */
export function MeasurementForm({
  editingId,
  version = 0,
  state,
  busy,
}: {
  editingId: number | null;
  /** The edited measurement's version as loaded: its save is refused over a newer one. */
  version?: number;
  state: { values?: FormValues; fieldErrors?: FieldErrors; formError?: string | null };
  busy: boolean;
}) {
  const better = fieldProps(state, "better", "lower");
  return (
    <Form method="post" id="measurement-form" className="max-w-2xl space-y-4 rounded-card border border-line bg-surface p-4 shadow-card">
      <h2 className="text-lg font-semibold">{editingId === null ? "Add a measurement" : "Edit measurement"}</h2>
      {editingId !== null && <input type="hidden" name="id" value={editingId} />}
      {editingId !== null && <input type="hidden" name={VERSION_FIELD} value={versionToSend(state.values, version)} />}
      {state.formError && (
        <Notice tone="red" title="Not saved" role="alert">
          {state.formError}
        </Notice>
      )}
      <FormField
        label="Name"
        {...fieldProps(state, "name")}
        required
        maxLength={80}
        hint="As the product page shows it, e.g. Heat-up time to 80 °C."
      />
      <FormField
        label="Slug"
        {...fieldProps(state, "slug")}
        maxLength={60}
        hint="Its CSV column is measure:{slug}. Empty: made from the name."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Unit" {...fieldProps(state, "unit")} required maxLength={16} hint="e.g. min, °C, kWh, dB, hours" />
        <div className="space-y-1.5">
          <label htmlFor="measurement-better" className="block text-sm font-medium text-ink">
            Better is
          </label>
          <select
            id="measurement-better"
            name="better"
            defaultValue={better.defaultValue}
            className={inputClasses}
            aria-invalid={better.error ? true : undefined}
            aria-describedby={better.error ? "measurement-better-error" : undefined}
          >
            <option value="lower">Lower (e.g. minutes to heat up)</option>
            <option value="higher">Higher (e.g. bench temperature)</option>
          </select>
          {better.error && (
            <p id="measurement-better-error" className="text-sm text-red-700">
              {better.error}
            </p>
          )}
        </div>
      </div>
      <FormField
        label="How it is measured"
        multiline
        {...fieldProps(state, "method")}
        required
        maxLength={2000}
        hint="Readers see this under the value: the conditions, the tools, what counts as done."
      />
      <FormField
        label="Method version"
        type="number"
        inputMode="numeric"
        min={1}
        {...fieldProps(state, "methodVersion", "1")}
        hint={
          editingId === null
            ? "Start at 1."
            : "Raise it when the method changes: values taken under another version are kept, marked as an older method and never compared with the new ones."
        }
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-ink">Weight in each score (0 leaves it out, {MAX_WEIGHT} counts most)</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          {USAGES.map(({ key, label }) => (
            <FormField
              key={key}
              label={label}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_WEIGHT}
              {...fieldProps(state, weightField(key), "0")}
            />
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="save-measurement" disabled={busy}>
          {busy ? "Saving…" : "Save measurement"}
        </Button>
        <Link to="/admin/measurements" className="inline-flex h-11 items-center rounded-full px-5 font-semibold text-ink hover:bg-sand">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
