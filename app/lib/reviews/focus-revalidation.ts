/**
 * Reviews index: the collection list refreshes on window focus, with a 30 s stale time (the
 * collections query on the reviews page is fresh for 30 s). The page asks the
 * server again when the reader comes back to the tab, at most once per window.
 */

export const FOCUS_REVALIDATE_WINDOW_MS = 30_000;

/**
 * True when data loaded at `loadedAt` is old enough to fetch again at `now` (both in ms):
 * 30 s or more. A clock that went backwards never triggers a refresh.
 */
export function isStaleForFocusRefresh(loadedAt: number, now: number, windowMs = FOCUS_REVALIDATE_WINDOW_MS): boolean {
  const age = now - loadedAt;
  return Number.isFinite(age) && age >= windowMs;
}
