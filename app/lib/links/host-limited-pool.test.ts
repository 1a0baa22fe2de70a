import { describe, expect, it } from "vitest";
import { runHostLimited } from "./host-limited-pool";

/** Work that finishes when the test says so, recording what runs at the same time. */
function controlledWork() {
  const open = new Map<string, () => void>();
  let maxAll = 0;
  const maxPerHost = new Map<string, number>();
  const started: string[] = [];
  const work = (item: string) =>
    new Promise<void>((resolve) => {
      started.push(item);
      open.set(item, resolve);
      maxAll = Math.max(maxAll, open.size);
      const host = item.split("/")[0]!;
      const onHost = [...open.keys()].filter((key) => key.startsWith(`${host}/`)).length;
      maxPerHost.set(host, Math.max(maxPerHost.get(host) ?? 0, onHost));
    }).finally(() => open.delete(item));
  const finishAll = async () => {
    while (open.size > 0 || started.length === 0) {
      for (const resolve of [...open.values()]) resolve();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { work, open, started, finishAll, maxAll: () => maxAll, maxPerHost };
}

const hostOf = (item: string) => item.split("/")[0]!;

describe("running checks with a limit in all and per host", () => {
  it("never runs more than the limit at once, nor more than perHost on one host", async () => {
    const items = ["a/1", "a/2", "a/3", "a/4", "b/1", "b/2", "c/1", "c/2", "c/3"];
    const control = controlledWork();
    const done = runHostLimited(items, hostOf, { limit: 4, perHost: 2 }, control.work);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Host a has two going; a/3 waits and b, c fill the other places, in order.
    expect([...control.open.keys()]).toEqual(["a/1", "a/2", "b/1", "b/2"]);
    const finishing = control.finishAll();
    await done;
    await finishing;
    expect(control.started.sort()).toEqual([...items].sort());
    expect(control.maxAll()).toBe(4);
    expect(Math.max(...control.maxPerHost.values())).toBe(2);
  });

  it("starts nothing more once stopped, and waits for what had started", async () => {
    const stop = new AbortController();
    const control = controlledWork();
    const done = runHostLimited(["a/1", "b/1", "c/1", "d/1"], hostOf, { limit: 2, perHost: 1, signal: stop.signal }, control.work);
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop.abort();
    for (const resolve of [...control.open.values()]) resolve();
    await done;
    expect(control.started).toEqual(["a/1", "b/1"]);
  });

  it("passes on the first failure after the started work has settled", async () => {
    const seen: string[] = [];
    await expect(
      runHostLimited(["a/1", "b/1", "c/1"], hostOf, { limit: 1, perHost: 1 }, async (item) => {
        seen.push(item);
        if (item === "b/1") throw new Error("database gone");
      }),
    ).rejects.toThrow("database gone");
    expect(seen).toEqual(["a/1", "b/1"]);
  });
});
