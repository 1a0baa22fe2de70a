import { describe, expect, it } from "vitest";
import { SwrValue } from "./swr-cache";

function counter() {
  let calls = 0;
  return {
    load: async () => ++calls,
    get calls() {
      return calls;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("SwrValue", () => {
  it("loads once and serves from memory while fresh (the spec's 60 s product window)", async () => {
    let now = 0;
    const source = counter();
    const value = new SwrValue(source.load, 60_000, undefined, () => now);
    expect(await value.get()).toBe(1);
    now = 59_999;
    expect(await value.get()).toBe(1);
    expect(source.calls).toBe(1);
  });

  it("when stale, answers with the old data at once and refreshes in the background", async () => {
    let now = 0;
    const source = counter();
    const value = new SwrValue(source.load, 30_000, undefined, () => now);
    await value.get();
    now = 30_000;
    expect(await value.get()).toBe(1); // stale answer, no waiting
    await settle();
    expect(source.calls).toBe(2);
    expect(await value.get()).toBe(2);
  });

  it("shares one load between readers that arrive together", async () => {
    const source = counter();
    const value = new SwrValue(source.load, 1000);
    expect(await Promise.all([value.get(), value.get(), value.get()])).toEqual([1, 1, 1]);
    expect(source.calls).toBe(1);
  });

  it("after invalidate(), the next reader waits for fresh data", async () => {
    const source = counter();
    const value = new SwrValue(source.load, 300_000);
    await value.get();
    value.invalidate();
    expect(await value.get()).toBe(2);
  });

  it("does not let a refresh that started before invalidate() overwrite newer data", async () => {
    let release: (n: number) => void = () => {};
    let calls = 0;
    const value = new SwrValue(() => (++calls === 1 ? new Promise<number>((resolve) => (release = resolve)) : Promise.resolve(100)), 1000);
    const slow = value.get();
    value.invalidate();
    expect(await value.get()).toBe(100);
    release(1);
    expect(await slow).toBe(1);
    expect(await value.get()).toBe(100);
  });

  it("keeps serving the old data when a background refresh fails, and reports the failure", async () => {
    let now = 0;
    let fail = false;
    const errors: unknown[] = [];
    const value = new SwrValue(
      async () => {
        if (fail) throw new Error("database down");
        return "good";
      },
      1000,
      (error) => errors.push(error),
      () => now,
    );
    await value.get();
    fail = true;
    now = 5000;
    expect(await value.get()).toBe("good");
    await settle();
    expect(errors).toHaveLength(1);
    expect(await value.get()).toBe("good");
  });

  it("lets a first load's failure reach the reader, and tries again next time", async () => {
    let fail = true;
    const value = new SwrValue(async () => {
      if (fail) throw new Error("down");
      return "up";
    }, 1000);
    await expect(value.get()).rejects.toThrow("down");
    fail = false;
    expect(await value.get()).toBe("up");
  });
});
