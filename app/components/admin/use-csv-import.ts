import { useCallback, useMemo, useRef, useState } from "react";
import type { CollectionChoice } from "~/lib/csv/import-plan";
import { checkCsvFile, IMPORT_MESSAGES, nothingToSave, saveErrorFallback, type ImportKind } from "~/lib/csv/import-messages";
import type { RunView } from "~/lib/jobs/run-view";
import { fetchImportPreview, followRun, postCsvFile, saveFromRun, type ImportResponse } from "./csv-upload-client";
import type { DiffState } from "./import-diff";
import { showToast } from "~/components/ui/use-result-toast";

/**
 * The import's states, the same for products, collections and offers: empty → parsing →
 * parsed (rows held in memory, warnings listed) → uploading → saving → saved (back to empty,
 * warnings cleared). Uploading and saving disable the buttons. Once a file has parsed, it is sent
 * to the server, whose worker previews it (a run, followed here: `run`) and answers its per-row
 * diff against the database (`diff`); Save then names that run, whose file is still on the
 * server, and follows the save's run. Without a preview run, Save uploads the file itself.
 */
export type ImportState<T> =
  | { phase: "idle" }
  | { phase: "parsing"; fileName: string; fraction: number }
  | { phase: "parsed"; file: File; parsed: T }
  | { phase: "uploading"; file: File; parsed: T; fraction: number }
  | { phase: "saving"; file: File; parsed: T };

export type ParseOutcome<T> = { ok: true; parsed: T } | { ok: false; error: string };

export interface CsvImportOptions<T> {
  kind: ImportKind;
  endpoint: string;
  /** Where the file is sent for the per-row diff against the database, once it has parsed. */
  previewEndpoint: string;
  parse(file: File, onProgress: (fraction: number) => void): Promise<ParseOutcome<T>>;
  /** What to say once a file parsed (products: 'CSV Uploaded Successfully'). */
  parsedToast?(parsed: T): { title: string; description: string } | null;
  /** After a save: refresh the page's data. */
  onSaved(): void;
}

