import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { canSaveFrom, IMPORT_ENDPOINTS, type ImportRunOutcome } from "~/lib/csv/import-run";
import { isRunFinished, type RunView } from "~/lib/jobs/run-view";
import { ImportDiff } from "./import-diff";
import { WarningsList } from "./warnings-list";

const SAVE_FORM_ID = "import-run-save";

/**
 * What an import run found or did, on its page (/admin/runs/:id): a save's words and notes and
 * what it changed; a preview's per-row diff with Save, which queues the save of the same file
 * (kept on the server: the form names the run, never carries the file). A plain form, so it works
 * without JavaScript too; a save refused for the collections' question, or because the catalog
 * changed since, offers Save again with the plan as it now stands.
 */
export function ImportRunResult({ run, outcome, refused }: { run: RunView; outcome: ImportRunOutcome | null; refused: boolean }) {
  if (!outcome || !isRunFinished(run.state)) return null;
  const savable = canSaveFrom(outcome);
  // As the page said after a save without scripts: the file's warnings, then what the save could not link.
  const notes = [...(outcome.warnings ?? []), ...outcome.notes];
  const noun = outcome.kind;
  return (
    <div className="space-y-4">
      {refused && (
        <Notice tone="red" title="Nothing was saved" role="alert">
          This run&apos;s file cannot be saved from here any more. Choose the file again on the {noun} page.
        </Notice>
      )}
      {outcome.ok && outcome.mode === "save" && outcome.toast && (
        <Notice tone="green" title={outcome.toast.title} role="status">
          {outcome.toast.description}
        </Notice>
      )}
      {notes.length > 0 && <WarningsList title={outcome.mode === "save" && outcome.ok ? "Saved, with notes" : "Notes"} warnings={notes} />}
      {outcome.preview && (
        <ImportDiff
          state={{ phase: "ready", preview: outcome.preview }}
          title={outcome.mode === "save" && outcome.ok ? "What the save changed" : "What saving would change"}
          noun={noun}
          form={savable ? SAVE_FORM_ID : undefined}
          afterChoice="Then press Save to Database below: nothing is saved until you choose."
        />
      )}
      {savable && (
        // A document post (not a fetch): the same with and without JavaScript, and the next page is the save's run.
        <form id={SAVE_FORM_ID} method="post" action={IMPORT_ENDPOINTS[outcome.kind]} className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="run" value={run.id} />
          <Button type="submit">Save to Database</Button>
          <p className="text-sm text-ink-muted">
            Saves this file as previewed, all or nothing; nothing is saved if the catalog has changed since.
          </p>
        </form>
      )}
    </div>
  );
}
