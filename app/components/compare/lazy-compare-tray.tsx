import { Suspense } from "react";
import { useLocation } from "react-router";
import { lazyOptional } from "~/components/ui/lazy-optional";
import { COMPARE_PATH } from "~/lib/compare";
import { useCompareItems } from "./compare-store";

// A tray that cannot be fetched is left out: the picks stay stored and /compare still shows them.
const CompareTray = lazyOptional(() => import("./compare-tray").then((module) => module.CompareTray));

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