export function useCsvImport<T>(options: CsvImportOptions<T>) {
  const [state, setState] = useState<ImportState<T>>({ phase: "idle" });
  const [notes, setNotes] = useState<string[]>([]);
  const [diff, setDiff] = useState<DiffState | null>(null);
  // The run in progress (the preview's, then the save's), shown with its progress and Cancel.
  const [run, setRun] = useState<RunView | null>(null);
  // The run whose stored file Save saves: the preview on screen, or a save refused with a new plan.
  const savableRun = useRef<number | null>(null);
  const diffRef = useRef(diff);
  diffRef.current = diff;
  // The owner's answer to the preview's question about rule-listed collections (ADR 0070).
  const [choice, setChoice] = useState<CollectionChoice | null>(null);
  const choiceRef = useRef(choice);
  choiceRef.current = choice;
  // A diff that arrives for a file the admin has since replaced is dropped.
  const diffFor = useRef<File | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const stateRef = useRef(state);
  stateRef.current = state;

  const chooseFile = useCallback(async (file: File | null | undefined) => {
    const { kind, parse, parsedToast, previewEndpoint } = optionsRef.current;
    if (!file) return;
    const refused = checkCsvFile(file, kind);
    if (refused) {
      showToast({ kind: "error", ...refused });
      return;
    }
    setNotes([]);
    setDiff(null);
    setChoice(null);
    diffFor.current = null;
    savableRun.current = null;
    setState({ phase: "parsing", fileName: file.name, fraction: 0 });
    const outcome = await parse(file, (fraction) =>
      setState((current) => (current.phase === "parsing" ? { ...current, fraction } : current)),
    );
    if (!outcome.ok) {
      setState({ phase: "idle" });
      showToast({
        kind: "error",
        title: IMPORT_MESSAGES.parseErrorTitle,
        description: outcome.error || IMPORT_MESSAGES.parseErrorFallback,
      });
      return;
    }
    setState({ phase: "parsed", file, parsed: outcome.parsed });
    const toast = parsedToast?.(outcome.parsed);
    if (toast) showToast({ kind: "success", ...toast });

    diffFor.current = file;
    setDiff({ phase: "loading" });
    const answer = await fetchImportPreview(previewEndpoint, file, setRun, () => diffFor.current === file);
    if (!answer || diffFor.current !== file) return;
    setRun(null);
    savableRun.current = answer.ok ? answer.runId : null;
    setDiff(answer.ok ? { phase: "ready", preview: answer.preview } : { phase: "failed", message: answer.message });
  }, []);

  const save = useCallback(async () => {
    const current = stateRef.current;
    const { kind, endpoint, onSaved } = optionsRef.current;
    if (current.phase !== "parsed") {
      if (current.phase === "idle") showToast({ kind: "error", ...nothingToSave(kind) });
      return;
    }
    const { file, parsed } = current;
    // The save carries the fingerprint of the diff on screen: if the catalog has changed since,
    // the server saves nothing and sends the new diff instead.
    const shown = diffRef.current;
    const headers: Record<string, string> = shown?.phase === "ready" ? { "X-Import-Plan": shown.preview.fingerprint } : {};
    if (shown?.phase === "ready" && (shown.preview.ruleLists?.length ?? 0) > 0) {
      // The save would refuse without an answer: ask here instead of uploading the file for nothing.
      if (!choiceRef.current) {
        showToast({ kind: "error", title: IMPORT_MESSAGES.collectionChoiceTitle, description: IMPORT_MESSAGES.collectionChoiceFirst });
        return;
      }
      headers["X-Import-Collections"] = choiceRef.current;
    }
    const fromRun = savableRun.current;
    let answer: { status: number; body: ImportResponse };
    if (fromRun !== null) {
      // The file the preview read is still on the server: only the run is named.
      setState({ phase: "saving", file, parsed });
      delete headers["X-Import-Plan"];
      answer = await saveFromRun(endpoint, fromRun, headers);
    } else {
      setState({ phase: "uploading", file, parsed, fraction: 0 });
      answer = await postCsvFile(
        endpoint,
        file,
        {
          onUploadProgress: (fraction) => setState((now) => (now.phase === "uploading" ? { ...now, fraction } : now)),
          onUploaded: () => setState({ phase: "saving", file, parsed }),
        },
        headers,
      );
    }
    const fail = (toast: ImportResponse["toast"], error?: string | null) => {
      setState({ phase: "parsed", file, parsed });
      const fallback = saveErrorFallback(kind);
      showToast(toast ?? { kind: "error", title: fallback.title, description: error ?? fallback.description });
    };
    const queued = answer.body.ok ? answer.body.run : null;
    if (!queued) return fail(answer.body.toast, answer.body.error);
    setState({ phase: "saving", file, parsed });
    setRun(queued);
    const followed = await followRun(queued.id, setRun);
    setRun(null);
    const outcome = followed?.outcome ?? null;
    if (followed && outcome?.ok) {
      setState({ phase: "idle" });
      setDiff(null);
      setChoice(null);
      diffFor.current = null;
      savableRun.current = null;
      setNotes(outcome.notes);
      if (outcome.toast) showToast(outcome.toast);
      onSaved();
      return;
    }
    // Refused with the plan as it now stands (the catalog changed, or the collections' question): Save again names this run.
    if (outcome?.preview && outcome.status === 409) {
      savableRun.current = queued.id;
      setDiff({ phase: "ready", preview: outcome.preview });
    }
    fail(outcome?.toast ?? undefined, followed?.run.error);
  }, []);

  const busy = state.phase === "parsing" || state.phase === "uploading" || state.phase === "saving";
  const parsed = state.phase === "parsed" || state.phase === "uploading" || state.phase === "saving" ? state.parsed : null;
  // The diff on screen carries the answer and the way to give it, so the page needs no more props.
  const shownDiff = useMemo<DiffState | null>(
    () => (diff?.phase === "ready" ? { ...diff, choice, choose: setChoice } : diff),
    [diff, choice],
  );
  return { state, parsed, busy, notes, diff: shownDiff, run, chooseFile, save };
}
