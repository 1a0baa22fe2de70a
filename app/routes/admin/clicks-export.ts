import { clickPeriodFrom, periodDays } from "~/lib/clicks/click-period";
import { csvLine } from "~/lib/csv/csv-writer";
import { requireAdmin } from "~/server/auth/guard.server";
import { clicksPerDay } from "~/server/clicks/click-analytics.server";
import type { Route } from "./+types/clicks-export";

/**
 * /admin/clicks/export?days=30: the daily click counts the clicks page charts, as CSV (one row
 * per UTC day, days without clicks included). Cells go through the formula-safe writer like every
 * CSV the site hands out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const days = periodDays(clickPeriodFrom(new URL(request.url).searchParams.get("days")), Date.now());
  const counts = await clicksPerDay(context.db, days);
  const body = csvLine(["day", "clicks"]) + counts.map((entry) => csvLine([entry.day, String(entry.clicks)])).join("");
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="clicks-${days[0]}-to-${days.at(-1)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
