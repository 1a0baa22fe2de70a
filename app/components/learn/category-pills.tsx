import { Link } from "~/components/ui/link";
import { cn } from "~/components/ui/cn";
import { CATEGORY_PILLS } from "~/lib/learn/articles";

/**
 * The Knowledge Center's category bar. On a phone the row scrolls sideways inside
 * itself (edge to edge), so the page never does; from the md breakpoint it wraps.
 * `activeHref` is the pill of the current page; leave it out where no pill applies (tag pages).
 */
export function CategoryPills({ activeHref, className }: { activeHref?: string; className?: string }) {
  return (
    <nav aria-label="Article categories" className={cn("-mx-4 md:mx-0", className)}>
      {/* The vertical padding leaves room for the focus outline, which the scroll box would clip. */}
      <ul className="flex gap-2 overflow-x-auto px-4 py-1.5 [scrollbar-width:none] md:flex-wrap md:overflow-visible md:px-0 [&::-webkit-scrollbar]:hidden">
        {CATEGORY_PILLS.map((pill) => {
          const active = pill.href === activeHref;
          return (
            <li key={pill.href} className="shrink-0">
              <Link
                to={pill.href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex h-10 items-center whitespace-nowrap rounded-full border px-4 text-sm font-semibold transition-colors",
                  active ? "border-ink bg-ink text-white" : "border-line bg-surface text-ink hover:border-ink-muted hover:bg-sand",
                )}
              >
                {pill.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
