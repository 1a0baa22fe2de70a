import { Button } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { sortParam, TABLE_PARAMS, TABLE_PATH } from "~/lib/sauna-table/table-query";
import { COLUMN_GROUPS } from "~/lib/sauna-table/table-columns";
import type { ChoiceView, TableView } from "~/lib/sauna-table/table-view";

/**
 * The table's filters and its column choice: one GET form, so it works without JavaScript and
 * its address can be shared. Every choice says how many saunas it leaves, the other filters kept.
 * On a phone it folds into a details element; from 48rem it always shows (app/app.css).
 */
export function TableFilters({ view }: { view: TableView }) {
  const { query } = view;
  const active =
    [query.minSeats, query.heater, query.type, query.minPrice, query.maxPrice].filter((value) => value !== null).length +
    (query.inStock ? 1 : 0);
  return (
    <details className="table-filters rounded-card border border-line bg-surface shadow-card">
      <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold">
        Filters and columns{active > 0 ? ` (${active} active)` : ""}
      </summary>
      <form method="get" action={TABLE_PATH} className="grid gap-5 p-4" aria-label="Filter the table and choose its columns">
        <input type="hidden" name={TABLE_PARAMS.sort} value={sortParam(query.sort)} />
        {query.list !== null && <input type="hidden" name={TABLE_PARAMS.list} value={query.list} />}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <ChoiceSelect label="Seats" name={TABLE_PARAMS.seats} any="Any size" choices={view.seatChoices} />
          <ChoiceSelect label="Type" name={TABLE_PARAMS.type} any="Any type" choices={view.typeChoices} />
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm font-semibold">Price today (USD)</legend>
            <div className="flex items-center gap-2">
              <label className="sr-only" htmlFor="table-min-price">
                Lowest price
              </label>
              <input
                id="table-min-price"
                name={TABLE_PARAMS.minPrice}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                placeholder="Min"
                defaultValue={query.minPrice ?? ""}
                className="table-field"
              />
              <span aria-hidden>–</span>
              <label className="sr-only" htmlFor="table-max-price">
                Highest price
              </label>
              <input
                id="table-max-price"
                name={TABLE_PARAMS.maxPrice}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                placeholder="Max"
                defaultValue={query.maxPrice ?? ""}
                className="table-field"
              />
            </div>
          </fieldset>
          <div className="flex items-end">
            <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
              <input type="checkbox" name={TABLE_PARAMS.inStock} value="1" defaultChecked={query.inStock} className="size-4 accent-brand" />
              In stock only
            </label>
          </div>
        </div>
        <fieldset>
          <legend className="mb-1.5 text-sm font-semibold">Heater</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name={TABLE_PARAMS.heater}
                value=""
                defaultChecked={query.heater === null}
                className="size-4 accent-brand"
              />
              Any
            </label>
            {view.heaterChoices.map((choice) => (
              <label key={choice.value} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={TABLE_PARAMS.heater}
                  value={choice.value}
                  defaultChecked={choice.chosen}
                  className="size-4 accent-brand"
                />
                {choice.label} <span className="text-ink-muted">({choice.count.toLocaleString("en-US")})</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-1.5 text-sm font-semibold">Columns</legend>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {COLUMN_GROUPS.filter((group) => view.columnChoices.some((column) => column.group === group)).map((group) => (
              <fieldset key={group}>
                <legend className="text-xs font-semibold uppercase tracking-wider text-ink-muted">{group}</legend>
                {view.columnChoices
                  .filter((column) => column.group === group)
                  .map((column) => (
                    <label key={column.key} className="flex min-h-9 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name={TABLE_PARAMS.columns}
                        value={column.key}
                        defaultChecked={column.chosen}
                        className="size-4 accent-brand"
                      />
                      {column.label}
                    </label>
                  ))}
              </fieldset>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit">Show saunas</Button>
          {view.filtered && (
            <Link to={view.clearHref} className="text-sm font-semibold text-brand hover:text-brand-strong">
              Clear filters
            </Link>
          )}
        </div>
      </form>
    </details>
  );
}

function ChoiceSelect({ label, name, any, choices }: { label: string; name: string; any: string; choices: ChoiceView[] }) {
  const id = `table-${name}`;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select id={id} name={name} defaultValue={choices.find((choice) => choice.chosen)?.value ?? ""} className="table-field">
        <option value="">{any}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label} ({choice.count.toLocaleString("en-US")})
          </option>
        ))}
      </select>
    </div>
  );
}
