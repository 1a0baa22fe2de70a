import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The owner's Cancel on SQLite, as a file beside the database (DATA_DIR/run-cancels/{id}). A run's
 * transaction holds SQLite's one write lock for as long as it lasts (a 200,000-product import,
 * several seconds), so a Cancel written into the jobs table would wait for the very run it is
 * meant to stop. A file is written at once and read by the worker's next look. On PostgreSQL the
 * row's cancel_requested column does the job, and there are no markers.
 */
export interface CancelMarkers {
  mark(id: number): void;
  marked(id: number): boolean;
  clear(id: number): void;
}

export function cancelMarkers(dataDir: string): CancelMarkers {
  const dir = path.join(dataDir, "run-cancels");
  const file = (id: number) => path.join(dir, String(Math.trunc(id)));
  return {
    mark(id) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      writeFileSync(file(id), "");
    },
    marked: (id) => existsSync(file(id)),
    clear: (id) => rmSync(file(id), { force: true }),
  };
}
