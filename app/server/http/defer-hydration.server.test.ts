import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { scriptHash } from "./content-security-policy.server";
import {
  DEFERRED_SCRIPT_TYPE,
  ELEMENT_TIMING_GRACE_MS,
  HYDRATION_DEADLINE_MS,
  HYDRATION_STARTER,
  LARGEST_PAINT_GRACE_MS,
  deferHydration,
} from "./defer-hydration.server";

// The route manifest comes first: the whole of it, as a file (docs/decisions/0047).
const BOOTSTRAP =
  'import "/assets/manifest-1a2b3c4d.js";\nimport * as route0 from "/assets/root.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client.js");';

/** A document shaped as React Router writes it: preloads in the head, the module bootstrap at the end of the body. */
function documentWith(picture: string): string {
  return [
    "<!DOCTYPE html><html><head>",
    '<link rel="modulepreload" href="/assets/manifest-1a2b3c4d.js"/>',
    '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/root.js"/>',
    '<link rel="stylesheet" href="/assets/root.css"/>',
    "</head><body><main>",
    picture,
    "</main>",
    '<script>window.__reactRouterContext = {"basename":"/"};</script>',
    `<script type="module" async="">${BOOTSTRAP}</script>`,
    "</body></html>",
  ].join("");
}

describe("hydration after the page is painted", () => {
  const html = documentWith('<img src="/img/720/images/a.webp" fetchPriority="high" alt="A sauna"/>');
  const rewritten = deferHydration(html);

  it("takes the modulepreload links out and keeps their addresses, in order, for later", () => {
    expect(rewritten).not.toContain('<link rel="modulepreload"');
    expect(rewritten).toContain(`data-preload="/assets/manifest-1a2b3c4d.js /assets/entry.client.js /assets/root.js"`);
    expect(rewritten).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
  });

  it("keeps the bootstrap's exact text in an inert data block, followed by the script that starts it", () => {
    expect(rewritten).not.toContain('<script type="module"');
    const inert = new RegExp(
      `<script type="${DEFERRED_SCRIPT_TYPE}" id="hydrate-module" data-preload="[^"]*">([\\s\\S]*?)</script><script>`,
    ).exec(rewritten);
    expect(inert?.[1]).toBe(BOOTSTRAP);
    // The starter waits for the picture, for the reader, and for the deadline (below, run).
    expect(rewritten).toContain(HYDRATION_STARTER);
    // Everything else is untouched.
    expect(rewritten).toContain('<script>window.__reactRouterContext = {"basename":"/"};</script>');
  });

  it("runs nothing but the bootstrap's text (already allowed as the server's) and the starter", () => {
    const inline = [...rewritten.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, text]) => ({ attributes, text }));
    expect(inline.map(({ text }) => text)).toEqual(['window.__reactRouterContext = {"basename":"/"};', BOOTSTRAP, HYDRATION_STARTER]);
    expect(inline[1]!.attributes).toContain(`type="${DEFERRED_SCRIPT_TYPE}"`);
    expect(scriptHash(HYDRATION_STARTER)).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  });

  it("defers a document without a high-priority picture too, until its first frame", () => {
    const plain = documentWith('<img src="/img/720/images/a.webp" loading="lazy" alt="A sauna"/>');
    const deferred = deferHydration(plain);
    expect(deferred).not.toContain('<link rel="modulepreload"');
    expect(deferred).toContain(`<script type="${DEFERRED_SCRIPT_TYPE}" id="hydrate-module"`);
    // The starter finds no picture and starts after the next frame, or on the reader's first input.
    expect(HYDRATION_STARTER).toContain("if(!p){requestAnimationFrame(function(){setTimeout(go,0)});return}");
    expect(HYDRATION_STARTER.indexOf("ev.forEach(function(e){addEventListener(e,go,true)})")).toBeLessThan(
      HYDRATION_STARTER.indexOf("if(!p)"),
    );
  });

  it("leaves a document without React Router's bootstrap as it was", () => {
    expect(deferHydration("<p>no scripts</p>")).toBe("<p>no scripts</p>");
  });

  it("does not read a replacement pattern in the bootstrap's text", () => {
    const tricky = documentWith('<img fetchPriority="high" src="/a.webp"/>').replace(BOOTSTRAP, () => 'console.log("$&$1");');
    expect(deferHydration(tricky)).toContain('console.log("$&$1");');
  });
});

