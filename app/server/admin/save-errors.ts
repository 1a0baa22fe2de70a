import type { PlanSummary } from "~/lib/csv/import-plan";

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

/** A collections CSV row whose picks break a rule (docs/decisions/0108): the file is refused, nothing saved. */
export class PicksRefused extends ImportRowError {
  override name = "PicksRefused";
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

  /** The plan as it now stands, with its rule-listed collections, which the new preview must show again. */
  constructor(readonly plan: PlanSummary) {
    super("The catalog changed since the preview, so nothing was saved. Check the updated preview, then save again.");
  }
}

/**
 * The file would turn rule-listed collections into hand-picked lists and the owner has not said
 * whether to do that or to add the products to each rule (ADR 0070): nothing is saved, and the
 * plan goes back to the page with the question.
 */
export class CollectionChoiceNeeded extends Error {
  override name = "CollectionChoiceNeeded";

  constructor(readonly plan: PlanSummary) {
    super(
      `${plan.ruleLists.map((change) => change.slug).join(", ")} ${plan.ruleLists.length === 1 ? "lists its saunas" : "list their saunas"} by a rule. Nothing was saved: choose whether to add the products to the rule or to replace it, then save again.`,
    );
  }
}
