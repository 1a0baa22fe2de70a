import { startTransition, useEffect, useState } from "react";

/**
 * False during the server render and the first client render; true once scripts run.
 *
 * The switch is a transition: the re-render it causes (a whole carousel or gallery) is then
 * done in short slices instead of one long task right after hydration, when the reader may
 * already be scrolling or tapping.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
