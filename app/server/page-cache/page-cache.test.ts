import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { brotliOptions, gzipOptions, PageCache, zlibCompress, type CachedPage, type Compress } from "./page-cache";

const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/** About `size` characters of varied list items, so that each compression level gives bytes of its own. */
function items(size: number): string {
  let list = "";
  for (let i = 0; list.length < size; i++) list += `<li>Sauna ${i % 97}: ${(i * 37) % 101} °C</li>`;
  return list;
}

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
      const body = `<!DOCTYPE html><html><body><h1>${key}</h1><p>catalog v${rendered}</p>${items(options.size ?? 2000)}</body></html>`;
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

/** zlib's compressors, counted, whose best-level work can be held to see what happens meanwhile. */
function compressor() {
  const calls: string[] = [];
  let gate: Promise<void> | undefined;
  const compress: Compress = async (body, encoding, level) => {
    calls.push(`${encoding} ${level}`);
    if (level === "best" && gate) await gate;
    return zlibCompress(body, encoding, level);
  };
  return {
    calls,
    compress,
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = undefined;
        release();
      };
    },
  };
}

/** Waits for every background compression to finish (a fixed sleep loses on a loaded machine). */
const compressed = (cache: PageCache) => expect.poll(() => cache.stats.compressing, { timeout: 10_000 }).toBe(0);

const kept = (page: CachedPage | Response) => {
  if (page instanceof Response) throw new Error("expected a cached page");
  return page;
};
const text = (page: CachedPage | Response) => kept(page).bodies.identity.toString("utf8");

