import { Button } from "~/components/ui/button";
import { Form } from "~/components/ui/link";

/** Names listed in full; past this the page says how many more. */
const LISTED = 50;

export interface NamedRow {
  key: string;
  name: string;
  /** A sample row the owner edited (or an import overwrote). */
  edited?: boolean;
  /** For sample rows: what "Keep this one as mine" posts. */
  keep?: { kind: "product" | "collection" | "article" | "shop" | "author"; id: number };
}

/** One kind of row the removal confirmation names (products, collections, articles, shops, authors). */
export function NameList({ title, rows, returnTo }: { title: string; rows: readonly NamedRow[]; returnTo?: string }) {
  return (
    <section aria-label={title} className="rounded-card border border-line bg-surface p-4 shadow-card">
      <h2 className="text-base font-semibold">{title}</h2>
      <ul className="mt-2 space-y-1 text-sm">
        {rows.slice(0, LISTED).map((row) => (
          <li
            key={row.key}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-line py-1 last:border-b-0"
          >
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {row.name}
              {row.edited && <span className="ml-2 rounded-full bg-sand px-2 py-0.5 text-xs font-semibold text-ink">edited by you</span>}
            </span>
            {row.keep && (
              <Form method="post" className="shrink-0">
                <input type="hidden" name="kind" value={row.keep.kind} />
                <input type="hidden" name="id" value={row.keep.id} />
                {returnTo && <input type="hidden" name="from" value={returnTo} />}
                <Button type="submit" name="intent" value="keep-sample" variant="secondary" className="h-9 px-3 text-sm">
                  Keep this one as mine<span className="sr-only">: {row.name}</span>
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {rows.length > LISTED && <p className="mt-2 text-sm text-ink-muted">and {(rows.length - LISTED).toLocaleString("en-US")} more.</p>}
    </section>
  );
}
