import express from "express";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { brotliOptions, gzipOptions } from "./page-cache";
import { createPageServing, type PageServing } from "./page-serving.server";
import { viewedPage } from "~/lib/views/page-view";

const BASE_URL = "https://saunas.example";

/**
 * A page that echoes its URL's query into its links, as the lists' pagination does: whatever the
 * rendered URL holds ends up in the page.
 */
function echoingRenderer() {
  const rendered: string[] = [];
  return {
    rendered,
    render: async (request: Request) => {
      rendered.push(request.url);
      const url = new URL(request.url);
      const next = new URLSearchParams(url.search);
      next.set("page", "2");
      return new Response(
        `<!DOCTYPE html><html><body><a href="${url.pathname}?${next}">Next page</a>${"<p>Cedar</p>".repeat(100)}</body></html>`,
        {
          headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=0, s-maxage=60" },
        },
      );
    },
  };
}

let running: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (running ? running.close(() => resolve()) : resolve())));

async function serve(render: (request: Request) => Promise<Response>): Promise<string> {
  return (await serveWithCache(render)).origin;
}

async function serveWithCache(
  render: Parameters<typeof createPageServing>[0]["render"],
  warmKeys?: () => Promise<string[]>,
): Promise<{ origin: string; pages: PageServing }> {
  const pages = createPageServing({ render, baseUrl: BASE_URL, maxBytes: 10_000_000, warmKeys });
  const app = express();
  app.use(pages.requestHandler);
  // The process answers hits before Express, as server.js does.
  running = createServer((req, res) => {
    if (!pages.serveCached(req, res)) app(req, res);
  });
  await new Promise<void>((resolve) => running!.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(running.address() as AddressInfo).port}`, pages };
}

/** A page of varied text, so that each compression level gives its own bytes. */
function catalogRenderer() {
  const rendered: string[] = [];
  const items = Array.from({ length: 600 }, (_, i) => `<li>Sauna ${i}: ${(i * 37) % 101} °C, ${(i * 53) % 17} seats</li>`).join("");
  return {
    rendered,
    render: async (request: Request) => {
      rendered.push(request.url);
      return new Response(`<!DOCTYPE html><html><body><h1>${new URL(request.url).pathname}</h1><ul>${items}</ul></body></html>`, {
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=0, s-maxage=60" },
      });
    },
  };
}

/** One answer's status, headers and bytes as sent (fetch would decode them). */
function raw(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Headers; body: Buffer }>((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const answered = new Headers();
        for (const [name, value] of Object.entries(response.headers)) if (typeof value === "string") answered.set(name, value);
        resolve({ status: response.statusCode ?? 0, headers: answered, body: Buffer.concat(chunks) });
      });
    })
      .on("error", reject)
      .end();
  });
}

describe("the page cache renders a page for its key's URL", () => {
  it("a poisoned first request fills /reviews with the plain page, and everyone after gets that", async () => {
    const pages = echoingRenderer();
    const origin = await serve(pages.render);
    const poisoned = await fetch(`${origin}/reviews?utm_source=attacker&utm_medium=%22%3E%3Cb%3E&fbclid=poison`);
    expect(poisoned.headers.get("x-page-cache")).toBe("miss");
    const first = await poisoned.text();
    expect(pages.rendered).toEqual([`${BASE_URL}/reviews`]);

    const plain = await fetch(`${origin}/reviews`);
    expect(plain.headers.get("x-page-cache")).toBe("hit");
    const served = await plain.text();
    expect(served).toBe(first);
    for (const text of ["attacker", "poison", "utm_", "fbclid", "%3Cb%3E", "&lt;b&gt;", "<b>"]) expect(served).not.toContain(text);
    expect(served).toContain('href="/reviews?page=2"');
  });

  it("keeps the parameters the route reads and drops the others, including ones a route elsewhere reads", async () => {
    const pages = echoingRenderer();
    const origin = await serve(pages.render);
    const body = await (await fetch(`${origin}/reviews?q=cedar&view=poison&sort=poison&x=poison`)).text();
    expect(pages.rendered).toEqual([`${BASE_URL}/reviews?q=cedar`]);
    expect(body).not.toContain("poison");
    expect((await fetch(`${origin}/reviews?q=cedar`)).headers.get("x-page-cache")).toBe("hit");

    await (await fetch(`${origin}/reviews/barrel-saunas?view=compare&q=poison`)).text();
    expect(pages.rendered.at(-1)).toBe(`${BASE_URL}/reviews/barrel-saunas?view=compare`);
  });

  it("renders for the site's public origin, not for a Host header the visitor chose", async () => {
    const pages = echoingRenderer();
    const origin = await serve(pages.render);
    await new Promise<void>((resolve, reject) =>
      request(`${origin}/learn`, { headers: { host: "evil.example" } }, (response) => response.resume().on("end", resolve))
        .on("error", reject)
        .end(),
    );
    expect(pages.rendered).toEqual([`${BASE_URL}/learn`]);
  });
});

describe("a miss is sent at once, compressed fast; the kept page is compressed at the best level once asked for again", () => {
  it("sends the miss as Brotli 4, gzip 6 or plain; the first hit is fast too and queues Brotli 9 and gzip 9 for the next", async () => {
    const pages = catalogRenderer();
    const { origin, pages: serving } = await serveWithCache(pages.render);

    const miss = await raw(`${origin}/reviews`, { "accept-encoding": "gzip, deflate, br" });
    expect(miss.headers.get("x-page-cache")).toBe("miss");
    expect(miss.headers.get("content-encoding")).toBe("br");
    expect(miss.headers.get("vary")).toBe("Accept-Encoding");
    const identity = brotliDecompressSync(miss.body);
    expect(miss.body.equals(brotliCompressSync(identity, brotliOptions("fast", identity.length)))).toBe(true);
    expect(miss.body.equals(brotliCompressSync(identity, brotliOptions("best", identity.length)))).toBe(false);
    expect(Number(miss.headers.get("content-length"))).toBe(miss.body.length);
    const etag = miss.headers.get("etag");

    // Asked for once, the page is not worth a best-level compression yet.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(serving.stats!.compressionsStarted).toBe(0);
    const firstHit = await raw(`${origin}/reviews`, { "accept-encoding": "gzip, deflate, br" });
    expect(firstHit.headers.get("x-page-cache")).toBe("hit");
    expect(firstHit.body.equals(miss.body)).toBe(true);

    await expect.poll(() => serving.stats!.compressionsStarted, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => serving.stats!.compressing, { timeout: 10_000 }).toBe(0);
    const hit = await raw(`${origin}/reviews`, { "accept-encoding": "gzip, deflate, br" });
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(hit.body.equals(brotliCompressSync(identity, brotliOptions("best", identity.length)))).toBe(true);
    expect(hit.headers.get("etag")).toBe(etag);
    const gzipHit = await raw(`${origin}/reviews`, { "accept-encoding": "gzip" });
    expect(gzipHit.body.equals(gzipSync(identity, gzipOptions("best")))).toBe(true);
    expect(serving.stats!.compressionsStarted).toBe(1);
    expect(pages.rendered).toHaveLength(1);

    const gzipMiss = await raw(`${origin}/learn`, { "accept-encoding": "gzip" });
    expect(gzipMiss.headers.get("x-page-cache")).toBe("miss");
    expect(gzipMiss.body.equals(gzipSync(gunzipSync(gzipMiss.body), gzipOptions("fast")))).toBe(true);
    const plainMiss = await raw(`${origin}/compare`);
    expect(plainMiss.headers.get("x-page-cache")).toBe("miss");
    expect(plainMiss.headers.get("content-encoding")).toBeNull();
    expect(plainMiss.body.toString("utf8")).toContain("<h1>/compare</h1>");

    // The ETag holds across the change of bodies: the client's copy is still the page.
    const notModified = await raw(`${origin}/reviews`, { "if-none-match": etag! });
    expect(notModified.status).toBe(304);
  });

  it("serves /?x=1 as the cached home page after the first request", async () => {
    const pages = catalogRenderer();
    const { origin, pages: serving } = await serveWithCache(pages.render);
    expect((await fetch(`${origin}/?x=1`)).headers.get("x-page-cache")).toBe("miss");
    const again = await fetch(`${origin}/?x=2&utm_source=y`);
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await again.text()).not.toContain("x=");
    expect(pages.rendered).toEqual([`${BASE_URL}/`]);
    expect(serving.stats!.entries).toBe(1);
  });

  it("after a catalog change, renders the pages read more than once and the fixed ones again before anyone asks, from the new catalog", async () => {
    let price = "€9,000";
    const render = async (request: Request) =>
      new Response(`<!DOCTYPE html><p>${new URL(request.url).pathname} ${price}</p>`, {
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=0, s-maxage=60" },
      });
    const { origin, pages } = await serveWithCache(render, async () => ["/", "/reviews"]);
    for (const path of ["/reviews/product/kallio", "/reviews/product/kallio", "/learn", "/learn", "/learn/once"])
      await fetch(origin + path);

    price = "€8,000";
    pages.invalidate();
    await expect.poll(() => pages.stats!.pagesWarmed, { timeout: 5000 }).toBe(4);
    for (const path of ["/reviews/product/kallio", "/learn", "/", "/reviews"]) {
      const response = await fetch(origin + path);
      expect(response.headers.get("x-page-cache"), path).toBe("hit");
      expect(await response.text(), path).toContain("€8,000");
    }
    // Read once: left for its next reader, who gets it rendered from the new catalog.
    const once = await fetch(origin + "/learn/once");
    expect(once.headers.get("x-page-cache")).toBe("miss");
    expect(await once.text()).toContain("€8,000");
  });
});

describe("render turns", () => {
  it("asks for the first turn when it refills a page read again (a reader's miss or a warm-up), not for a page read once", async () => {
    const turns: string[] = [];
    const render = async (request: Request, _from: unknown, turn: { first: boolean }) => {
      turns.push(`${new URL(request.url).pathname} ${turn.first ? "first" : "in line"}`);
      return new Response(`<!DOCTYPE html><p>${new URL(request.url).pathname}</p>`, {
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=0, s-maxage=60" },
      });
    };
    const { origin, pages } = await serveWithCache(render, async () => ["/reviews"]);
    await fetch(origin + "/");
    await fetch(origin + "/");
    await fetch(origin + "/learn/once");
    expect(turns).toEqual(["/ in line", "/learn/once in line"]);

    // The catalog changed: home, read twice, is rendered first by whoever gets there, reader or
    // warmer; a page read for the first time waits its turn, and on its second read goes first.
    turns.length = 0;
    pages.invalidate();
    await fetch(origin + "/");
    await expect.poll(() => pages.stats!.pagesWarmed, { timeout: 5000 }).toBe(2);
    await fetch(origin + "/learn/first-read");
    await fetch(origin + "/learn/once");
    expect(turns).toEqual(["/ first", "/reviews first", "/learn/first-read in line", "/learn/once first"]);
  });
});

describe("page views", () => {
  /** A site whose views go through the real rule (viewedPage) into a list, cache on or off. */
  async function counted(maxBytes: number, status = 200) {
    const views: string[] = [];
    const pages = createPageServing({
      render: async () =>
        new Response("<!DOCTYPE html><html><body>Cedar</body></html>", {
          status,
          headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=0, s-maxage=60" },
        }),
      baseUrl: BASE_URL,
      maxBytes,
      countView: (req) => {
        const path = viewedPage({
          method: req.method,
          url: req.url,
          userAgent: req.headers["user-agent"],
          purpose: [req.headers["sec-purpose"] as string | undefined],
        });
        if (path !== null) views.push(path);
      },
    });
    const app = express();
    app.use(pages.requestHandler);
    running = createServer((req, res) => {
      if (!pages.serveCached(req, res)) app(req, res);
    });
    await new Promise<void>((resolve) => running!.listen(0, "127.0.0.1", resolve));
    return { origin: `http://127.0.0.1:${(running.address() as AddressInfo).port}`, views };
  }
  const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/132.0" };

  it("counts a miss and the hits after it, not a crawler, a prefetch, a HEAD or a signed-in reader", async () => {
    const { origin, views } = await counted(10_000_000);
    expect((await raw(`${origin}/reviews/product/tyyni-4`, BROWSER)).headers.get("x-page-cache")).toBe("miss");
    expect((await raw(`${origin}/reviews/product/tyyni-4?utm_source=x`, BROWSER)).headers.get("x-page-cache")).toBe("hit");
    await raw(`${origin}/reviews/product/tyyni-4`, {
      "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    });
    await raw(`${origin}/reviews/product/tyyni-4`, { ...BROWSER, "sec-purpose": "prefetch" });
    await fetch(`${origin}/reviews/product/tyyni-4`, { method: "HEAD", headers: BROWSER });
    await raw(`${origin}/reviews/product/tyyni-4`, { ...BROWSER, cookie: "better-auth.session_token=abc" });
    expect(views).toEqual(["/reviews/product/tyyni-4", "/reviews/product/tyyni-4"]);
  });

  it("counts with the cache off too, and never an error page", async () => {
    const off = await counted(0);
    await raw(`${off.origin}/compare`, BROWSER);
    expect(off.views).toEqual(["/compare"]);
    await new Promise<void>((resolve) => running!.close(() => resolve()));
    const missing = await counted(10_000_000, 404);
    await raw(`${missing.origin}/reviews/no-such-list`, BROWSER);
    expect(missing.views).toEqual([]);
  });
});
