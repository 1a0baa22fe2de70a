import { Scale, X } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { buttonClasses } from "~/components/ui/button";
import { compareHref, MAX_COMPARE } from "~/lib/compare";
import { useCompareItems, writeCompareItems } from "./compare-store";

/** The gap between the tray and the bottom of the screen, or the bar pinned there (0.75rem). */
const TRAY_GAP_PX = 12;

/**
 * The height of the page's own bar pinned to the bottom of the screen (`data-bottom-bar`, the
 * product page's Buy Now bar on phones), 0 when there is none or it is hidden at this width.
 * Measured rather than assumed: the bar's height follows its text, which wraps on narrow screens.
 */
function useBottomBarHeight(): number {
  const [height, setHeight] = useState(0);
  const { pathname } = useLocation();
  useEffect(() => {
    const bar = document.querySelector<HTMLElement>("[data-bottom-bar]");
    if (!bar) {
      setHeight(0);
      return;
    }
    const update = () => setHeight(bar.offsetHeight);
    update();
    // Fires on wrapping text and on crossing the width where the bar is hidden (its size becomes 0).
    const observer = new ResizeObserver(update);
    observer.observe(bar);
    return () => observer.disconnect();
  }, [pathname]);
  return height;
}

/**
 * The bar at the bottom of the screen listing the saunas picked for comparison (JavaScript only).
 * LazyCompareTray renders it only while there is a pick and the page is not /compare itself.
 */
export function CompareTray() {
  const items = useCompareItems();
  const bottomBar = useBottomBarHeight();
  return (
    <aside
      aria-label="Compare saunas"
      data-testid="compare-tray"
      style={bottomBar > 0 ? { bottom: bottomBar + TRAY_GAP_PX } : undefined}
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-3xl flex-wrap items-center gap-2 rounded-card border border-line bg-surface p-3 shadow-raised"
    >
      <Scale aria-hidden className="size-5 text-brand" />
      <ul className="flex min-w-0 flex-1 flex-wrap gap-1.5">
        {items.map((item) => (
          <li key={item.slug} className="inline-flex min-w-0 items-center gap-1 rounded-full bg-sand py-1 pl-3 pr-1 text-sm">
            {/* One line per name on phones, so the tray stays short above a pinned bar. */}
            <span className="max-sm:max-w-36 max-sm:truncate" title={item.name}>
              {item.name}
            </span>
            <button
              type="button"
              onClick={() => writeCompareItems(items.filter((other) => other.slug !== item.slug))}
              className="rounded-full p-1 hover:bg-line"
              aria-label={`Remove ${item.name} from compare`}
            >
              <X aria-hidden className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      <span className="text-xs text-ink-muted">
        {items.length} of {MAX_COMPARE}
      </span>
      <Link to={compareHref(items.map((item) => item.slug))} className={buttonClasses({ size: "md" })}>
        Compare ({items.length})
      </Link>
    </aside>
  );
}
