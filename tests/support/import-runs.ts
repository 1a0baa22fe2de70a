import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ImportKind } from "~/lib/csv/import-messages";
import type { CollectionChoice } from "~/lib/csv/import-plan";
import { importOutcomeOf, type ImportRunOutcome } from "~/lib/csv/import-run";
import { importJobKinds, startImportRun, startSaveFromRun } from "~/server/admin/import-runs.server";
import type { AppConfig } from "~/server/config.server";
import { loadJob, waitForJob, workerName, type JobView } from "~/server/jobs/job-queue.server";
import { startWorker, type Worker } from "~/server/jobs/job-worker.server";
import { cancelMarkers, type CancelMarkers } from "~/server/jobs/cancel-markers.server";
import { DEFAULT_PRICES } from "~/server/offers/maintained-price.server";
import type { TestDatabase } from "./test-databases";

/**
 * Imports as the site runs them: the file stored in the uploads bucket (on disk under a temporary
 * DATA_DIR), the run queued, and a real worker (startWorker) taking it; each call waits for the run
 * to end and gives its row and its outcome.
 */

export type ImportConfig = Pick<AppConfig, "dataDir" | "storage" | "prices">;

export interface FinishedImport {
  job: JobView;
  outcome: ImportRunOutcome | null;
}

export interface ImportRunner {
  config: ImportConfig;
  worker: Worker;
  /** SQLite: where the owner's Cancel is written, as the site does. */
  markers: CancelMarkers | undefined;
  /** Queues a preview or save of `text` and waits for it. */
  run(
    kind: ImportKind,
    mode: "preview" | "save",
    text: string | Uint8Array,
    options?: { expectedFingerprint?: string; collectionChoice?: CollectionChoice; fileName?: string },
  ): Promise<FinishedImport>;
  /** Saves the file of an earlier run (a preview's Save) and waits. */
  saveFrom(kind: ImportKind, runId: number, collectionChoice?: CollectionChoice): Promise<FinishedImport>;
  /** Queues without waiting; the run's id. */
  queue(kind: ImportKind, mode: "preview" | "save", text: string | Uint8Array): Promise<number>;
  wait(id: number, timeoutMs?: number): Promise<FinishedImport>;
  stop(): Promise<void>;
}

export function startImportRunner(
  test: Pick<TestDatabase, "db" | "database" | "openAnother">,
  options: { config?: Partial<ImportConfig>; heartbeatMs?: number } = {},
): ImportRunner {
  const dataDir = options.config?.dataDir ?? mkdtempSync(path.join(tmpdir(), "sauna-imports-"));
  const config: ImportConfig = { dataDir, storage: "disk", prices: DEFAULT_PRICES, ...options.config };
  const sqlite = test.database.dialect === "sqlite";
  const markers = sqlite ? cancelMarkers(dataDir) : undefined;
  // The worker's own handles, as its own process has: the page's reads never wait behind its transaction.
  const workerDb = test.openAnother();
  const worker = startWorker(workerDb, {
    name: workerName(),
    markers,
    kinds: importJobKinds(config),
    pollMs: 20,
    heartbeatMs: options.heartbeatMs ?? 50,
    // SQLite: the heartbeats' own handle, as the site's worker has, so Cancel is heard during a save.
    bookkeeping: sqlite ? test.openAnother() : undefined,
  });
  const wait = async (id: number, timeoutMs = 60_000): Promise<FinishedImport> => {
    const job = await waitForJob(test.db, id, timeoutMs, 20);
    if (!job) throw new Error(`import run ${id} did not finish in ${timeoutMs} ms: ${JSON.stringify(await loadJob(test.db, id))}`);
    return { job, outcome: importOutcomeOf(job) };
  };
  const bytesOf = (text: string | Uint8Array) => (typeof text === "string" ? new TextEncoder().encode(text) : text);
  return {
    config,
    worker,
    markers,
    queue: (kind, mode, text) =>
      startImportRun(config, test.db, { kind, mode, bytes: bytesOf(text), fileName: `${kind}.csv`, startedBy: "owner@example.com" }),
    async run(kind, mode, text, runOptions = {}) {
      const id = await startImportRun(config, test.db, {
        kind,
        mode,
        bytes: bytesOf(text),
        fileName: runOptions.fileName ?? `${kind}.csv`,
        startedBy: "owner@example.com",
        expectedFingerprint: runOptions.expectedFingerprint,
        collectionChoice: runOptions.collectionChoice,
      });
      worker.wake();
      return wait(id);
    },
    async saveFrom(kind, runId, collectionChoice) {
      const id = await startSaveFromRun(test.db, kind, runId, { startedBy: "owner@example.com", collectionChoice });
      worker.wake();
      return wait(id);
    },
    wait,
    async stop() {
      await worker.stop();
      if (!options.config?.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
