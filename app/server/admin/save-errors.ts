import type { PlannedRow } from "~/lib/csv/import-plan";

/**
 * A save that failed because of one row, so the admin is told which row broke it. The row
 * number is the CSV data row (1 = first row under the header), or 0 for a form.
 */
export class ImportRowError extends Error {
  override name = "ImportRowError";

  constructor(
    readonly rowNumber: number,
    readonly slug: string,
    readonly reason: string,
  ) {
    super(rowNumber > 0 ? `Row ${rowNumber} (slug "${slug}"): ${reason}` : `${slug}: ${reason}`);
  }
}

/** A database error as one readable line (drivers add codes and newlines). */
export function databaseMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0]!.trim();
}

/**
 * The catalog changed between the preview and the save, so the save would not do what the
 * preview showed: nothing is saved, and the plan as it now stands goes back to the page.
 */
export class PlanChanged extends Error {
  override name = "PlanChanged";

  constructor(readonly rows: readonly PlannedRow[]) {
    super("The catalog changed since the preview, so nothing was saved. Check the updated preview, then save again.");
  }
}
