import { Scale, X } from "~/components/ui/icons";
import { Link, useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { COMPARE_PATH, compareHref, MAX_COMPARE } from "~/lib/compare";
import { useCompareItems, writeCompareItems } from "./compare-store";

/** The bar at the bottom of the screen listing the saunas picked for comparison (JavaScript only). */
export function CompareTray() {
  const items = useCompareItems();
  const { pathname } = useLocation();
  if (items.length === 0 || pathname === COMPARE_PATH) return null;
  return (
    <aside
      aria-label="Compare saunas"
      data-testid="compare-tray"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-3xl flex-wrap items-center gap-2 rounded-card border border-line bg-surface p-3 shadow-raised"
    >
      <Scale aria-hidden className="size-5 text-brand" />
      <ul className="flex min-w-0 flex-1 flex-wrap gap-1.5">
        {items.map((item) => (
          <li key={item.slug} className="inline-flex items-center gap-1 rounded-full bg-sand py-1 pl-3 pr-1 text-sm">
            {item.name}
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
