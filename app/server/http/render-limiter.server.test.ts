import { describe, expect, it } from "vitest";
import { RenderLimiter, RenderQueueFull } from "./render-limiter.server";

/** A promise the test resolves when it chooses, so no test depends on how long work takes. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("RenderLimiter", () => {
  it("runs at most maxConcurrent at once, queues maxQueued more, and refuses the rest at once", async () => {
    const limiter = new RenderLimiter(2, 1);
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([limiter.active, limiter.queued]).toEqual([2, 1]);
    await expect(limiter.run(async () => "too many")).rejects.toBeInstanceOf(RenderQueueFull);

    gates[0]!.open();
    expect(await runs[0]).toBe(0);
    // The freed slot went to the queued render, never above two at once.
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    expect([limiter.active, limiter.queued]).toEqual([2, 0]);

    gates[1]!.open();
    gates[2]!.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect([limiter.active, limiter.queued]).toEqual([0, 0]);
    expect(await limiter.run(async () => "room again")).toBe("room again");
  });

  it("frees the slot when the work fails", async () => {
    const limiter = new RenderLimiter(1, 0);
    await expect(limiter.run(async () => Promise.reject(new Error("broken file")))).rejects.toThrow("broken file");
    expect(limiter.active).toBe(0);
    expect(await limiter.run(async () => 1)).toBe(1);
  });

  it("refuses limits that cannot work", () => {
    expect(() => new RenderLimiter(0, 4)).toThrow(RangeError);
    expect(() => new RenderLimiter(1, -1)).toThrow(RangeError);
  });
});
