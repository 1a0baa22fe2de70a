import { data } from "react-router";
import type { ResultToast } from "~/lib/forms/result-toast";
import type { RunView } from "~/lib/jobs/run-view";
import { importOutcomeOf, type ImportRunOutcome } from "~/lib/csv/import-run";
import { recordAdminAction } from "../audit/audit-log.server";
import type { DB } from "../db/connection.server";
import type { IntentTable } from "../forms/intents.server";
import type { AppConfig } from "../config.server";
import { cancelMarkers, type CancelMarkers } from "./cancel-markers.server";
import { isFinished, listJobs, loadJob, requestCancel, type JobView } from "./job-queue.server";

/** The admin's runs pages (/admin/runs): the newest runs, one run with its progress, and Cancel. */

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A run's page of its own, named by the run where its kind has one (a feed run's preview). */
function hrefOf(job: JobView): string | null {
  const href = (job.payload as { href?: unknown } | null)?.href;
  return typeof href === "string" && href.startsWith("/admin/") ? href : null;
}

/** Where the owner's Cancel is written on this site (cancel-markers.server.ts); none on PostgreSQL. */
export function siteCancelMarkers(config: AppConfig): CancelMarkers | undefined {
  return config.database.dialect === "sqlite" ? cancelMarkers(config.dataDir) : undefined;
}

export function toRunView(job: JobView, markers?: CancelMarkers): RunView {
  return {
    id: job.id,
    kind: job.kind,
    label: job.label,
    state: job.state,
    startedBy: job.startedBy,
    createdAt: iso(job.createdAt)!,
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
    progress: job.progress,
    cancelRequested: job.cancelRequested || (!isFinished(job.state) && (markers?.marked(job.id) ?? false)),
    error: job.error,
    href: hrefOf(job),
  };
}

export async function loadRunsScreen(db: DB, url: URL, markers?: CancelMarkers) {
  const kind = url.searchParams.get("kind") ?? undefined;
  const runs = await listJobs(db, { kind, limit: 100 });
  return { runs: runs.map((run) => toRunView(run, markers)), kind: kind ?? null };
}

/** A run and, for an import, the outcome its page shows (bounded: never the file). */
export async function loadRunPage(
  db: DB,
  runId: string | undefined,
  markers?: CancelMarkers,
): Promise<{ run: RunView; importOutcome: ImportRunOutcome | null } | null> {
  const id = Number(runId);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const job = await loadJob(db, id);
  return job ? { run: toRunView(job, markers), importOutcome: importOutcomeOf(job) } : null;
}

export const RUN_INTENTS = {
  cancel: async ({ params, context, request }) => {
    const id = Number(params.runId);
    const cancelled = Number.isSafeInteger(id) && (await requestCancel(context.db, id, { markers: siteCancelMarkers(context.config) }));
    if (cancelled) {
      const job = await loadJob(context.db, id);
      await recordAdminAction({ request, context }, "run-cancelled", `${job?.label ?? "A run"} (run ${id})`);
    }
    const toast: ResultToast = cancelled
      ? { kind: "success", title: "Cancel asked", description: "The run stops at its next step; nothing it had not saved is kept." }
      : { kind: "info", title: "Nothing to cancel", description: "The run had already finished." };
    return data({ toast });
  },
} satisfies IntentTable;
