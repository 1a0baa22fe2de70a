import { readCsvRecordsInChunks } from "~/lib/csv/csv-table";
import { createProductCsvReader, type ProductCsvOutcome, type ProductRuleOptions } from "~/lib/csv/product-csv";
import type { ImportPreview } from "~/lib/csv/import-plan";
import type { ImportRunOutcome } from "~/lib/csv/import-run";
import { isRunFinished, type RunView } from "~/lib/jobs/run-view";
import type { ResultToast } from "~/lib/forms/result-toast";

/**
 * The browser half of a CSV import (the server's worker parses it again, previews and saves it):
 * parse the file with the shared rules, chunk by chunk so a 20 MB file shows its progress, post
 * the file itself in one request with XMLHttpRequest, whose upload events drive the second
 * progress bar, then follow the run the server queued until it ends.
 */

const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function parseProductFile(
  file: File,
  options: ProductRuleOptions,
  onProgress: (fraction: number) => void,
): Promise<ProductCsvOutcome> {
  const text = await file.text();
  const reader = createProductCsvReader(options);
  try {
    await readCsvRecordsInChunks(text, {
      chunkSize: 256 * 1024,
      onRecords: (records) => reader.addRecords(records),
      onProgress,
      pauseBetweenChunks: yieldToBrowser,
    });
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : "Failed to parse the CSV file" };
  }
  return reader.finish();
}

/** The answer of an import endpoint: the queued run, or why nothing was queued. */
export interface ImportResponse {
  ok: boolean;
  toast?: ResultToast;
  error?: string;
  /** The run the file was queued as (202). */
  run?: RunView | null;
  runUrl?: string;
}

const FOLLOW_MS = 1000;

/** A run's newest state, and an import's outcome once it has one. */
export interface FollowedRun {
  run: RunView;
  outcome: ImportRunOutcome | null;
}

/**
 * Follows a run (its progress, every second) until it ends, or until `stillWanted` says the page
 * has moved on (null then). A failed look is tried again at the next tick.
 */
export async function followRun(
  runId: number,
  onRun: (run: RunView) => void,
  stillWanted: () => boolean = () => true,
): Promise<FollowedRun | null> {
  for (let first = true; ; first = false) {
    await new Promise((resolve) => setTimeout(resolve, first ? 250 : FOLLOW_MS));
    if (!stillWanted()) return null;
    try {
      const response = await fetch(`/admin/runs/${runId}/progress`, { headers: { Accept: "application/json" } });
      const body = (await response.json().catch(() => null)) as { run?: RunView | null; importOutcome?: ImportRunOutcome | null } | null;
      if (!body?.run) continue;
      if (!stillWanted()) return null;
      onRun(body.run);
      if (isRunFinished(body.run.state)) return { run: body.run, outcome: body.importOutcome ?? null };
    } catch {
      // The next tick tries again: the run goes on whatever the page's connection does.
    }
  }
}

const fileNameHeader = (file: Blob): Record<string, string> =>
  file instanceof File && file.name ? { "X-File-Name": encodeURIComponent(file.name) } : {};

/**
 * POSTs the file as the request body. Resolves with the server's JSON answer (or a made-up
 * one for a network failure); never rejects.
 */
export function postCsvFile(
  url: string,
  file: Blob,
  handlers: { onUploadProgress(fraction: number): void; onUploaded(): void },
  headers: Record<string, string> = {},
): Promise<{ status: number; body: ImportResponse }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("Content-Type", "text/csv; charset=utf-8");
    request.setRequestHeader("Accept", "application/json");
    for (const [name, value] of Object.entries({ ...fileNameHeader(file), ...headers })) request.setRequestHeader(name, value);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) handlers.onUploadProgress(event.loaded / event.total);
    };
    request.upload.onload = () => handlers.onUploaded();
    request.onload = () => {
      const body = (request.response ?? { ok: false, error: `The server answered ${request.status}` }) as ImportResponse;
      resolve({ status: request.status, body });
    };
    request.onerror = () => resolve({ status: 0, body: { ok: false, error: "The connection to the server failed. Nothing was saved." } });
    request.send(file);
  });
}

/** Saves the file a preview run read, which is still on the server: nothing is uploaded again. */
export async function saveFromRun(
  url: string,
  runId: number,
  headers: Record<string, string>,
): Promise<{ status: number; body: ImportResponse }> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { Accept: "application/json", "X-Import-Run": String(runId), ...headers },
    });
    const body = ((await response.json().catch(() => null)) ?? {
      ok: false,
      error: `The server answered ${response.status}`,
    }) as ImportResponse;
    return { status: response.status, body };
  } catch {
    return { status: 0, body: { ok: false, error: "The connection to the server failed. Nothing was saved." } };
  }
}

/** What a preview run answered: the plan, or a sentence saying why there is none. */
export type PreviewAnswer = { ok: true; preview: ImportPreview; runId: number } | { ok: false; message: string };

/**
 * Asks the server what saving the file would change (the per-row diff): the file is stored and
 * previewed by a run of the worker, followed here until it ends. Never rejects.
 */
export async function fetchImportPreview(
  url: string,
  file: Blob,
  onRun: (run: RunView) => void,
  stillWanted: () => boolean,
): Promise<PreviewAnswer | null> {
  try {
    const response = await fetch(url, {
      method: "POST",
      body: file,
      headers: { "Content-Type": "text/csv; charset=utf-8", Accept: "application/json", ...fileNameHeader(file) },
    });
    const body = (await response.json().catch(() => null)) as ImportResponse | null;
    if (!response.ok || !body?.ok || !body.run)
      return { ok: false, message: body?.toast?.description ?? `the server answered ${response.status}.` };
    onRun(body.run);
    const followed = await followRun(body.run.id, onRun, stillWanted);
    if (!followed) return null;
    const { run, outcome } = followed;
    if (outcome?.ok && outcome.preview) return { ok: true, preview: outcome.preview, runId: run.id };
    return { ok: false, message: outcome?.toast?.description ?? run.error ?? "the preview did not finish." };
  } catch {
    return { ok: false, message: "the connection to the server failed." };
  }
}
