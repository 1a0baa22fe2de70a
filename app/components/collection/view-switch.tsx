import { Columns3, ListOrdered } from "~/components/ui/icons";
import { Tabs } from "radix-ui";
import { useLocation, useSearchParams } from "react-router";
import { cn } from "~/components/ui/cn";

type CollectionView = "list" | "compare";

export const VIEW_PARAM = "view";

/** '?view=compare' chooses the comparison layout; anything else is the ranked list. */
function viewFromSearch(search: URLSearchParams): CollectionView {
  return search.get(VIEW_PARAM) === "compare" ? "compare" : "list";
}

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
 * The two layouts of a collection as tabs (Radix: arrow keys move between them, Home/End, and the
 * focused one is shown). The choice lives in the URL, so it can be shared and works without
 * JavaScript: each tab is a plain link to its ?view= URL, which the server renders.
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
  const view = viewFromSearch(searchParams);

  function choose(value: string) {
    const next = value === "compare" ? "compare" : "list";
    if (next === view) return;
    setSearchParams((current) => searchWithView(current, next), { replace: true, preventScrollReset: true });
  }

  return (
    <Tabs.Root value={view} onValueChange={choose} activationMode="automatic">
      <div className="flex flex-col gap-5 border-b border-line pb-6 lg:flex-row lg:items-end lg:justify-between lg:gap-10">
        <div className="min-w-0">{heading}</div>
        <Tabs.List
          aria-label="Choose how to view the saunas"
          className="inline-flex w-full shrink-0 rounded-full border border-line bg-surface p-1 shadow-sm sm:w-auto"
        >
          {views.map(({ value, label, shortLabel, icon: Icon }) => (
            <Tabs.Trigger key={value} value={value} asChild>
              <a
                href={hrefFor(pathname, searchParams, value)}
                // With JavaScript the tab switches in place; modified clicks still open a new tab.
                onClick={(event) => {
                  if (!event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && event.button === 0)
                    event.preventDefault();
                }}
                className={cn(
                  "inline-flex flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold transition-colors sm:flex-none",
                  "text-ink-muted hover:text-ink data-[state=active]:bg-ink data-[state=active]:text-white",
                )}
              >
                <Icon aria-hidden className="size-4 shrink-0" />
                <span className="sm:hidden">{shortLabel}</span>
                <span className="max-sm:hidden">{label}</span>
              </a>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </div>
      <Tabs.Content value="list" className="mt-6 rounded-card focus-visible:outline-offset-4">
        {list}
      </Tabs.Content>
      <Tabs.Content value="compare" className="mt-6 rounded-card focus-visible:outline-offset-4">
        {compare}
      </Tabs.Content>
    </Tabs.Root>
  );
}
