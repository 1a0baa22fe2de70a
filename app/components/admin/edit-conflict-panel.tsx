import { Button, ButtonLink } from "~/components/ui/button";
import { Form } from "~/components/ui/link";
import { Notice } from "~/components/ui/notice";
import { PICK_PREFIX, RESOLVE_FIELD, VERSION_FIELD, type EditConflict } from "~/lib/admin/edit-conflict";

/**
 * A save refused because someone saved first (docs/decisions/0103-no-silent-overwrite.md): each
 * field that differs, their save beside this form's, and the three ways on: keep mine (save
 * this form over theirs), take theirs (reload the page as saved now), or merge, one pick per
 * field. A plain form, so it works without JavaScript; `action` is the edit form's own.
 */
export function EditConflictPanel({ conflict, action }: { conflict: EditConflict; action?: string }) {
  return (
    <section aria-labelledby="edit-conflict-title" className="space-y-4 rounded-card border border-red-300 bg-surface p-4 shadow-card">
      <h2 id="edit-conflict-title" className="text-lg font-semibold">
        Someone saved this while you were editing
      </h2>
      <Notice tone="red" title="Nothing was saved" role="alert">
        Their save is newer than the page you started from. Your changes are all here; choose what to keep.
      </Notice>
      <Form method="post" action={action} className="space-y-4">
        {Object.entries(conflict.values).flatMap(([name, value]) =>
          (Array.isArray(value) ? value : [value]).map((item, index) => (
            <input key={`${name}:${index}`} type="hidden" name={name} value={item} />
          )),
        )}
        <input type="hidden" name={VERSION_FIELD} value={conflict.version} />
        {Object.entries(conflict.controls ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="intent" value={conflict.intent} />
        <table className="w-full table-fixed text-left text-sm" aria-label="What differs">
          <thead className="text-xs uppercase tracking-wider text-ink-muted">
            <tr>
              <th scope="col" className="w-40 py-2 pr-2">
                Field
              </th>
              <th scope="col" className="py-2 pr-2">
                Theirs (saved now)
              </th>
              <th scope="col" className="py-2 pr-2">
                Mine (this form)
              </th>
            </tr>
          </thead>
          <tbody>
            {conflict.fields.map((field) => (
              <tr key={field.name} className="border-t border-line align-top" data-field={field.name}>
                <th scope="row" className="py-2 pr-2 font-semibold">
                  {field.label}
                </th>
                {(["theirs", "mine"] as const).map((side) => (
                  <td key={side} className="py-2 pr-2">
                    <label className="flex items-start gap-2">
                      <input
                        type="radio"
                        name={`${PICK_PREFIX}${field.name}`}
                        value={side}
                        defaultChecked={side === "mine"}
                        aria-label={`${field.label}: keep ${side}`}
                        className="mt-1 size-4 shrink-0 accent-brand"
                      />
                      <pre className="max-h-60 min-w-0 flex-1 overflow-auto whitespace-pre-wrap break-words font-mono text-xs">
                        {field[side] === "" ? <span className="text-ink-muted">(empty)</span> : field[side]}
                      </pre>
                    </label>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name={RESOLVE_FIELD} value="mine">
            Keep mine
          </Button>
          <Button type="submit" name={RESOLVE_FIELD} value="merge" variant="secondary">
            Merge the fields as picked
          </Button>
          <ButtonLink to={conflict.reloadTo} variant="secondary" reloadDocument>
            Take theirs (reload)
          </ButtonLink>
        </div>
      </Form>
    </section>
  );
}
