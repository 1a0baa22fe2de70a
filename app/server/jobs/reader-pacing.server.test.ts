import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/connection.server";
import { ReaderPacing, ReaderPacingPlugin } from "./reader-pacing.server";

describe("the worker's database pacing while readers are served", () => {
  const clock = () => {
    let at = 1_000;
    return { now: () => at, advance: (ms: number) => (at += ms) };
  };

  it("never pauses with no readers", () => {
    const time = clock();
    const pacing = new ReaderPacing(0.5, time.now);
    expect(pacing.pauseAfter(100)).toBe(0);
  });

  it("holds the database time to its share while readers are present, for 1.5 s after the last word of them", () => {
    const time = clock();
    const pacing = new ReaderPacing(0.5, time.now);
    pacing.readersSeen();
    // Half the clock: as long a pause as the work.
    expect(pacing.pauseAfter(100)).toBe(100);
    time.advance(1_499);
    expect(pacing.pauseAfter(40)).toBe(40);
    time.advance(1);
    expect(pacing.pauseAfter(40)).toBe(0);
  });

  it("pauses a quarter share three times the work, at most 2 s, and a share of 1 never", () => {
    const time = clock();
    const quarter = new ReaderPacing(0.25, time.now);
    const whole = new ReaderPacing(1, time.now);
    quarter.readersSeen();
    whole.readersSeen();
    expect(quarter.pauseAfter(10)).toBe(30);
    expect(quarter.pauseAfter(5_000)).toBe(2_000);
    expect(whole.pauseAfter(100)).toBe(0);
  });

  it("pauses a handle's query after it ran, before its result is handed on", async () => {
    // Each look at this clock is 60 ms later: every query "took" 60 ms.
    let at = 0;
    const pacing = new ReaderPacing(0.5, () => (at += 60));
    const opened = openDatabase({ dialect: "sqlite", file: ":memory:" });
    const db = opened.withPlugin(new ReaderPacingPlugin(pacing));
    try {
      pacing.readersSeen(Infinity);
      const started = performance.now();
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows).toEqual([{ one: 1 }]);
      expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    } finally {
      await opened.destroy();
    }
  });
});
