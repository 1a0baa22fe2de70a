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

  it("keeps starts on one host at least the interval apart, while other hosts go on", async () => {
    const starts = new Map<string, number[]>();
    const began = Date.now();
    await runHostLimited(["a/1", "a/2", "a/3", "b/1", "b/2"], hostOf, { limit: 4, perHost: 2, perHostIntervalMs: 40 }, async (item) => {
      const host = hostOf(item);
      starts.set(host, [...(starts.get(host) ?? []), Date.now() - began]);
    });
    for (const times of starts.values()) {
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(35);
    }
    expect(starts.get("a")).toHaveLength(3);
    expect(starts.get("b")![0]!).toBeLessThan(35);
  });

  it("takes 20,000 items on 50 hosts in their order per host", async () => {
    const items = Array.from({ length: 20_000 }, (_, i) => `h${i % 50}/${i}`);
    const seen = new Map<string, number[]>();
    await runHostLimited(items, hostOf, { limit: 8, perHost: 2 }, async (item) => {
      const [host, n] = item.split("/") as [string, string];
      if (!seen.has(host)) seen.set(host, []);
      seen.get(host)!.push(Number(n));
    });
    expect([...seen.values()].reduce((sum, list) => sum + list.length, 0)).toBe(20_000);
    for (const list of seen.values()) expect(list).toEqual([...list].sort((x, y) => x - y));
  });
});
