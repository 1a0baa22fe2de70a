import { describe, expect, it } from "vitest";
import { toIsoString } from "./timestamps";

describe("toIsoString", () => {
  it("gives the same ISO text for PostgreSQL's Date and SQLite's text", () => {
    expect(toIsoString(new Date("2025-04-01T10:20:30.000Z"))).toBe("2025-04-01T10:20:30.000Z");
    expect(toIsoString("2025-04-01T10:20:30.000Z")).toBe("2025-04-01T10:20:30.000Z");
  });

  it("reads SQLite's CURRENT_TIMESTAMP form as UTC", () => {
    expect(toIsoString("2025-04-01 10:20:30")).toBe("2025-04-01T10:20:30.000Z");
  });
});
