import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Link } from "~/components/ui/link";
import { clickFilterQuery, UNKNOWN_COUNTRY, type ClickFilter } from "~/lib/clicks/click-filter";
import { CLICK_PERIODS } from "~/lib/clicks/click-period";

/** The clicks screen's period links; each keeps the filter. */
export function ClickPeriodNav({ days, filter }: { days: number; filter: ClickFilter }) {
  return (
    <nav aria-label="Period" className="mb-6 flex flex-wrap items-center gap-2">
      {CLICK_PERIODS.map((period) => (
        <Link
          key={period}
          to={`/admin/clicks?days=${period}${clickFilterQuery(filter)}`}
          aria-current={period === days ? "page" : undefined}
          className={cn(
            "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium",
            period === days ? "border-brand bg-brand text-white" : "border-line bg-surface text-ink hover:border-brand/40",
          )}
        >
          Last {period} days
        </Link>
      ))}
    </nav>
  );
}

/** The clicks screen's filter by the reader's country or the shop: a plain GET form, so it works without JavaScript. */
export function ClickFilterForm({
  days,
  filter,
  choices,
}: {
  days: number;
  filter: ClickFilter;
  choices: { countries: readonly string[]; merchants: readonly { id: number; name: string }[] };
}) {
  const filtered = filter.country !== null || filter.merchant !== null;
  return (
    <form method="get" action="/admin/clicks" className="mb-6 flex flex-wrap items-end gap-3" aria-label="Filter clicks">
      <input type="hidden" name="days" value={days} />
      <label className="grid gap-1 text-sm font-medium">
        Reader country
        <select name="country" defaultValue={filter.country ?? ""} className="h-9 rounded-md border border-line bg-surface px-2 text-sm">
          <option value="">All countries</option>
          {choices.countries.map((country) => (
            <option key={country} value={country}>
              {country}
            </option>
          ))}
          <option value={UNKNOWN_COUNTRY}>Unknown</option>
        </select>
      </label>
      <label className="grid gap-1 text-sm font-medium">
        Shop
        <select
          name="merchant"
          defaultValue={filter.merchant === null ? "" : String(filter.merchant)}
          className="h-9 rounded-md border border-line bg-surface px-2 text-sm"
        >
          <option value="">All shops</option>
          {choices.merchants.map((merchant) => (
            <option key={merchant.id} value={String(merchant.id)}>
              {merchant.name}
            </option>
          ))}
          <option value="none">No shop (maker&apos;s website or survey)</option>
        </select>
      </label>
      <button type="submit" className={buttonClasses({ variant: "secondary" })}>
        Filter
      </button>
      {filtered && (
        <Link
          to={`/admin/clicks?days=${days}`}
          className="h-9 content-center text-sm font-medium text-brand underline-offset-4 hover:underline"
        >
          Clear filter
        </Link>
      )}
    </form>
  );
}
