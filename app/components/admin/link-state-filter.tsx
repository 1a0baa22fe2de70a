import { Link } from "~/components/ui/link";
import { cn } from "~/components/ui/cn";
import { LINK_STATE_LABELS, LINK_STATES, type LinkState, type LinkStateCounts } from "~/lib/links/link-report";

/** The count of links in each state; each count filters the list to that state, and again shows all. */
export function LinkStateFilter({ counts, show, search }: { counts: LinkStateCounts; show: LinkState | null; search: string }) {
  const stateHref = (state: LinkState | null) => {
    const params = new URLSearchParams();
    if (state) params.set("show", state);
    if (search) params.set("q", search);
    return params.size > 0 ? `/admin/links?${params}` : "/admin/links";
  };
  return (
    <ul className="mb-6 grid grid-cols-3 gap-2 sm:gap-3" aria-label="Links by state">
      {LINK_STATES.map((state) => (
        <li key={state}>
          <Link
            to={stateHref(show === state ? null : state)}
            aria-current={show === state ? "true" : undefined}
            className={cn(
              "block h-full rounded-card border bg-surface p-3 shadow-card hover:border-brand/40 sm:p-4",
              show === state ? "border-brand" : "border-line",
            )}
            data-testid={`link-count-${state}`}
          >
            <span className="block text-xs text-ink-muted sm:text-sm">{LINK_STATE_LABELS[state]}</span>
            <span
              className={cn("mt-1 block text-2xl font-semibold tabular-nums", state === "broken" && counts.broken > 0 && "text-red-700")}
            >
              {counts[state].toLocaleString("en-US")}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
