import { describe, expect, it } from "vitest";
import { sumFacets } from "./facet-sums";
import { facetLinkGroups } from "./facet-links";
import { parseTableQuery } from "./table-query";

const groups = [
  { heaterFamily: "electric", categoryKey: "barrel", capacity: 2, count: 5 },
  { heaterFamily: "electric", categoryKey: "cube", capacity: 4, count: 3 },
  { heaterFamily: "wood", categoryKey: "barrel", capacity: 6, count: 2 },
  { heaterFamily: "", categoryKey: "", capacity: null, count: 1 },
];

describe("the table's count and its filters' counts from one GROUP BY", () => {
  it("counts each choice with the other filters kept and its own left out", () => {
    const { total, facets } = sumFacets(groups, parseTableQuery(new URLSearchParams("heater=electric&seats=3")));
    expect(total).toBe(3);
    // Heater counts keep seats ≥ 3: 3 electric cubes, 2 wood barrels.
    expect(facets.heater).toEqual([
      { value: "electric", count: 3 },
      { value: "wood", count: 2 },
    ]);
    // Type counts keep both.
    expect(facets.type).toEqual([{ value: "cube", count: 3 }]);
    // Seat counts keep the heater: by exact size, summed into "at least" by the page.
    expect(facets.seats).toEqual([
      { value: "2", count: 5 },
      { value: "4", count: 3 },
    ]);
  });

  it("counts everything with no filter, and leaves out what names no heater, type or size", () => {
    const { total, facets } = sumFacets(groups, parseTableQuery(new URLSearchParams("")));
    expect(total).toBe(11);
    expect(facets.type).toEqual([
      { value: "barrel", count: 7 },
      { value: "cube", count: 3 },
    ]);
  });
});

describe("the reviews index's links into the table", () => {
  it("reads 'Heater: Electric (8) · Wood-burning (2)', each a filtered table", () => {
    const { facets } = sumFacets(groups, parseTableQuery(new URLSearchParams("")));
    expect(facetLinkGroups(facets)).toEqual([
      {
        label: "Heater",
        links: [
          { label: "Wood-burning", count: 2, href: "/reviews/table?heater=wood" },
          { label: "Electric", count: 8, href: "/reviews/table?heater=electric" },
        ],
      },
      {
        label: "Type",
        links: [
          { label: "Barrel", count: 7, href: "/reviews/table?type=barrel" },
          { label: "Cube", count: 3, href: "/reviews/table?type=cube" },
        ],
      },
      {
        label: "Seats",
        links: [
          { label: "2+", count: 10, href: "/reviews/table?seats=2" },
          { label: "4+", count: 5, href: "/reviews/table?seats=4" },
          { label: "6+", count: 2, href: "/reviews/table?seats=6" },
        ],
      },
    ]);
  });
});