describe("PageCache", () => {
  it("renders a page once, then serves it with its headers and ETag, and its best bodies once compressed", async () => {
    const pages = renderer();
    const cache = new PageCache({ maxBytes: 1_000_000, render: (key) => pages.render(key) });
    expect(cache.lookup("/")).toBeUndefined();
    const filled = kept(await cache.fill("/"));
    expect(cache.lookup("/")).toBe(filled);
    expect(pages.calls).toEqual(["/"]);
    expect(filled.headers).toContainEqual(["content-security-policy", "script-src 'sha256-abc='"]);
    expect(filled.headers).toContainEqual(["vary", "Accept-Encoding"]);
    expect(filled.etag).toMatch(/^W\/"[\w-]+"$/);

    await compressed(cache);
    const hit = cache.lookup("/")!;
    expect(hit.compression).toBe("best");
    expect(hit.etag).toBe(filled.etag);
    expect(hit.bodies.identity.equals(filled.bodies.identity)).toBe(true);
    expect(gunzipSync(hit.bodies.gzip!).equals(hit.bodies.identity)).toBe(true);
    expect(brotliDecompressSync(hit.bodies.br!).equals(hit.bodies.identity)).toBe(true);
    expect(hit.bodies.br!.length).toBeLessThan(hit.bodies.identity.length / 4);
    expect(hit.bytes).toBeGreaterThan(hit.bodies.identity.length + hit.bodies.gzip!.length + hit.bodies.br!.length);
    expect(cache.stats.bytes).toBe(hit.bytes);
  });

  it("on a miss, compresses only the encoding asked for, fast; a background job then stores gzip 9 and Brotli 9", async () => {
    const pages = renderer({ size: 20_000 });
    const zlib = compressor();
    const cache = new PageCache({ maxBytes: 1_000_000, render: (key) => pages.render(key), compress: zlib.compress });
    const release = zlib.hold();
    const page = kept(await cache.fill("/"));
    const { identity } = page.bodies;
    expect(page.compression).toBe("fast");
    expect(page.bodies.br).toBeUndefined();

    // Two visitors asking for Brotli at once share one fast compression.
    const [sent, again] = await Promise.all([cache.body("/", page, "br"), cache.body("/", page, "br")]);
    expect(sent).toBe(again);
    expect(sent.equals(brotliCompressSync(identity, brotliOptions("fast", identity.length)))).toBe(true);
    expect(sent.equals(brotliCompressSync(identity, brotliOptions("best", identity.length)))).toBe(false);
    expect(cache.body("/", page, "br")).toBe(sent);
    expect(cache.body("/", page, "identity")).toBe(identity);
    const gzipped = await cache.body("/", page, "gzip");
    expect(gzipped.equals(gzipSync(identity, gzipOptions("fast")))).toBe(true);
    expect(zlib.calls.filter((call) => call.endsWith("fast"))).toEqual(["br fast", "gzip fast"]);
    // The fast bodies count in the budget while they are kept.
    expect(cache.stats.bytes).toBe(page.bytes);
    expect(page.bytes).toBeGreaterThan(identity.length + sent.length + gzipped.length);
    expect(cache.lookup("/")).toBe(page);

    release();
    await compressed(cache);
    const best = cache.lookup("/")!;
    expect(best.compression).toBe("best");
    expect(best.bodies.br!.equals(brotliCompressSync(identity, brotliOptions("best", identity.length)))).toBe(true);
    expect(best.bodies.gzip!.equals(gzipSync(identity, gzipOptions("best")))).toBe(true);
    expect(best.bytes).toBe(page.bytes - sent.length - gzipped.length + best.bodies.br!.length + best.bodies.gzip!.length);
    expect(cache.stats.bytes).toBe(best.bytes);
    expect(cache.body("/", best, "br")).toBe(best.bodies.br);
    expect(cache.stats.compressionsStarted).toBe(1);
  });

  it("spends no best-level compression on a page asked for once; its first hit queues the job", async () => {
    const pages = renderer();
    const zlib = compressor();
    const cache = new PageCache({ maxBytes: 1_000_000, render: (key) => pages.render(key), compress: zlib.compress });
    for (let i = 0; i < 5; i++) await cache.body(`/reviews?q=once${i}`, kept(await cache.fill(`/reviews?q=once${i}`)), "br");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cache.stats.compressionsStarted).toBe(0);
    expect(zlib.calls.filter((call) => call.endsWith("best"))).toEqual([]);

    expect(cache.lookup("/reviews?q=once0")!.compression).toBe("fast");
    await compressed(cache);
    expect(cache.lookup("/reviews?q=once0")!.compression).toBe("best");
    expect(cache.stats.compressionsStarted).toBe(1);
  });

  it("starts one background compression for many simultaneous misses of one page", async () => {
    const pages = renderer();
    const zlib = compressor();
    const cache = new PageCache({ maxBytes: 1_000_000, render: (key) => pages.render(key), compress: zlib.compress });
    const release = pages.hold();
    const misses = Promise.all(Array.from({ length: 20 }, () => cache.fill("/reviews")));
    release();
    const served = await misses;
    // Each visitor's encoding, and hits meanwhile, do not start another.
    await Promise.all(served.map((page, i) => cache.body("/reviews", kept(page), i % 2 ? "br" : "gzip")));
    for (let i = 0; i < 10; i++) cache.lookup("/reviews");
    await compressed(cache);
    for (let i = 0; i < 10; i++) cache.lookup("/reviews");
    expect(cache.stats.compressionsStarted).toBe(1);
    expect(zlib.calls.filter((call) => call.endsWith("best"))).toEqual(["gzip best", "br best"]);
  });

  it("never stores a page compressed across a catalog change; the page rendered after it gets its own job", async () => {
    const pages = renderer();
    const zlib = compressor();
    const cache = new PageCache({ maxBytes: 1_000_000, render: (key) => pages.render(key), compress: zlib.compress });
    const release = zlib.hold();
    await cache.fill("/");
    cache.lookup("/");
    await expect.poll(() => cache.stats.compressionsStarted).toBe(1);

    // The save lands while the old page is being compressed, and the new page is rendered at once.
    pages.setVersion(2);
    cache.invalidate();
    expect(text(await cache.fill("/"))).toContain("catalog v2");
    cache.lookup("/");
    release();
    await compressed(cache);
    const page = cache.lookup("/")!;
    expect(page.compression).toBe("best");
    expect(brotliDecompressSync(page.bodies.br!).toString("utf8")).toContain("catalog v2");
    expect(gunzipSync(page.bodies.gzip!).toString("utf8")).toContain("catalog v2");
    expect(cache.stats.compressionsStarted).toBe(2);

    // With nothing rendered after the save, the old page's job stores nothing at all.
    const hold = zlib.hold();
    await cache.fill("/reviews");
    cache.lookup("/reviews");
    await expect.poll(() => cache.stats.compressionsStarted).toBe(3);
    cache.invalidate();
    hold();
    await compressed(cache);
    expect(cache.lookup("/reviews")).toBeUndefined();
    expect(cache.stats.entries).toBe(0);
  });

  it("queues a bounded number of compressions, drops the rest, and a dropped page's next hit offers it again", async () => {
    const pages = renderer();
    const zlib = compressor();
    const cache = new PageCache({ maxBytes: 10_000_000, render: (key) => pages.render(key), compress: zlib.compress });
    const release = zlib.hold();
    for (let i = 0; i < 100; i++) {
      await cache.fill(`/reviews?q=${i}`);
      cache.lookup(`/reviews?q=${i}`);
    }
    await expect.poll(() => cache.stats.compressionsStarted).toBe(1);
    const { compressing, compressionsDropped } = cache.stats;
    expect(compressing).toBeLessThan(100);
    expect(compressionsDropped).toBe(100 - compressing);
    expect(cache.stats.entries).toBe(100);
    release();
    await compressed(cache);
    const dropped = "/reviews?q=99";
    expect(cache.lookup(dropped)!.compression).toBe("fast");
    await compressed(cache);
    expect(cache.lookup(dropped)!.compression).toBe("best");
    expect(cache.lookup("/reviews?q=0")!.compression).toBe("best");
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
    expect(bytes).toBeGreaterThanOrEqual(entries * sample.bodies.identity.length);
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
