import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { FOCUS_REVALIDATE_WINDOW_MS, isStaleForFocusRefresh } from "~/lib/reviews/focus-revalidation";

/**
 * Re-runs the route's loader when the reader returns to the tab (window focus, or the page
 * becoming visible again), at most once per `windowMs`, the lists' 30 s stale time: a reader
 * coming back to a list sees it as it is now. `data` is the loader data; each new value
 * restarts the window.
 */
export function useRevalidateOnFocus(data: unknown, windowMs = FOCUS_REVALIDATE_WINDOW_MS) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const loadedAt = useRef(0);
  // The latest router state for the listener without re-subscribing on every change.
  const busy = useRef(false);
  busy.current = revalidator.state !== "idle" || navigation.state !== "idle";
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    loadedAt.current = Date.now();
  }, [data]);

  useEffect(() => {
    function refreshIfStale() {
      if (document.visibilityState !== "visible" || busy.current) return;
      if (!isStaleForFocusRefresh(loadedAt.current, Date.now(), windowMs)) return;
      // Counts as loaded now, so focus and visibilitychange arriving together ask only once.
      loadedAt.current = Date.now();
      void revalidate.current();
    }
    window.addEventListener("focus", refreshIfStale);
    document.addEventListener("visibilitychange", refreshIfStale);
    return () => {
      window.removeEventListener("focus", refreshIfStale);
      document.removeEventListener("visibilitychange", refreshIfStale);
    };
  }, [windowMs]);
}