/**
 * The starter run as a browser would run it, with what it touches stubbed: the page's picture,
 * its performance reports, frames and timers (run only when a test says so), and what it appends.
 */
function startInBrowser({ entryTypes, elementtiming = true }: { entryTypes: string[]; elementtiming?: boolean }) {
  const appended: string[] = [];
  const timers: Array<{ ms: number; run: () => void }> = [];
  const frames: Array<() => void> = [];
  const observers: Array<{ type: string; report: (entries: object[]) => void }> = [];
  let settleDecode: { resolve: () => void; reject: () => void } = { resolve: () => {}, reject: () => {} };
  const picture = {
    hasAttribute: (name: string) => elementtiming && name === "elementtiming",
    decode: () => new Promise<void>((resolve, reject) => (settleDecode = { resolve, reject })),
  };
  const element = (tag: string) => ({ tag, type: "", rel: "", href: "", textContent: "" });
  class PerformanceObserver {
    static supportedEntryTypes = entryTypes;
    constructor(private readonly callback: (list: { getEntries: () => object[] }) => void) {}
    observe({ type }: { type: string }) {
      observers.push({ type, report: (entries) => this.callback({ getEntries: () => entries }) });
    }
  }
  const browser: Record<string, unknown> = {
    document: {
      getElementById: () => ({ getAttribute: () => "/assets/root.js", textContent: BOOTSTRAP }),
      querySelector: () => picture,
      createElement: element,
      head: { appendChild: (node: { href: string }) => appended.push(`preload ${node.href}`) },
      body: { appendChild: (node: { textContent: string }) => appended.push(`module ${node.textContent === BOOTSTRAP}`) },
    },
    PerformanceObserver,
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms: number) => timers.push({ ms, run }),
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  browser.window = browser;
  runInNewContext(HYDRATION_STARTER, browser);
  return {
    appended,
    observers,
    picture,
    /** Timers waiting, by their delay, without the deadline's. */
    waiting: () => timers.filter((timer) => timer.ms !== HYDRATION_DEADLINE_MS).map((timer) => timer.ms),
    decoded: async (ok: boolean) => {
      if (ok) settleDecode.resolve();
      else settleDecode.reject();
      await new Promise((resolve) => setImmediate(resolve));
    },
    nextFrame: () => frames.splice(0).forEach((run) => run()),
    runTimers: (ms: number) => timers.splice(0).forEach((timer) => (timer.ms === ms ? timer.run() : timers.push(timer))),
  };
}

describe("the starter, in a browser", () => {
  it("with element timing, starts when the picture's own report arrives, not on a guess after its decode", async () => {
    const page = startInBrowser({ entryTypes: ["element", "largest-contentful-paint"] });
    expect(page.observers.map((observer) => observer.type)).toEqual(["element"]);
    await page.decoded(true);
    page.nextFrame();
    // The decode's fallback is far longer than the largest-paint guess a busy device could outrun.
    expect(page.waiting()).toEqual([ELEMENT_TIMING_GRACE_MS]);
    page.observers[0]!.report([{ element: {} }]);
    expect(page.appended).toEqual([]);
    page.observers[0]!.report([{ element: page.picture }]);
    page.runTimers(0);
    expect(page.appended).toEqual(["preload /assets/root.js", "module true"]);
  });

  it("without element timing, waits for the largest paint naming the picture, or 100 ms after the frame after its decode", async () => {
    const page = startInBrowser({ entryTypes: ["largest-contentful-paint"] });
    expect(page.observers.map((observer) => observer.type)).toEqual(["largest-contentful-paint"]);
    await page.decoded(true);
    page.nextFrame();
    expect(page.waiting()).toEqual([LARGEST_PAINT_GRACE_MS]);
    page.runTimers(LARGEST_PAINT_GRACE_MS);
    expect(page.appended).toEqual(["preload /assets/root.js", "module true"]);
  });

  it("a picture without `elementtiming` is waited for by its largest paint, as before", () => {
    const page = startInBrowser({ entryTypes: ["element", "largest-contentful-paint"], elementtiming: false });
    expect(page.observers.map((observer) => observer.type)).toEqual(["largest-contentful-paint"]);
  });

  it("a picture that fails starts hydration at once: there is nothing to wait for", async () => {
    const page = startInBrowser({ entryTypes: ["element"] });
    await page.decoded(false);
    expect(page.appended).toEqual(["preload /assets/root.js", "module true"]);
  });
});
