/**
 * A daily budget of checks per shop, so a catalog of 20,000 offers at one shop is checked over
 * days rather than all at once every run (the per-host pace, one start a second, bounds the
 * minute; this bounds the day). Each run takes the links checked longest ago first, never-checked
 * ones before all, so every link gets its turn; what does not fit waits for the next run.
 */

export interface BudgetedTarget {
  url: string;
  /** When its current address was last checked (ms); null: never. */
  lastCheckedAt: number | null;
}

/** The host a budget counts by: as the pace does, host and port. */
export function budgetHostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return "";
  }
}

/**
 * The targets this run checks, oldest check first, and how many wait: a host's checks so far
 * today (`checkedToday`) plus this run's stay within `perHostDaily`.
 */
export function withinDailyBudget<T extends BudgetedTarget>(
  targets: readonly T[],
  checkedToday: ReadonlyMap<string, number>,
  perHostDaily: number,
): { run: T[]; deferred: number } {
  const ordered = [...targets].sort((a, b) => (a.lastCheckedAt ?? -Infinity) - (b.lastCheckedAt ?? -Infinity));
  const used = new Map(checkedToday);
  const run: T[] = [];
  let deferred = 0;
  for (const target of ordered) {
    const host = budgetHostOf(target.url);
    const count = used.get(host) ?? 0;
    if (count >= perHostDaily) {
      deferred++;
      continue;
    }
    used.set(host, count + 1);
    run.push(target);
  }
  return { run, deferred };
}
