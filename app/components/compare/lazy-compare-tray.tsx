import { Suspense } from "react";
import { useLocation } from "react-router";
import { lazyOptional } from "~/components/ui/lazy-optional";
import { useHydrated } from "~/components/ui/use-hydrated";
import { compareTrayShown, onComparePage } from "~/lib/compare/compare";
import { useCompareAnnouncement, useCompareItems } from "./compare-store";

// A tray that cannot be fetched is left out: the picks stay stored and /compare still shows them.
const CompareTray = lazyOptional(() => import("./compare-tray").then((module) => module.CompareTray));

/** The id of the tray, the target of its skip link. */
export const COMPARE_TRAY_ID = "compare-tray";

function useCompareTrayShown(): boolean {
  const items = useCompareItems();
  return compareTrayShown(useLocation(), items);
}

/**
 * The compare tray, fetched the first time it has something to show. Most visits never pick a
 * sauna, and the tray is never in the server's HTML (the picks live in this browser's storage),
 * so leaving its code out of every page's first scripts changes nothing a page draws.
 */
export function LazyCompareTray() {
  const shown = useCompareTrayShown();
  return (
    <>
      <CompareAnnouncer />
      {shown && (
        <Suspense fallback={null}>
          <CompareTray id={COMPARE_TRAY_ID} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The polite live region that says each pick and removal ('Added … to compare (2 of 4)'). It is
 * on the page before the first change, as a live region must be to be heard, and only on the
 * pages where picks are made.
 */
function CompareAnnouncer() {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const { message, count } = useCompareAnnouncement();
  if (!hydrated || !onComparePage(pathname)) return null;
  return (
    <div role="status" className="sr-only" data-testid="compare-announcer">
      {message && <p key={count}>{message}</p>}
    </div>
  );
}

/**
 * 'Skip to compare tray', beside 'Skip to content': the tray is drawn at the foot of the screen
 * but comes after the page's content in the tab order, so from the top it is one link away.
 */
export function CompareSkipLink() {
  if (!useCompareTrayShown()) return null;
  return (
    <a href={`#${COMPARE_TRAY_ID}`} className="skip-link">
      Skip to compare tray
    </a>
  );
}
