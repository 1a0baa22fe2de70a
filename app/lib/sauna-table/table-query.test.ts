import { describe, expect, it } from "vitest";
import { DEFAULT_COLUMN_KEYS } from "./table-columns";
import {
  canonicalTableParams,
  DEFAULT_TABLE_QUERY,
  isBareTable,
  parseTableQuery,
  sortHref,
  tableHref,
  withKnownMeasurements,
} from "./table-query";

const parse = (search: string) => parseTableQuery(new URLSearchParams(search));
const canonical = (search: string) => canonicalTableParams(parse(search)).toString();

describe("reading the table's address", () => {
  it("reads nothing as the defaults", () => {
    expect(parse("")).toEqual(DEFAULT_TABLE_QUERY);
  });

  it("reads every filter, the sort, the columns, the page and the list", () => {
    expect(
      parse("seats=4&heater=wood&type=barrel&min=2000&max=9000&stock=1&sort=-price&cols=seats&cols=price&page=3&list=Barrel-Saunas"),
    ).toEqual({
      columns: ["price", "seats"],
      sort: { column: "price", direction: "desc" },
      minSeats: 4,
      heater: "wood",
      type: "barrel",
      minPrice: 2000,
      maxPrice: 9000,
      inStock: true,
      page: 3,
      list: "barrel-saunas",
    });
  });

  it("reads bad values as their defaults, never as an error", () => {
    const query = parse("seats=-2&heater=plasma&type=%3Cscript%3E&min=abc&max=1e9&stock=maybe&sort=-nonsense&cols=nope&page=0&page=2");
    expect(query).toEqual(DEFAULT_TABLE_QUERY);
    expect(parse("seats=999&page=99999999999").minSeats).toBeNull();
    expect(parse("page=abc").page).toBe(1);
    expect(parse("sort=dimensions").sort).toEqual(DEFAULT_TABLE_QUERY.sort);
  });

  it("takes prices as typed with a dollar sign or thousands commas, and bounds the wrong way round as the range between", () => {
    expect(parse("min=%242%2C000&max=1%2C500")).toMatchObject({ minPrice: 1500, maxPrice: 2000 });
  });

  it("reads columns repeated or comma-separated, in the registry's order, without repeats", () => {
    expect(parse("cols=weight,seats&cols=price&cols=seats").columns).toEqual(["price", "seats", "weight"]);
  });
});

describe("the one spelling of an address", () => {
  it("drops the defaults", () => {
    expect(canonical(`sort=-rating&page=1&stock=0&${DEFAULT_COLUMN_KEYS.map((key) => `cols=${key}`).join("&")}`)).toBe("");
    expect(isBareTable(parse("sort=-rating&utm_source=x"))).toBe(true);
  });

  it("is the same however the parameters are ordered or spelled", () => {
    const a = canonical("heater=WOOD&seats=4&sort=price&cols=seats&cols=price&max=50000");
    const b = canonical("max=50,000&cols=price&sort=price&seats=04&cols=seats&heater=wood&stock=");
    expect(a).toBe(b);
    expect(a).toBe("cols=price&cols=seats&heater=wood&max=50000&seats=4&sort=price");
  });

  it("is what the links print", () => {
    expect(tableHref(parse("page=2&type=barrel"))).toBe("/reviews/table?page=2&type=barrel");
    expect(tableHref(DEFAULT_TABLE_QUERY)).toBe("/reviews/table");
  });
});

describe("the headers' sort links", () => {
  it("sort a column its first way, back on page 1", () => {
    expect(sortHref(parse("page=3"), "price", "asc")).toBe("/reviews/table?sort=price");
    expect(sortHref(parse(""), "seats", "desc")).toBe("/reviews/table?sort=-seats");
  });

  it("turn the sorted column the other way", () => {
    expect(sortHref(parse("sort=price"), "price", "asc")).toBe("/reviews/table?sort=-price");
    // The default order's other way round is not the default: it is written out.
    expect(sortHref(parse(""), "rating", "desc")).toBe("/reviews/table?sort=rating");
    expect(sortHref(parse("sort=rating"), "rating", "desc")).toBe("/reviews/table");
  });
});

describe("measurement columns", () => {
  it("are kept when spelled as a measurement's key, A to Z after the fixed columns", () => {
    const query = parse("cols=m-noise,price&cols=m-heat-up-time&cols=m-Bad_Key&cols=m-");
    expect(query.columns).toEqual(["price", "m-heat-up-time", "m-noise"]);
    expect(canonicalTableParams(query).toString()).toBe("cols=price&cols=m-heat-up-time&cols=m-noise");
  });

  it("sort either way", () => {
    expect(parse("sort=m-heat-up-time").sort).toEqual({ column: "m-heat-up-time", direction: "asc" });
    expect(parse("sort=-m-noise").sort).toEqual({ column: "m-noise", direction: "desc" });
  });

  it("that the site does not have are left out, and a sort by one is the default", () => {
    const query = withKnownMeasurements(parse("cols=m-gone&cols=m-noise&sort=m-gone"), new Set(["m-noise"]));
    expect(query.columns).toEqual(["m-noise"]);
    expect(query.sort).toEqual(DEFAULT_TABLE_QUERY.sort);
    expect(withKnownMeasurements(parse("cols=m-gone"), new Set()).columns).toEqual([...DEFAULT_COLUMN_KEYS]);
  });
});
