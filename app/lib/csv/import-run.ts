import type { ResultToast } from "../forms/result-toast";
import type { ImportKind } from "./import-messages";
import type { ImportPreview } from "./import-plan";

/**
 * A CSV import as a run of the worker (docs/decisions/0100), as the page and the server both see
 * it: the run's kind for each import, and the outcome a run stores and its page shows, bounded
 * whatever the file's size (the counts, the first rows of each status, the first notes).
 */

export const IMPORT_JOB_KINDS = {
  products: "products-import",
  collections: "collections-import",
  offers: "offers-import",
} as const satisfies Record<ImportKind, string>;

const KIND_OF_JOB = new Map<string, ImportKind>(Object.entries(IMPORT_JOB_KINDS).map(([kind, job]) => [job, kind as ImportKind]));

/** The import a run's kind names, or null for any other run. */
export const importKindOfJob = (jobKind: string): ImportKind | null => KIND_OF_JOB.get(jobKind) ?? null;

/** Where each import's save is posted (the JSON endpoint, and the run page's Save). */
export const IMPORT_ENDPOINTS: Record<ImportKind, string> = {
  products: "/admin/products/import",
  collections: "/admin/collections/import",
  offers: "/admin/offers/import",
};

export interface ImportRunOutcome {
  kind: ImportKind;
  mode: "preview" | "save";
  ok: boolean;
  /** 200 saved or previewed; 409 the owner may save again from this run (a new plan, or the collections' question); else refused. */
  status: number;
  toast: ResultToast | null;
  /** What the save could not link (no such collection, no such product), the first MAX_NOTES. */
  notes: string[];
  /** The file's own warnings (a missing brand, a dropped link), the first MAX_NOTES; the page's script has shown them already. */
  warnings?: string[];
  preview: ImportPreview | null;
  saved?: number;
  unchanged?: number;
  milliseconds?: number;
}

/** Whether the owner can save from this run's page: a preview that went through, or a save refused with a question. */
export function canSaveFrom(outcome: ImportRunOutcome | null): boolean {
  if (!outcome?.preview) return false;
  return outcome.mode === "preview" ? outcome.ok : outcome.status === 409;
}

/** The outcome an import run stored (null for other runs, and before it has one). */
export function importOutcomeOf(run: { kind: string; result: unknown }): ImportRunOutcome | null {
  if (!importKindOfJob(run.kind)) return null;
  const outcome = run.result as Partial<ImportRunOutcome> | null;
  if (!outcome || typeof outcome !== "object" || typeof outcome.ok !== "boolean" || typeof outcome.mode !== "string") return null;
  return outcome as ImportRunOutcome;
}
