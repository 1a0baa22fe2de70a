import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { cn } from "~/components/ui/cn";
import { pageHref, pageLinks, type PageInfo } from "~/lib/catalog/pagination";

/**
 * Previous / numbered / Next links between the pages of a product list. Plain links to
 * `?page=N` (the other query parameters kept), so they work without JavaScript and crawlers follow
 * them; the head's rel=prev/next tags come from the route's meta. Nothing shows for a single page.
 */
export function Pagination({
  pagination,
  label,
  className,
  hrefOf,
}: {
  pagination: PageInfo;
  label: string;
  className?: string;
  /** A page's address, for a list whose addresses have one spelling of their own (the sauna table's). */
  hrefOf?: (page: number) => string;
}) {
  const { pathname, search } = useLocation();
  const { page, pageCount } = pagination;
  if (pageCount <= 1) return null;
  const href = hrefOf ?? ((target: number) => pageHref(pathname, search, target));

  const stepLink =
    "inline-flex min-h-11 items-center rounded-full border border-line bg-surface px-4 font-semibold hover:border-brand hover:text-brand-strong";
  const number = "inline-flex size-11 items-center justify-center rounded-full font-semibold tabular-nums";
  return (
    <nav aria-label={label} className={cn("mt-10", className)} data-testid="pagination">
      <ul className="flex flex-wrap items-center justify-center gap-1.5 text-sm">
        {page > 1 && (
          <li>
            <Link to={href(page - 1)} rel="prev" className={stepLink}>
              <span aria-hidden>←&nbsp;</span>Previous
            </Link>
          </li>
        )}
        {pageLinks(page, pageCount).map((link) =>
          link.kind === "gap" ? (
            <li key={link.key} aria-hidden className="px-1 text-ink-muted">
              …
            </li>
          ) : (
            <li key={link.page}>
              {link.current ? (
                <span aria-current="page" className={cn(number, "bg-ink text-canvas")}>
                  <span className="sr-only">Page </span>
                  {link.page}
                </span>
              ) : (
                <Link to={href(link.page)} className={cn(number, "hover:bg-sand hover:text-brand-strong")}>
                  <span className="sr-only">Page </span>
                  {link.page}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link to={href(page + 1)} rel="next" className={stepLink}>
              Next<span aria-hidden>&nbsp;→</span>
            </Link>
          </li>
        )}
      </ul>
      <p className="mt-3 text-center text-sm text-ink-muted">
        Page {page} of {pageCount.toLocaleString("en-US")}
      </p>
    </nav>
  );
}
