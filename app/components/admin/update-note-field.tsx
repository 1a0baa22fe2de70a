import { FormField } from "~/components/ui/form-field";
import { fieldProps, type FieldErrors, type FormValues } from "~/lib/forms/parse-form";
import { formatLongUsDate } from "~/lib/text/dates";
import { UPDATE_NOTE_FIELD, UPDATE_NOTE_MAX, type UpdateNoteView } from "~/lib/updates/update-notes";

/**
 * The optional public update note of the review and article editors: saved with today's date
 * and listed on the page under "What changed", newest first, with the notes already there.
 */
export function UpdateNoteField({
  state,
  notes,
}: {
  state?: { values?: FormValues; fieldErrors?: FieldErrors } | null;
  notes: readonly UpdateNoteView[];
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
          <p className="font-medium text-ink">Notes on the page now, newest first:</p>
          <ul className="mt-1 space-y-1 text-ink-muted">
            {notes.map((note, index) => (
              <li key={index}>
                <time dateTime={note.date} className="font-semibold text-ink">
                  {formatLongUsDate(note.date)}
                </time>
                : {note.text}
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
