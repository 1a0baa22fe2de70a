import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { COMPARE_PATH } from "~/lib/compare";
import { useCompareItems } from "./compare-store";

// A tray that cannot be fetched (offline, or a page opened before a deploy replaced the file) is
// left out: the picks stay stored and /compare still shows them.
const CompareTray = lazy(() =>
  import("./compare-tray").then(
    (module) => ({ default: module.CompareTray }),
    () => ({ default: () => null }),
  ),
);

/**
 * The compare tray, fetched the first time it has something to show. Most visits never pick a
 * sauna, and the tray is never in the server's HTML (the picks live in this browser's storage),
 * so leaving its code out of every page's first scripts changes nothing a page draws.
 */
export function LazyCompareTray() {
  const items = useCompareItems();
  const { pathname } = useLocation();
  if (items.length === 0 || pathname === COMPARE_PATH) return null;
  return (
    <Suspense fallback={null}>
      <CompareTray />
    </Suspense>
  );
}
