import { readCsvRecordsInChunks } from "~/lib/csv/csv-table";
import { createProductCsvReader, type ProductCsvOutcome, type ProductRuleOptions } from "~/lib/csv/product-csv";
import type { ImportPreview } from "~/lib/csv/import-plan";
import type { ResultToast } from "~/lib/forms/result-toast";

/**
 * The browser half of a CSV import (the server parses it again and saves it): parse the file
 * with the shared rules, chunk by chunk so a 20 MB file shows its progress, then post the file
 * itself in one request with XMLHttpRequest, whose upload events drive the second progress bar.
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

export interface ImportResponse {
  ok: boolean;
  toast?: ResultToast;
  error?: string;
  saved?: number;
  notes?: string[];
  /** On a refused save because the catalog changed: the plan as it now stands. */
  preview?: ImportPreview;
}

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
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
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

/**
 * Asks the server what saving the file would change (the per-row diff). Resolves with the
 * preview, or a sentence saying why there is none; never rejects.
 */
export async function fetchImportPreview(
  url: string,
  file: Blob,
): Promise<{ ok: true; preview: ImportPreview } | { ok: false; message: string }> {
  try {
    const response = await fetch(url, {
      method: "POST",
      body: file,
      headers: { "Content-Type": "text/csv; charset=utf-8", Accept: "application/json" },
    });
    const body = (await response.json().catch(() => null)) as { ok?: boolean; preview?: ImportPreview; toast?: ResultToast } | null;
    if (response.ok && body?.ok && body.preview) return { ok: true, preview: body.preview };
    return { ok: false, message: body?.toast?.description ?? `the server answered ${response.status}.` };
  } catch {
    return { ok: false, message: "the connection to the server failed." };
  }
}
