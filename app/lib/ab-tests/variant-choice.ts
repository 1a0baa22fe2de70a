/**
 * Which variant of a test a reader's browser shows: chosen at random the first time, then kept for
 * that browser tab (sessionStorage), so a reader moving between pages sees one variant and is
 * counted in one. No cookie, nothing sent to the server but the variant's number. A browser whose
 * storage refuses (a private mode, a blocked site) takes no part: it is shown the control and
 * counted nowhere, rather than a new variant on every page.
 */

type TabStorage = Pick<Storage, "getItem" | "setItem">;

export const storageKey = (testId: number) => `ab-test-${testId}`;

export function chooseVariant(
  testId: number,
  variants: number,
  storage: TabStorage | null | undefined,
  random: () => number = Math.random,
): number | null {
  if (!storage || variants < 1) return null;
  try {
    const kept = storage.getItem(storageKey(testId));
    if (kept !== null && /^\d$/.test(kept) && Number(kept) < variants) return Number(kept);
    const chosen = Math.min(variants - 1, Math.floor(random() * variants));
    storage.setItem(storageKey(testId), String(chosen));
    // Read back: a storage that drops writes silently would give the reader a new variant per page.
    return storage.getItem(storageKey(testId)) === String(chosen) ? chosen : null;
  } catch {
    return null;
  }
}
