import { FormField } from "~/components/ui/form-field";
import { fieldProps, type FieldErrors, type FormValues } from "~/lib/forms/parse-form";
import { formatLongUsDate } from "~/lib/text/dates";
import { UPDATE_NOTE_FIELD, UPDATE_NOTE_MAX, UPDATE_NOTE_REMOVE_FIELD, type EditableUpdateNote } from "~/lib/updates/update-notes";

/**
 * The optional public update note of the review and article editors: saved with today's date
 * and listed on the page under "What changed", newest first, with the notes already there (each
 * may be ticked to go with the same save).
 */
export function UpdateNoteField({
  state,
  notes,
}: {
  state?: { values?: FormValues; fieldErrors?: FieldErrors } | null;
  notes: readonly EditableUpdateNote[];
}) {
  return (
    <fieldset className="space-y-3 rounded-card border border-line p-4">
      <legend className="px-1 text-base font-semibold">What changed (public)</legend>
      <FormField
        label="Update note (optional)"
        multiline
        rows={2}
        placeholder="Price dropped at two shops; retested heat-up after the heater revision."
        hint={`Saved with today's date and shown on the page under "What changed". At most ${UPDATE_NOTE_MAX} characters.`}
        {...fieldProps(state, UPDATE_NOTE_FIELD)}
      />
      {notes.length > 0 && (
        <div className="text-sm">
          <p className="font-medium text-ink">Notes on the page now, newest first (tick one to remove it with this save):</p>
          <ul className="mt-1 space-y-2 text-ink-muted">
            {notes.map((note) => (
              <li key={note.id} className="flex flex-wrap items-start gap-x-3 gap-y-1">
                <span className="min-w-0 flex-1">
                  <time dateTime={note.date} className="font-semibold text-ink">
                    {formatLongUsDate(note.date)}
                  </time>
                  : {note.text}
                </span>
                <label className="flex items-center gap-1.5 text-xs font-medium text-ink">
                  <input type="checkbox" name={UPDATE_NOTE_REMOVE_FIELD} value={note.id} className="size-4 accent-brand" />
                  Remove from the page<span className="sr-only">: the note of {formatLongUsDate(note.date)}</span>
                </label>
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
