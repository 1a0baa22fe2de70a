import { appContext } from "~/server/load-context";
import { clickPeriodFrom, periodDays } from "~/lib/clicks/click-period";
import { csvLine } from "~/lib/csv/csv-writer";
import { clicksPerDay } from "~/server/clicks/click-analytics.server";
import { csvDownload } from "~/server/http/csv-download.server";
import type { Route } from "./+types/clicks-export";

/**
 * /admin/clicks/export?days=30: the daily click counts the clicks page charts, as CSV (one row
 * per UTC day, days without clicks included). Cells go through the formula-safe writer like every
 * CSV the site hands out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const days = periodDays(clickPeriodFrom(new URL(request.url).searchParams.get("days")), Date.now());
  const counts = await clicksPerDay(context.get(appContext).db, days);
  async function* lines() {
    yield csvLine(["day", "clicks"]);
    for (const entry of counts) yield csvLine([entry.day, String(entry.clicks)]);
  }
  return csvDownload(lines(), `clicks-${days[0]}-to-${days.at(-1)}.csv`);
}
