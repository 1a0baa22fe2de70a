import { ChevronDown, Scale, X } from "~/components/ui/icons";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { compareHref, MAX_COMPARE } from "~/lib/compare/compare";
import { useCompareItems, writeCompareItems, type CompareItem } from "./compare-store";

const MINIMISED_KEY = "compare-tray-minimised";

/**
 * Whether the reader folded the tray down to its pill. Kept for the session (sessionStorage): it
 * stays folded from page to page, and a new visit starts with the picks in view.
 */
function useTrayMinimised(): [boolean, (minimised: boolean) => void] {
  // The tray is only drawn in the browser, after hydration, so storage can be read at once.
  const [minimised, setMinimised] = useState(() => {
    try {
      return window.sessionStorage.getItem(MINIMISED_KEY) === "true";
    } catch {
      return false;
    }
  });
  const update = (next: boolean) => {
    setMinimised(next);
    try {
      if (next) window.sessionStorage.setItem(MINIMISED_KEY, "true");
      else window.sessionStorage.removeItem(MINIMISED_KEY);
    } catch {
      // Storage blocked: the choice holds on this page only.
    }
  };
  return [minimised, update];
}

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
 * Room under the page for the tray (padding at the bottom of <body>), so the end of every page
 * can be scrolled above it instead of staying covered; and as much scroll padding, so a link or
 * button reached by Tab scrolls into view above the tray (and any bar under it), never under it.
 */
function useRoomBelowPage(tray: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = tray.current;
    if (!element) return;
    const update = () => {
      document.body.style.paddingBottom = `${element.offsetHeight + 2 * TRAY_GAP_PX}px`;
      const covered = window.innerHeight - element.getBoundingClientRect().top + TRAY_GAP_PX;
      document.documentElement.style.scrollPaddingBottom = `${Math.max(0, Math.round(covered))}px`;
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    window.addEventListener("resize", update);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", update);
      document.body.style.paddingBottom = "";
      document.documentElement.style.scrollPaddingBottom = "";
    };
  }, [tray]);
}

/**
 * The page's own 'Add to compare' for a sauna, the place for focus once the tray that held the
 * last pick is gone; else the page's main content, so focus never falls back to the document.
 */
function focusOnPage(slug: string) {
  const toggle = document.querySelector<HTMLElement>(`button[data-compare-slug="${CSS.escape(slug)}"]`);
  if (toggle) {
    toggle.focus();
    return;
  }
  const main = document.getElementById("main");
  if (main) {
    if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
    main.focus();
  }
}

/**
 * The bar at the bottom of the screen listing the saunas picked for comparison (JavaScript only),
 * shown by LazyCompareTray on the pages where saunas are picked. The reader can fold it down to a
 * pill with the count, for the session, so it covers nothing they need.
 */
export function CompareTray({ id }: { id: string }) {
  const items = useCompareItems();
  const bottomBar = useBottomBarHeight();
  const [minimised, setMinimised] = useTrayMinimised();
  const tray = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // The position of the pick just removed, whose neighbour takes the focus once the list is redrawn.
  const removedAt = useRef<number | null>(null);
  useRoomBelowPage(tray);

  useLayoutEffect(() => {
    const index = removedAt.current;
    if (index === null) return;
    removedAt.current = null;
    const buttons = tray.current?.querySelectorAll<HTMLButtonElement>("button[data-compare-remove]") ?? [];
    (buttons[index] ?? buttons[index - 1] ?? toggle.current)?.focus();
  }, [items]);

  const remove = (item: CompareItem, index: number) => {
    const rest = items.filter((other) => other.slug !== item.slug);
    if (rest.length === 0) focusOnPage(item.slug);
    else removedAt.current = index;
    writeCompareItems(rest);
  };

  const picksId = `${id}-picks`;
  return (
    <aside
      ref={tray}
      id={id}
      tabIndex={-1}
      aria-label="Compare saunas"
      data-testid="compare-tray"
      style={bottomBar > 0 ? { bottom: bottomBar + TRAY_GAP_PX } : undefined}
      className={cn(
        "fixed bottom-3 left-3 z-40 border border-line bg-surface shadow-raised",
        minimised ? "rounded-full p-1" : "right-3 mx-auto flex max-w-4xl flex-wrap items-center gap-2 rounded-card p-3",
      )}
    >
      <button
        ref={toggle}
        type="button"
        aria-expanded={!minimised}
        aria-controls={picksId}
        title={minimised ? "Show the saunas to compare" : "Minimise"}
        onClick={() => setMinimised(!minimised)}
        className="inline-flex h-9 items-center gap-1.5 rounded-full px-2.5 text-sm font-medium hover:bg-sand"
      >
        <Scale aria-hidden className="size-5 text-brand" />
        <span className={minimised ? "sr-only" : undefined}>Saunas to compare:</span>
        <span className="tabular-nums">
          {items.length} of {MAX_COMPARE}
        </span>
        <ChevronDown aria-hidden className={cn("size-4 text-ink-muted", minimised && "rotate-180")} />
      </button>
      <div id={picksId} hidden={minimised} className="flex min-w-0 flex-wrap items-center gap-2 max-sm:basis-full sm:flex-1">
        <ul className="flex min-w-0 flex-1 flex-wrap gap-1.5">
          {items.map((item, index) => (
            <li key={item.slug} className="inline-flex min-w-0 items-center gap-1 rounded-full bg-sand py-1 pl-3 pr-1 text-sm">
              {/* One line per name on phones, so the tray stays short above a pinned bar. */}
              <span className="max-sm:max-w-36 max-sm:truncate" title={item.name}>
                {item.name}
              </span>
              <button
                type="button"
                data-compare-remove=""
                onClick={() => remove(item, index)}
                className="rounded-full p-1 hover:bg-line"
                aria-label={`Remove ${item.name} from compare`}
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
        <Link to={compareHref(items.map((item) => item.slug))} className={buttonClasses({ size: "md" }, "ml-auto")}>
          Compare ({items.length})
        </Link>
      </div>
    </aside>
  );
}
