import { useState } from "react";
import { PriceText } from "~/components/catalog/price-text";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Link } from "~/components/ui/link";
import { COMPARE_PARAM, COMPARE_PATH, MAX_COMPARE } from "~/lib/compare/compare";
import type { HeaderView, TableView } from "~/lib/sauna-table/table-view";

const COMPARE_FORM = "compare-chosen";
const CAPTION_ID = "sauna-table-caption";

/**
 * The table itself: the sauna's name is each row's header and stays at the left while the other
 * columns scroll sideways inside the table's own box (`.sauna-table` in app/app.css), so the page
 * never does. Each header sorts by its column with a plain link; each row's checkbox belongs to
 * the compare form below the table, which opens /compare with the chosen saunas. Without
 * JavaScript everything works; with it, the form counts what is chosen as it changes.
 */
export function SaunaTable({ view }: { view: TableView }) {
  const [chosen, setChosen] = useState(0);
  if (view.rows.length === 0) return null;
  return (
    <>
      <section
        className="sauna-table-scroll mt-4 overflow-x-auto rounded-card border border-line bg-surface shadow-card"
        aria-labelledby={CAPTION_ID}
        // A named section is a region. The box scrolls sideways: a keyboard reaches it to scroll it with the arrow keys.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <table className="sauna-table" data-testid="sauna-table">
          <caption id={CAPTION_ID} className="sr-only">
            Saunas, {view.sortedBy.toLowerCase()}
          </caption>
          <thead>
            <tr>
              <th scope="col">Sauna</th>
              {view.headers.map((header) => (
                <SortHeader key={header.key} header={header} />
              ))}
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row) => (
              <tr key={row.slug}>
                <th scope="row">
                  <span className="flex items-start gap-2">
                    <input
                      type="checkbox"
                      name={COMPARE_PARAM}
                      value={row.slug}
                      form={COMPARE_FORM}
                      id={`compare-${row.slug}`}
                      className="mt-1 size-4 shrink-0 accent-brand"
                      onChange={(event) => setChosen(checkedIn(event.currentTarget.form))}
                    />
                    <label htmlFor={`compare-${row.slug}`} className="sr-only">
                      Compare {row.name}
                    </label>
                    <span className="min-w-0">
                      <span className="brand-line block">{row.brand}</span>
                      <Link to={row.href} className="font-semibold text-ink hover:text-brand-strong">
                        {row.name}
                      </Link>
                    </span>
                  </span>
                </th>
                {row.cells.map((cell) => (
                  <td key={cell.key} className={cn(view.headers.find((header) => header.key === cell.key)?.numeric && "tabular-nums")}>
                    {cell.key === "price" ? <PriceText text={cell.text} asOf={cell.asOf} /> : cell.text}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <form id={COMPARE_FORM} action={COMPARE_PATH} method="get" className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit" variant="secondary">
          Compare chosen saunas
        </Button>
        <p className="text-sm text-ink-muted" aria-live="polite">
          {chosen > MAX_COMPARE
            ? `${chosen} chosen: the comparison shows the first ${MAX_COMPARE} of them.`
            : chosen > 0
              ? `${chosen} of ${MAX_COMPARE} chosen.`
              : `Tick up to ${MAX_COMPARE} saunas in the table; the comparison shows at most ${MAX_COMPARE}.`}
        </p>
      </form>
    </>
  );
}

/** How many saunas the compare form holds now (its checkboxes sit in the table, tied to it by `form`). */
function checkedIn(form: HTMLFormElement | null): number {
  if (!form) return 0;
  return Array.from(form.elements).filter(
    (element) => element instanceof HTMLInputElement && element.name === COMPARE_PARAM && element.checked,
  ).length;
}

function SortHeader({ header }: { header: HeaderView }) {
  if (!header.sortHref) return <th scope="col">{header.label}</th>;
  const mark = header.ariaSort === "ascending" ? "▲" : header.ariaSort === "descending" ? "▼" : "↕";
  return (
    <th scope="col" aria-sort={header.ariaSort ?? undefined}>
      <Link
        to={header.sortHref}
        className={cn("inline-flex items-center gap-1 hover:text-brand-strong", header.ariaSort ? "text-ink" : "text-ink-muted")}
      >
        {header.label}
        <span className="sr-only">, {header.sortLabel}</span>
        <span aria-hidden className={cn("text-xs", !header.ariaSort && "opacity-50")}>
          {mark}
        </span>
      </Link>
    </th>
  );
}
