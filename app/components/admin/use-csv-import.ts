import { useCallback, useRef, useState } from "react";
import { checkCsvFile, IMPORT_MESSAGES, nothingToSave, type ImportKind } from "~/lib/csv/import-messages";
import { postCsvFile } from "./csv-upload-client";
import { showToast } from "./use-result-toast";

/**
 * The import's states (SPEC §4 "Admin product import", "Collections import"): empty → parsing →
 * parsed (rows held in memory, warnings listed) → uploading → saving → saved (back to empty,
 * warnings cleared). Uploading and saving disable the buttons.
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
  parse(file: File, onProgress: (fraction: number) => void): Promise<ParseOutcome<T>>;
  /** What to say once a file parsed (products: 'CSV Uploaded Successfully'). */
  parsedToast?(parsed: T): { title: string; description: string } | null;
  /** After a save: refresh the page's data. */
  onSaved(): void;
}

export function useCsvImport<T>(options: CsvImportOptions<T>) {
  const [state, setState] = useState<ImportState<T>>({ phase: "idle" });
  const [notes, setNotes] = useState<string[]>([]);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const stateRef = useRef(state);
  stateRef.current = state;

  const chooseFile = useCallback(async (file: File | null | undefined) => {
    const { kind, parse, parsedToast } = optionsRef.current;
    if (!file) return;
    const refused = checkCsvFile(file, kind);
    if (refused) {
      showToast({ kind: "error", ...refused });
      return;
    }
    setNotes([]);
    setState({ phase: "parsing", fileName: file.name, fraction: 0 });
    const outcome = await parse(file, (fraction) =>
      setState((current) => (current.phase === "parsing" ? { ...current, fraction } : current)),
    );
    if (!outcome.ok) {
      setState({ phase: "idle" });
      showToast({ kind: "error", title: IMPORT_MESSAGES.parseErrorTitle, description: outcome.error || IMPORT_MESSAGES.parseErrorFallback });
      return;
    }
    setState({ phase: "parsed", file, parsed: outcome.parsed });
    const toast = parsedToast?.(outcome.parsed);
    if (toast) showToast({ kind: "success", ...toast });
  }, []);

  const save = useCallback(async () => {
    const current = stateRef.current;
    const { kind, endpoint, onSaved } = optionsRef.current;
    if (current.phase !== "parsed") {
      if (current.phase === "idle") showToast({ kind: "error", ...nothingToSave(kind) });
      return;
    }
    const { file, parsed } = current;
    setState({ phase: "uploading", file, parsed, fraction: 0 });
    const { body } = await postCsvFile(endpoint, file, {
      onUploadProgress: (fraction) => setState((now) => (now.phase === "uploading" ? { ...now, fraction } : now)),
      onUploaded: () => setState({ phase: "saving", file, parsed }),
    });
    if (body.ok) {
      setState({ phase: "idle" });
      setNotes(body.notes ?? []);
      if (body.toast) showToast(body.toast);
      onSaved();
    } else {
      setState({ phase: "parsed", file, parsed });
      showToast(
        body.toast ?? {
          kind: "error",
          title: kind === "products" ? IMPORT_MESSAGES.productsSaveErrorTitle : IMPORT_MESSAGES.collectionsSaveErrorTitle,
          description: body.error ?? (kind === "products" ? "Nothing was saved." : IMPORT_MESSAGES.collectionsSaveErrorFallback),
        },
      );
    }
  }, []);

  const busy = state.phase === "parsing" || state.phase === "uploading" || state.phase === "saving";
  const parsed = state.phase === "parsed" || state.phase === "uploading" || state.phase === "saving" ? state.parsed : null;
  return { state, parsed, busy, notes, chooseFile, save };
}
