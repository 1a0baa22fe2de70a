import { useId, useRef } from "react";
import { useLocation, useSearchParams } from "react-router";
import { Columns3, ListOrdered } from "~/components/ui/icons";
import { cn } from "~/components/ui/cn";
import { collectionViewFrom, VIEW_PARAM, type CollectionView } from "~/lib/collection/collection-view";

/** The same search with `view` chosen; the ranked list is the default, so it needs no parameter. */
function searchWithView(search: URLSearchParams, view: CollectionView): URLSearchParams {
  const next = new URLSearchParams(search);
  if (view === "compare") next.set(VIEW_PARAM, "compare");
  else next.delete(VIEW_PARAM);
  return next;
}

function hrefFor(pathname: string, search: URLSearchParams, view: CollectionView): string {
  const query = searchWithView(search, view).toString();
  return query ? `${pathname}?${query}` : pathname;
}

const views: { value: CollectionView; label: string; shortLabel: string; icon: typeof ListOrdered }[] = [
  { value: "list", label: "Ranked list", shortLabel: "Ranked list", icon: ListOrdered },
  { value: "compare", label: "Compare side by side", shortLabel: "Compare", icon: Columns3 },
];

/**
 * The two layouts of a collection as tabs (ARIA tabs with automatic activation: the arrow keys,
 * Home and End move between them and the focused one is shown). The choice lives in the URL, so
 * it can be shared and works without JavaScript: each tab is a plain link to its ?view= URL,
 * which the server renders.
 */
export function CollectionViews({
  heading,
  list,
  compare,
}: {
  /** Shown beside the tabs on wide screens, above them on phones. */
  heading: React.ReactNode;
  list: React.ReactNode;
  compare: React.ReactNode;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const view = collectionViewFrom(searchParams.get(VIEW_PARAM));
  const id = useId();
  const tabs = useRef<(HTMLAnchorElement | null)[]>([]);
  const tabId = (value: CollectionView) => `${id}-tab-${value}`;
  const panelId = `${id}-panel`;

  function choose(next: CollectionView) {
    if (next === view) return;
    setSearchParams((current) => searchWithView(current, next), { replace: true, preventScrollReset: true });
  }

  function onKeyDown(event: React.KeyboardEvent, index: number) {
    const last = views.length - 1;
    const target =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    tabs.current[target]?.focus();
    choose(views[target]!.value);
  }

  return (
    <div>
      <div className="flex flex-col gap-5 border-b border-line pb-6 lg:flex-row lg:items-end lg:justify-between lg:gap-10">
        <div className="min-w-0">{heading}</div>
        <div
          role="tablist"
          aria-label="Choose how to view the saunas"
          className="inline-flex w-full shrink-0 rounded-full border border-line bg-surface p-1 shadow-sm sm:w-auto"
        >
          {views.map(({ value, label, shortLabel, icon: Icon }, index) => {
            const selected = value === view;
            return (
              <a
                key={value}
                ref={(element) => {
                  tabs.current[index] = element;
                }}
                role="tab"
                id={tabId(value)}
                aria-selected={selected}
                aria-controls={selected ? panelId : undefined}
                tabIndex={selected ? 0 : -1}
                href={hrefFor(pathname, searchParams, value)}
                onKeyDown={(event) => onKeyDown(event, index)}
                // With JavaScript the tab switches in place; modified clicks still open a new tab.
                onClick={(event) => {
                  if (!event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && event.button === 0) {
                    event.preventDefault();
                    choose(value);
                  }
                }}
                className={cn(
                  "inline-flex flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold transition-colors sm:flex-none",
                  selected ? "bg-ink text-white" : "text-ink-muted hover:text-ink",
                )}
              >
                <Icon className="size-4 shrink-0" />
                <span className="sm:hidden">{shortLabel}</span>
                <span className="max-sm:hidden">{label}</span>
              </a>
            );
          })}
        </div>
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(view)}
        tabIndex={0}
        className="mt-6 rounded-card focus-visible:outline-offset-4"
      >
        {view === "compare" ? compare : list}
      </div>
    </div>
  );
}
