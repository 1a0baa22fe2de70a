/**
 * A run of owner work as the admin shows it (docs/decisions/0098): plain data, the same on the
 * server and in the browser, with the words for its state and progress.
 */

export type RunState = "queued" | "running" | "done" | "failed" | "cancelled";

export interface RunView {
  id: number;
  kind: string;
  label: string;
  state: RunState;
  startedBy: string | null;
  /** ISO times. */
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  progress: { done: number; total: number | null; note: string | null };
  cancelRequested: boolean;
  error: string | null;
  /** The page that shows what the run did (a feed run, the link report), when there is one. */
  href: string | null;
}

export const isRunFinished = (state: RunState) => state === "done" || state === "failed" || state === "cancelled";

const STATE_WORDS: Record<RunState, string> = {
  queued: "Waiting",
  running: "Running",
  done: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
};

export function runStateText(run: Pick<RunView, "state" | "cancelRequested">): string {
  if (run.state === "running" && run.cancelRequested) return "Cancelling";
  return STATE_WORDS[run.state];
}

const count = (value: number) => value.toLocaleString("en-US");

/** "12,000 of 20,000 items read", "3,400 rows read" (total unknown), or "" before the first step. */
export function runProgressText(progress: RunView["progress"]): string {
  const what = progress.note ?? "done";
  if (progress.total !== null) return `${count(progress.done)} of ${count(progress.total)} ${what}`;
  return progress.done > 0 ? `${count(progress.done)} ${what}` : "";
}

/** The share done, when the total is known. */
export function runFraction(progress: RunView["progress"]): number | undefined {
  if (progress.total === null) return undefined;
  return progress.total === 0 ? 1 : Math.min(1, progress.done / progress.total);
}

/** "4.2 s", "3 min 05 s": how long a run took, or has been going. */
export function runDurationText(fromIso: string, toIso: string): string {
  const seconds = Math.max(0, (Date.parse(toIso) - Date.parse(fromIso)) / 1000);
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(Math.round(seconds % 60)).padStart(2, "0")} s`;
}
