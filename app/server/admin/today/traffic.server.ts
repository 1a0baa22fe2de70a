import type { TodayItem } from "~/lib/today/today-items";
import { comparedWeeks, MIN_CLICKS_EARLIER_WEEK, trafficFall, type WeekFigures } from "~/lib/today/today-thresholds";
import { formatMoney } from "~/lib/revenue/earnings";
import type { DB } from "../../db/connection.server";

/**
 * Rule: a page (a click source: home, a collection, a review, an article) whose clicks, or whose
 * earnings per click, fell by a third from one week to the next, only when the earlier week had
 * enough clicks to mean it. Whole UTC days: the 7 before today against the 7 before those.
 */

const DAY_MS = 86_400_000;

async function weekFigures(db: DB, week: { from: string; to: string }, currency: string): Promise<Map<string, WeekFigures>> {
  const from = Date.parse(`${week.from}T00:00:00Z`);
  const to = Date.parse(`${week.to}T00:00:00Z`) + DAY_MS;
  const [clicks, earned] = await Promise.all([
    db
      .selectFrom("click_source_days")
      .select(["source", (eb) => eb.fn.sum<number | string>("clicks").as("clicks")])
      .where("day", ">=", week.from)
      .where("day", "<=", week.to)
      .groupBy("source")
      .execute(),
    db
      .selectFrom("commissions")
      .innerJoin("click_sub_ids", "click_sub_ids.sub_id", "commissions.sub_id")
      .select(["click_sub_ids.source", (eb) => eb.fn.sum<number | string>("commissions.commission_hundredths").as("earned")])
      .where("click_sub_ids.clicked_at", ">=", from)
      .where("click_sub_ids.clicked_at", "<", to)
      .where("commissions.status", "!=", "reversed")
      .where("commissions.currency", "=", currency)
      .groupBy("click_sub_ids.source")
      .execute(),
  ]);
  const out = new Map<string, WeekFigures>(clicks.map((row) => [row.source, { clicks: Number(row.clicks), earned: 0 }]));
  for (const row of earned) {
    const entry = out.get(row.source) ?? { clicks: 0, earned: 0 };
    entry.earned = Number(row.earned);
    out.set(row.source, entry);
  }
  return out;
}

/** The page a click source names, in the owner's words. */
function pageName(source: string): string {
  const [kind, slug] = source.split(":", 2);
  if (!slug) return kind === "home" ? "Home page" : `${kind![0]!.toUpperCase()}${kind!.slice(1)} page`;
  return `${kind![0]!.toUpperCase()}${kind!.slice(1)}: ${slug}`;
}

export async function trafficFell(db: DB, currency: string, now: number): Promise<(TodayItem & { source: string })[]> {
  const weeks = comparedWeeks(now);
  const [earlier, later] = await Promise.all([weekFigures(db, weeks.earlier, currency), weekFigures(db, weeks.later, currency)]);
  const items: (TodayItem & { source: string })[] = [];
  for (const [source, before] of earlier) {
    if (before.clicks < MIN_CLICKS_EARLIER_WEEK) continue;
    const after = later.get(source) ?? { clicks: 0, earned: 0 };
    const fall = trafficFall(before, after);
    if (!fall) continue;
    items.push({
      rule: "traffic-fell",
      subject: `source:${source}`,
      title: pageName(source),
      detail:
        fall.kind === "clicks"
          ? `Shop clicks fell from ${fall.from} to ${fall.to} week over week.`
          : `Earnings per click fell from ${formatMoney(currency, Math.round(fall.from))} to ${formatMoney(currency, Math.round(fall.to))} week over week.`,
      href: "/admin/revenue",
      fix: "See what earns",
      // The week it fell: a fall found again a week later is a new one.
      since: Date.parse(`${weeks.later.from}T00:00:00Z`),
      money: null,
      source,
    });
  }
  return items;
}
