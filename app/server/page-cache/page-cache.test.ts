import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PageCache, type CachedPage } from "./page-cache";

const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/** A page renderer that counts its renders and can be held open to let requests pile up. */
function renderer(options: { cacheControl?: string; status?: number; size?: number } = {}) {
  let version = 1;
  let gate: Promise<void> | undefined;
  const calls: string[] = [];
  return {
    calls,
    setVersion: (next: number) => (version = next),
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = undefined;
        release();
      };
    },
    async render(key: string) {
      calls.push(key);
      const rendered = version;
      if (gate) await gate;
      const body = `<!DOCTYPE html><html><body><h1>${key}</h1><p>catalog v${rendered}</p>${"<li>Cedar barrel sauna</li>".repeat((options.size ?? 2000) / 28)}</body></html>`;
      return new Response(body, {
        status: options.status ?? 200,
        headers: {
          "content-type": "text/html; charset=utf-8",
          "cache-control": options.cacheControl ?? PUBLIC,
          "content-security-policy": "script-src 'sha256-abc='",
        },
      });
    },
  };
}

const text = (page: CachedPage | Response) => {
  if (page instanceof Response) throw new Error("expected a cached page");
  return page.bodies.identity.toString("utf8");
};

describe("PageCache", () => {
  it("renders a page once, then serves it with its headers, ETag and every encoding", async () => {
    const pages = renderer();
    const cache = new PageCache({ maxBytes: 1_000_000, render: (key) => pages.render(key) });
    expect(cache.lookup("/")).toBeUndefined();
    const filled = await cache.fill("/");
    const hit = cache.lookup("/")!;
    expect(hit).toBe(filled);
    expect(pages.calls).toEqual(["/"]);
    expect(hit.headers).toContainEqual(["content-security-policy", "script-src 'sha256-abc='"]);
    expect(hit.headers).toContainEqual(["vary", "Accept-Encoding"]);
    expect(hit.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(gunzipSync(hit.bodies.gzip).equals(hit.bodies.identity)).toBe(true);
    expect(brotliDecompressSync(hit.bodies.br).equals(hit.bodies.identity)).toBe(true);
    expect(hit.bodies.br.length).toBeLessThan(hit.bodies.identity.length / 4);
    expect(hit.bytes).toBeGreaterThan(hit.bodies.identity.length + hit.bodies.gzip.length + hit.bodies.br.length);
  });

  it("renders once for many concurrent misses of one page", async () => {
    const pages = renderer();
    const cache = new PageCache({ maxBytes: 1_000_000, render: (key) => pages.render(key) });
    const release = pages.hold();
    const all = Promise.all(Array.from({ length: 50 }, () => cache.fill("/reviews")));
    release();
    const served = await all;
    expect(pages.calls).toEqual(["/reviews"]);
    expect(new Set(served).size).toBe(1);
  });

  it("serves a stale page while one background render replaces it", async () => {
    let now = 0;
    const pages = renderer();
    const cache = new PageCache({ maxBytes: 1_000_000, render: (key) => pages.render(key), now: () => now });
    await cache.fill("/");
    pages.setVersion(2);
    now = 61_000; // past s-maxage, inside stale-while-revalidate
    const release = pages.hold();
    for (let i = 0; i < 20; i++) expect(text(cache.lookup("/")!)).toContain("catalog v1");
    expect(pages.calls).toEqual(["/", "/"]);
    release();
    // The refresh has landed once no render is in flight (a fixed sleep loses on a loaded machine).
    await expect.poll(() => cache.stats.rendering, { timeout: 10_000 }).toBe(0);
    expect(text(cache.lookup("/")!)).toContain("catalog v2");
    // Past the stale window a page is not served at all.
    now += 400_000;
    expect(cache.lookup("/")).toBeUndefined();
  });

  it("after invalidate(), never serves the old page: the next request waits for one new render", async () => {
    const pages = renderer();
    const cache = new PageCache({ maxBytes: 1_000_000, render: (key) => pages.render(key) });
    await cache.fill("/");
    // A render of the old catalog still in flight when the save lands must not be stored.
    pages.setVersion(1);
    const release = pages.hold();
    const before = cache.fill("/reviews");
    pages.setVersion(2);
    cache.invalidate();
    expect(cache.lookup("/")).toBeUndefined();
    const after = Promise.all(Array.from({ length: 10 }, () => cache.fill("/reviews")));
    release();
    expect(text(await before)).toContain("catalog v1");
    const fresh = await after;
    expect(fresh.map(text).every((body) => body.includes("catalog v2"))).toBe(true);
    expect(pages.calls.filter((key) => key === "/reviews")).toHaveLength(2);
    expect(text(cache.lookup("/reviews")!)).toContain("catalog v2");
  });

  it("hands back, and does not keep, what the app did not mark public or what is too large", async () => {
    const privatePages = renderer({ cacheControl: "no-store" });
    const cache = new PageCache({ maxBytes: 1_000_000, render: (key) => privatePages.render(key) });
    const outcome = await cache.fill("/");
    expect(outcome).toBeInstanceOf(Response);
    expect(await (outcome as Response).text()).toContain("catalog v1");
    expect(cache.lookup("/")).toBeUndefined();
    expect(cache.stats.entries).toBe(0);

    const huge = renderer({ size: 200_000 });
    const small = new PageCache({ maxBytes: 1_000_000, render: (key) => huge.render(key) });
    const big = await small.fill("/reviews");
    expect(big).toBeInstanceOf(Response);
    const body = await (big as Response).text();
    expect(body.endsWith("</body></html>")).toBe(true);
    expect(body.length).toBeGreaterThan(190_000);
    expect(small.stats.entries).toBe(0);
  });

  it("stays within its byte budget under ten thousand distinct query strings, keeping the recent pages", async () => {
    const pages = renderer({ size: 20_000 });
    const maxBytes = 2 * 1024 * 1024;
    const cache = new PageCache({ maxBytes, render: (key) => pages.render(key) });
    await cache.fill("/");
    for (let i = 0; i < 10_000; i++) {
      await cache.fill(`/reviews?q=${i.toString(36)}-${Math.random().toString(36).slice(2)}`);
      if (i % 50 === 0) cache.lookup("/"); // a popular page stays in use
      expect(cache.stats.bytes).toBeLessThanOrEqual(maxBytes);
    }
    const { entries, bytes } = cache.stats;
    // The accounting counts every body: entries times their real sizes is what it reports.
    const sample = cache.lookup("/")!;
    expect(sample).toBeDefined();
    expect(entries).toBeGreaterThan(10);
    expect(entries).toBeLessThan(10_000);
    expect(bytes).toBeGreaterThan(maxBytes * 0.8);
    expect(bytes).toBeGreaterThanOrEqual(entries * (sample.bodies.identity.length + sample.bodies.gzip.length + sample.bodies.br.length));
  }, 120_000);
});

describe("PageCache with each request's own render", () => {
  it("hands an uncacheable page to the request that rendered it; the requests that waited render their own", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000, render: () => Promise.reject(new Error("no background render expected")) });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const rendered: string[] = [];
    const redirectFor = (visitor: string) => async () => {
      rendered.push(visitor);
      if (visitor === "first") await gate;
      return new Response(null, { status: 302, headers: { location: `/out?by=${visitor}`, "cache-control": "no-store" } });
    };
    const first = cache.fill("/go/sauna", redirectFor("first"));
    const others = ["second", "third"].map((visitor) => cache.fill("/go/sauna", redirectFor(visitor)));
    release();
    const outcomes = (await Promise.all([first, ...others])) as Response[];
    expect(outcomes.map((response) => response.headers.get("location"))).toEqual(["/out?by=first", "/out?by=second", "/out?by=third"]);
    expect(rendered).toEqual(["first", "second", "third"]);
    expect(cache.stats.entries).toBe(0);
  });
});
