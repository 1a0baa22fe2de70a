import { describe, expect, it } from "vitest";
import { PageWarmer, VisitCounter } from "./page-warmer";

describe("VisitCounter", () => {
  it("ranks the pages of about the last hour by visits, forgetting older ones", () => {
    let now = 0;
    const visits = new VisitCounter({ bucketMs: 1000, now: () => now });
    for (let i = 0; i < 3; i++) visits.count("/reviews");
    visits.count("/");
    now = 1500; // the first bucket is now the previous one: still counted
    visits.count("/");
    visits.count("/learn");
    expect(visits.top(2)).toEqual(["/reviews", "/"]);
    now = 2600; // the first bucket is two buckets old: gone
    visits.count("/learn");
    expect(visits.top(5)).toEqual(["/learn", "/"]);
    now = 10_000; // nothing recent at all
    expect(visits.top(5)).toEqual([]);
  });

  it("stops counting new pages past its limit, and keeps counting the ones it has", () => {
    const visits = new VisitCounter({ maxKeys: 2 });
    visits.count("/a");
    visits.count("/b");
    visits.count("/c");
    visits.count("/b");
    expect(visits.top(5)).toEqual(["/b", "/a"]);
  });
});

describe("PageWarmer", () => {
  it("stops after the page it is rendering, and starts no run once stopped", async () => {
    const filled: string[] = [];
    let finishFirst!: () => void;
    const warmer = new PageWarmer({
      fill: async (key) => {
        if (key === "/") await new Promise<void>((resolve) => (finishFirst = resolve));
        filled.push(key);
      },
      visits: new VisitCounter(),
      fixedKeys: async () => ["/", "/reviews", "/learn"],
      pauseMs: 0,
    });
    void warmer.restart();
    await new Promise((resolve) => setTimeout(resolve, 0));
    let stopped = false;
    const stopping = warmer.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Still rendering "/": stop waits for it.
    expect(stopped).toBe(false);
    finishFirst();
    await stopping;
    expect(filled).toEqual(["/"]);
    await warmer.restart();
    expect(filled).toEqual(["/"]);
  });

  it("renders the pages read more than once first, most read first, then the fixed ones, each once", async () => {
    const visits = new VisitCounter();
    for (const key of ["/reviews/product/a", "/reviews/product/a", "/reviews/product/a", "/reviews", "/reviews/product/b"])
      visits.count(key);
    const filled: string[] = [];
    const warmer = new PageWarmer({
      fill: async (key) => filled.push(key),
      visits,
      fixedKeys: async () => ["/", "/reviews", "/reviews/barrel-saunas"],
      pauseMs: 0,
    });
    await warmer.restart();
    // b was read once: not about to be read again, so it waits for its next reader.
    expect(filled).toEqual(["/reviews/product/a", "/", "/reviews", "/reviews/barrel-saunas"]);
    expect(warmer.stats.pagesWarmed).toBe(4);
  });

  it("stops the run of an earlier change when a new change comes, and goes on past a page that fails", async () => {
    const filled: string[] = [];
    const errors: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const warmer = new PageWarmer({
      fill: async (key) => {
        filled.push(key);
        if (first) {
          first = false;
          await held;
        }
        if (key === "/broken") throw new Error("no page");
      },
      visits: new VisitCounter(),
      fixedKeys: async () => ["/", "/broken", "/reviews"],
      pauseMs: 0,
      onError: (key) => errors.push(key),
    });
    const earlier = warmer.restart();
    await expect.poll(() => filled.length).toBe(1);
    const later = warmer.restart();
    release();
    await Promise.all([earlier, later]);
    // The earlier run rendered '/' and stopped; the later one rendered everything again.
    expect(filled).toEqual(["/", "/", "/broken", "/reviews"]);
    expect(errors).toEqual(["/broken"]);
  });
});
