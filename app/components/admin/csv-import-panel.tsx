import { useRevalidator } from "react-router";
import { FileButton } from "~/components/ui/file-button";
import { Notice } from "~/components/ui/notice";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { CsvGuideData } from "~/lib/csv/csv-guides";
import type { ImportPreview } from "~/lib/csv/import-plan";
import { CsvImportForm } from "./csv-import-form";
import { CsvGuide } from "./csv-reference";
import { SaveCsvButton } from "./csv-toolbar";
import { ImportOutcome } from "./import-outcome";
import { ProgressBar } from "./progress-bar";
import { RunProgressView } from "./run-progress";
import { useCsvImport, type CsvImportOptions } from "./use-csv-import";

/**
 * One CSV import on an admin page, the same for products, collections and offers: the file input
 * and Save in the page's toolbar (`CsvImportButtons`), and below (`CsvImportPanel`) the progress,
 * what saving will do, the warnings, the per-row diff, what a save without scripts changed, the
 * page's own table (`children`) and the folded guide. Without JavaScript the same buttons post
 * the chosen file to the page's action (csv-import-form.tsx).
 */

export interface CsvImportSource<T> extends Omit<CsvImportOptions<T>, "onSaved"> {
  /** The import form's id (the toolbar's buttons belong to it) and its file input's. */
  formId: string;
  fileId: string;
  /** The intent the form names: the page's action refuses a form that names none. */
  intent: string;
  /** With scripts, Save waits for a parsed file; otherwise pressing it says there is nothing to save. */
  saveNeedsFile: boolean;
  guide: CsvGuideData;
  savingLabel(parsed: T): string;
  /** The confirm step: what saving this file will do. */
  confirm?(parsed: T): React.ReactNode;
  warnings(parsed: T): React.ReactNode;
}

/** The import's state for the page; a save refreshes the page's data. */
export function useCsvImportSource<T>(source: CsvImportSource<T>) {
  const revalidator = useRevalidator();
  return useCsvImport<T>({ ...source, onSaved: () => void revalidator.revalidate() });
}

export type CsvImporter<T> = ReturnType<typeof useCsvImportSource<T>>;

export function CsvImportButtons<T>({ source, importer }: { source: CsvImportSource<T>; importer: CsvImporter<T> }) {
  const hydrated = useHydrated();
  const { state, parsed, busy } = importer;
  return (
    <>
      {/* Empty and hidden: the buttons below belong to it by its id, wherever they sit. */}
      <CsvImportForm id={source.formId} className="hidden" onSave={() => void importer.save()}>
        <input type="hidden" name="intent" value={source.intent} />
      </CsvImportForm>
      <FileButton
        id={source.fileId}
        form={source.formId}
        label="Upload CSV"
        disabled={busy}
        onFile={(file) => void importer.chooseFile(file)}
      />
      <SaveCsvButton
        form={source.formId}
        saving={state.phase === "uploading" || state.phase === "saving"}
        disabled={busy || (source.saveNeedsFile && hydrated && !parsed)}
      />
    </>
  );
}

export function CsvImportPanel<T>({
  source,
  importer,
  saved,
  reference,
  children,
}: {
  source: CsvImportSource<T>;
  importer: CsvImporter<T>;
  /** What the page's action said after a save without scripts. */
  saved: { importNotes?: string[]; importPreview?: ImportPreview } | undefined;
  /** Shown folded above the guide (the products page's collection slugs). */
  reference?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const { state, parsed } = importer;
  return (
    <>
      {state.phase === "parsing" && <ProgressBar label={`Reading ${state.fileName}`} fraction={state.fraction} />}
      {state.phase === "uploading" && <ProgressBar label={`Uploading ${state.file.name}`} fraction={state.fraction} />}
      {state.phase === "saving" && !importer.run && <ProgressBar label={source.savingLabel(state.parsed)} />}
      {/* The worker's run (the preview, then the save): its progress and Cancel; the page may be left. */}
      {importer.run && <RunProgressView run={importer.run} reloadTo={`/admin/runs/${importer.run.id}`} />}
      {parsed && source.confirm?.(parsed)}
      {parsed && source.warnings(parsed)}
      <ImportOutcome notes={importer.notes} diff={parsed ? importer.diff : null} saved={saved} noun={source.kind} />
      {children}
      <div className="space-y-3">
        {reference}
        <CsvGuide guide={source.guide} />
      </div>
      <noscript>
        <Notice tone="blue" title="Scripts are off">
          Choose a file with Upload CSV, then Save to Database: the file goes to the server, which checks and saves it as a run; its page
          follows it and then lists what changed.
        </Notice>
      </noscript>
    </>
  );
}
