import { Link } from "~/components/ui/link";
import type { FacetLinkGroup } from "~/lib/sauna-table/facet-links";
import { TABLE_PATH } from "~/lib/sauna-table/table-query";

/** The reviews index's ways into the sauna table, each with how many saunas it leaves. */
export function FacetLinks({ groups }: { groups: FacetLinkGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="table-facets" className="page-container pt-12 md:pt-16" data-testid="table-facets">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="table-facets" className="text-2xl font-semibold tracking-tight md:text-3xl">
          Every Sauna in One Table
        </h2>
        <Link to={TABLE_PATH} className="text-sm font-semibold text-brand hover:text-brand-strong">
          Open the table<span aria-hidden>&nbsp;→</span>
        </Link>
      </div>
      <dl className="mt-4 grid gap-3 rounded-card border border-line bg-surface p-4 shadow-card text-sm">
        {groups.map((group) => (
          <div key={group.label} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <dt className="font-semibold">{group.label}:</dt>
            {group.links.map((link, index) => (
              <dd key={link.href}>
                {index > 0 && (
                  <span aria-hidden className="mr-2 text-ink-muted">
                    ·
                  </span>
                )}
                <Link to={link.href} className="text-brand hover:text-brand-strong">
                  {link.label} <span className="text-ink-muted">({link.count.toLocaleString("en-US")})</span>
                </Link>
              </dd>
            ))}
          </div>
        ))}
      </dl>
    </section>
  );
}
