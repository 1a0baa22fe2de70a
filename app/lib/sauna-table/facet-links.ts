import { categoryLabel } from "../catalog/product-display";
import { HEATER_FAMILIES, OTHER_HEATER } from "./heater-families";
import { DEFAULT_TABLE_QUERY, tableHref, type TableQuery } from "./table-query";
import type { TableFacetCounts } from "./table-view";

/**
 * The reviews index's ways into the sauna table, with how many saunas each leaves:
 * "Heater: Electric (12) · Wood-burning (5)". Each is a link to the table so filtered.
 */
export interface FacetLinkGroup {
  label: string;
  links: { label: string; count: number; href: string }[];
}

const FACET_LINKS_SHOWN = 8;

function link(label: string, count: number, query: Partial<TableQuery>) {
  return { label, count, href: tableHref({ ...DEFAULT_TABLE_QUERY, ...query }) };
}

export function facetLinkGroups(facets: TableFacetCounts): FacetLinkGroup[] {
  const heaterCount = new Map(facets.heater.map((facet) => [facet.value, facet.count]));
  const heater = [...HEATER_FAMILIES, OTHER_HEATER]
    .filter((family) => (heaterCount.get(family.key) ?? 0) > 0)
    .map((family) => link(family.label, heaterCount.get(family.key)!, { heater: family.key }));
  const type = facets.type.slice(0, FACET_LINKS_SHOWN).map((facet) => link(categoryLabel(facet.value), facet.count, { type: facet.value }));
  // "At least N seats": each counts every size from N up.
  const seats: FacetLinkGroup["links"] = [];
  let atLeast = 0;
  for (const facet of [...facets.seats].reverse()) {
    atLeast += facet.count;
    seats.unshift(link(`${facet.value}+`, atLeast, { minSeats: Number(facet.value) }));
  }
  return [
    { label: "Heater", links: heater },
    { label: "Type", links: type },
    { label: "Seats", links: seats.slice(0, FACET_LINKS_SHOWN) },
  ].filter((group) => group.links.length > 0);
}
