import { Form } from "~/components/ui/link";
import { Button } from "~/components/ui/button";
import type { FieldDiff } from "~/lib/admin/revision-diff";
import { dateAndSecondsUtc, formatDateTimeSecondsUtc } from "~/lib/text/dates";
import type { RevisionRow as RevisionSummary } from "~/server/admin/revisions-page.server";

const MARK = { same: " ", added: "+", removed: "−" } as const;
const TONE = { same: "", added: "bg-green-50 text-green-900", removed: "bg-red-50 text-red-900 line-through decoration-red-400" } as const;

/** To the second: two saves within a minute (an autosave, then a save) must read apart. */
const when = (ms: number) => formatDateTimeSecondsUtc(ms);

/** The day and the time, which a narrow table breaks between rather than scroll. */
function SavedAt({ ms }: { ms: number }) {
  const { day, time } = dateAndSecondsUtc(ms);
  return (
    <time dateTime={new Date(ms).toISOString()}>
      <span className="whitespace-nowrap">{day},</span> <span className="whitespace-nowrap">{time}</span>
    </time>
  );
}

/** The revisions, newest first: pick two to compare, or restore one. */
export function RevisionList({ revisions, a, b }: { revisions: readonly RevisionSummary[]; a: number | null; b: number | null }) {
  return (
    <Form method="get" className="rounded-card border border-line bg-surface p-4 shadow-card">
      <fieldset>
        <legend className="text-lg font-semibold">Revisions ({revisions.length})</legend>
        <p className="mt-1 text-sm text-ink-muted">Choose an older and a newer revision, then compare.</p>
        <table className="mt-3 w-full text-left text-sm" aria-label="Revisions">
          <thead className="text-xs uppercase tracking-wider text-ink-muted">
            <tr>
              <th scope="col" className="py-2 pr-2">
                Older
              </th>
              <th scope="col" className="py-2 pr-2">
                Newer
              </th>
              <th scope="col" className="py-2 pr-2">
                Saved (UTC)
              </th>
              <th scope="col" className="py-2">
                By
              </th>
            </tr>
          </thead>
          <tbody>
            {revisions.map((revision) => (
              <tr key={revision.id} className="border-t border-line">
                <td className="py-2 pr-2">
                  <input
                    type="radio"
                    name="a"
                    value={revision.id}
                    defaultChecked={revision.id === a}
                    aria-label={`Older: ${when(revision.savedAt)}`}
                    className="size-4 accent-brand"
                  />
                </td>
                <td className="py-2 pr-2">
                  <input
                    type="radio"
                    name="b"
                    value={revision.id}
                    defaultChecked={revision.id === b}
                    aria-label={`Newer: ${when(revision.savedAt)}`}
                    className="size-4 accent-brand"
                  />
                </td>
                <td className="py-2 pr-2 tabular-nums">
                  <SavedAt ms={revision.savedAt} />
                  {revision.autosave && <span className="ml-1 text-ink-muted">(autosave)</span>}
                </td>
                <td className="py-2 break-all">{revision.by}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>
      <Button type="submit" variant="secondary" className="mt-3">
        Compare
      </Button>
    </Form>
  );
}

/** What changed from the older revision to the newer, field by field, and the button that restores the older one. */
export function RevisionDiff({ diffs, older, newer }: { diffs: readonly FieldDiff[]; older: RevisionSummary; newer: RevisionSummary }) {
  return (
    <section aria-labelledby="diff-title" className="space-y-4 rounded-card border border-line bg-surface p-4 shadow-card">
      <h2 id="diff-title" className="text-lg font-semibold">
        From {when(older.savedAt)} to {when(newer.savedAt)}
      </h2>
      {diffs.length === 0 ? (
        <p className="text-sm text-ink-muted">These two revisions are the same.</p>
      ) : (
        diffs.map((diff) => (
          <div key={diff.field}>
            <h3 className="text-sm font-semibold">{diff.label}</h3>
            <pre className="mt-1 whitespace-pre-wrap break-words rounded-md border border-line font-mono text-xs">
              {diff.lines.map((line, index) => (
                <span key={index} className={`block px-2 ${TONE[line.kind]}`}>
                  <span aria-hidden>{MARK[line.kind]} </span>
                  {line.kind !== "same" && <span className="sr-only">{line.kind === "added" ? "Added: " : "Removed: "}</span>}
                  {line.text || " "}
                </span>
              ))}
            </pre>
          </div>
        ))
      )}
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="revision" value={older.id} />
        <Button type="submit" name="intent" value="restore">
          Restore the revision of {when(older.savedAt)}
        </Button>
      </Form>
    </section>
  );
}
