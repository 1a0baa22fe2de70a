import type { ImportPreview } from "~/lib/csv/import-plan";
import { importFormId } from "./csv-import-form";
import { ImportDiff, type DiffState } from "./import-diff";
import { WarningsList } from "./warnings-list";

const awaitsChoice = (preview: ImportPreview) => (preview.ruleLists?.length ?? 0) > 0 && !preview.collectionChoice;

/**
 * What a CSV import page shows after its warnings: the notes of a save, the per-row changes of the
 * file on screen, and what a save sent without scripts changed (`saved`, from the action).
 */
export function ImportOutcome({
  notes,
  diff,
  saved,
  noun,
}: {
  notes: readonly string[];
  /** The diff of the parsed file; null while no file is parsed. */
  diff: DiffState | null;
  saved: { importNotes?: string[]; importPreview?: ImportPreview } | undefined;
  /** 'products' or 'collections'. */
  noun: string;
}) {
  const form = importFormId(noun);
  return (
    <>
      {notes.length > 0 && <WarningsList title="Saved, with notes" warnings={notes} />}
      {saved?.importNotes && saved.importNotes.length > 0 && <WarningsList title="Saved, with notes" warnings={saved.importNotes} />}
      {diff && <ImportDiff state={diff} noun={noun} form={form} />}
      {saved?.importPreview && (
        <ImportDiff
          state={{ phase: "ready", preview: saved.importPreview }}
          // A save that stopped for the owner's choice changed nothing yet.
          title={awaitsChoice(saved.importPreview) ? "What saving would change" : "What the save changed"}
          noun={noun}
          form={diff ? undefined : form}
        />
      )}
    </>
  );
}
