import { describe, expect, it } from "vitest";
import { canonicalValue, TableChecksum, toPostgresParameter } from "./column-crossing";

describe("a value crossing from SQLite to PostgreSQL", () => {
  it("writes both sides' forms of one value the same way", () => {
    const same: [unknown, unknown, string][] = [
      [1, "t", "boolean"],
      [0, "f", "boolean"],
      ["2026-11-28 10:00:00", "2026-11-28 10:00:00+00", "timestamp with time zone"],
      ["2026-11-28T10:00:00.123Z", "2026-11-28 10:00:00.123+00", "timestamp with time zone"],
      ["2026-11-28T10:00:00.123Z", "2026-11-28 11:00:00.123+01", "timestamp with time zone"],
      [Date.UTC(2026, 10, 28, 10), "2026-11-28 10:00:00+00", "timestamp with time zone"],
      [4.3, "4.3", "real"],
      [4.35, "4.35", "double precision"],
      [1_700_000_000_123, "1700000000123", "bigint"],
      [Buffer.from([0, 255]), "\\x00ff", "bytea"],
      ['{"b":1,"a":[2]}', '{"a": [2], "b": 1}', "jsonb"],
      ["2026-11-28", "2026-11-28", "date"],
    ];
    for (const [sqlite, postgres, type] of same) {
      expect([type, canonicalValue(sqlite, type)]).toEqual([type, canonicalValue(postgres, type)]);
    }
    expect(canonicalValue(null, "text")).toBeNull();
  });

  it("binds what PostgreSQL's column takes", () => {
    expect(toPostgresParameter(1, "boolean")).toBe(true);
    expect(toPostgresParameter(0, "boolean")).toBe(false);
    expect(toPostgresParameter("2026-11-28 10:00:00", "timestamp with time zone")).toBe("2026-11-28T10:00:00.000Z");
    expect(toPostgresParameter("[1,2]", "text")).toBe("[1,2]");
    expect(toPostgresParameter(null, "boolean")).toBeNull();
    expect(() => toPostgresParameter("last Tuesday", "timestamp with time zone")).toThrow(/"last Tuesday" is not a date/);
  });
});

describe("a table's checksum", () => {
  const sumOf = (rows: (string | null)[][]) => {
    const sum = new TableChecksum();
    for (const row of rows) sum.add(row);
    return sum;
  };

  it("does not depend on the order rows are read in, and counts them", () => {
    const rows = [
      ["1", "a"],
      ["2", null],
      ["3", "c"],
    ];
    expect(sumOf(rows).hex).toBe(sumOf([...rows].reverse()).hex);
    expect(sumOf(rows).rows).toBe(3);
  });

  it("changes with any changed, missing, extra or repeated row", () => {
    const base = sumOf([
      ["1", "a"],
      ["2", "b"],
    ]).hex;
    expect(
      sumOf([
        ["1", "a"],
        ["2", "c"],
      ]).hex,
    ).not.toBe(base);
    expect(sumOf([["1", "a"]]).hex).not.toBe(base);
    expect(
      sumOf([
        ["1", "a"],
        ["2", "b"],
        ["2", "b"],
      ]).hex,
    ).not.toBe(base);
    // A null is not the text "null", nor an empty string.
    expect(sumOf([["1", null]]).hex).not.toBe(sumOf([["1", "null"]]).hex);
    expect(sumOf([["1", null]]).hex).not.toBe(sumOf([["1", ""]]).hex);
  });
});
