import { adminNumber } from "./admin-format";
import { TableHead } from "./admin-table";

/** The clicks per day as numbers, for those who read a table rather than the chart. */
export function ClickDayTable({ days }: { days: Array<{ day: string; clicks: number }> }) {
  return (
    <div className="mt-3 max-h-80 overflow-y-auto">
      <table className="w-full max-w-sm text-left">
        <caption className="sr-only">Clicks per day</caption>
        <TableHead
          cell="py-1.5"
          className="text-xs uppercase tracking-wider text-ink-muted"
          columns={[{ label: "Day" }, { label: "Clicks", className: "text-right" }]}
        />
        <tbody className="divide-y divide-line">
          {days.map((day) => (
            <tr key={day.day}>
              <td className="py-1.5 tabular-nums">{day.day}</td>
              <td className="py-1.5 text-right tabular-nums">{adminNumber(day.clicks)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
