import { readFile } from "node:fs/promises";
import path from "node:path";
import type { DB } from "../db/connection.server";
import { DatabaseStorage } from "./database-storage.server";
import { checkImage } from "./image-upload.server";
import type { LocalDiskStorage } from "./storage.server";

/**
 * Copies the disk bucket's pictures into the database (`npm run storage:move-to-database`), for a
 * site moving from one machine to several. Safe to run again: a picture already stored under the
 * same name and size is left alone, so an interrupted run simply continues. Each picture passes
 * the upload's checks again (10 MB, 40 megapixels, a real image): the database driver must hold
 * nothing an upload could not have put there. The files on disk are kept; the operator deletes
 * them once the site runs with IMAGE_STORAGE=database.
 */
export interface MoveReport {
  moved: string[];
  alreadyThere: string[];
  refused: { name: string; reason: string }[];
}

export async function moveImagesToDatabase(disk: LocalDiskStorage, db: DB, onProgress?: (name: string) => void): Promise<MoveReport> {
  const target = new DatabaseStorage(db);
  const report: MoveReport = { moved: [], alreadyThere: [], refused: [] };
  for (const name of await disk.names()) {
    onProgress?.(name);
    const bytes = new Uint8Array(await readFile(path.join(disk.directory, name)));
    if (await target.has(name, bytes.byteLength)) {
      report.alreadyThere.push(name);
      continue;
    }
    const check = await checkImage(bytes);
    if (!check.ok) {
      report.refused.push({ name, reason: check.reason });
      continue;
    }
    await target.put(name, bytes);
    report.moved.push(name);
  }
  return report;
}
