import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-outage.server";

describe("isDatabaseUnavailable", () => {
  it("recognises a refused or dropped connection, a shutdown and a timeout", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5999"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error("the database system is starting up"), { code: "57P03" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("connection failure"), { code: "08006" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: refused }))).toBe(true);
  });

  it("leaves bugs and bad data as errors", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('relation "nope" does not exist'), { code: "42P01" }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("UNIQUE constraint failed"), { code: "SQLITE_CONSTRAINT_UNIQUE" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});
