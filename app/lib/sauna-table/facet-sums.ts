import type { TableQuery } from "./table-query";
import type { TableFacetCounts } from "./table-view";

/**
 * The table's count and every filter's counts from one GROUP BY: how many products share each
 * heater family, type and seat count, among those that pass the other filters (price, stock).
 * Each filter's counts keep the other two of these filters and leave out its own, so a count says
 * what choosing that value gives; the table's count keeps all three. The counting is SQL's; this
 * only adds up a few hundred groups.
 */
export interface ProductGroup {
  /** '' when the product names no heater. */
  heaterFamily: string;
  /** '' when it names no type. */
  categoryKey: string;
  capacity: number | null;
  count: number;
}

type Facet = "heater" | "type" | "seats";

function passes(group: ProductGroup, query: TableQuery, except?: Facet): boolean {
  if (except !== "heater" && query.heater !== null && group.heaterFamily !== query.heater) return false;
  if (except !== "type" && query.type !== null && group.categoryKey !== query.type) return false;
  if (except !== "seats" && query.minSeats !== null && (group.capacity === null || group.capacity < query.minSeats)) return false;
  return true;
}

function countBy(groups: readonly ProductGroup[], key: (group: ProductGroup) => string | null) {
  const counts = new Map<string, number>();
  for (const group of groups) {
    const value = key(group);
    if (value !== null) counts.set(value, (counts.get(value) ?? 0) + group.count);
  }
  return [...counts].map(([value, count]) => ({ value, count }));
}

export function sumFacets(groups: readonly ProductGroup[], query: TableQuery): { total: number; facets: TableFacetCounts } {
  const total = groups.filter((group) => passes(group, query)).reduce((sum, group) => sum + group.count, 0);
  const heater = countBy(
    groups.filter((group) => passes(group, query, "heater")),
    (group) => group.heaterFamily || null,
  );
  const type = countBy(
    groups.filter((group) => passes(group, query, "type")),
    (group) => group.categoryKey || null,
  ).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  const seats = countBy(
    groups.filter((group) => passes(group, query, "seats")),
    (group) => (group.capacity !== null && group.capacity > 0 ? String(group.capacity) : null),
  ).sort((a, b) => Number(a.value) - Number(b.value));
  return { total, facets: { heater, type, seats } };
}
