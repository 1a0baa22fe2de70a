import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "lucide-react";
import { Link } from "~/components/ui/link";

const LINK = "inline-flex items-center gap-1 font-semibold text-brand hover:underline";

/** A page of the list at `path`: its search and filters kept, no page number for the first page. */
function pageHref(path: string, query: Record<string, string | undefined>, param: string, page: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  if (page > 1) params.set(param, String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * An admin list's page links. A catalog of 200,000 products is 4,000 pages: the first and the
 * last page are one click away, not a URL to edit. Renders nothing for a single page.
 */
export function AdminPageLinks({
  page,
  pages,
  path,
  query,
  label,
  param = "page",
  className = "",
}: {
  page: number;
  pages: number;
  /** The query parameter holding the page number: a page with two paged lists gives each its own. */
  param?: string;
  /** The list's address, and the search and filters every page link keeps (empty ones left out). */
  path: string;
  query: Record<string, string | undefined>;
  label: string;
  className?: string;
}) {
  if (pages <= 1) return null;
  const hrefOf = (to: number) => pageHref(path, query, param, to);
  return (
    <nav aria-label={label} className={`flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm ${className}`}>
      <span className="flex gap-4">
        {page > 1 && (
          <>
            {page > 2 && (
              <Link to={hrefOf(1)} className={LINK}>
                <ChevronsLeft aria-hidden className="size-4" /> First
              </Link>
            )}
            <Link to={hrefOf(page - 1)} className={LINK}>
              <ChevronLeft aria-hidden className="size-4" /> Previous
            </Link>
          </>
        )}
      </span>
      {/* On a phone the page's number takes a line of its own, above the links. */}
      <span className="order-first w-full text-center text-ink-muted sm:order-none sm:w-auto">
        Page {page.toLocaleString("en-US")} of {pages.toLocaleString("en-US")}
      </span>
      <span className="flex gap-4">
        {page < pages && (
          <>
            <Link to={hrefOf(page + 1)} className={LINK}>
              Next <ChevronRight aria-hidden className="size-4" />
            </Link>
            {page < pages - 1 && (
              <Link to={hrefOf(pages)} className={LINK}>
                Last <ChevronsRight aria-hidden className="size-4" />
              </Link>
            )}
          </>
        )}
      </span>
    </nav>
  );
}
