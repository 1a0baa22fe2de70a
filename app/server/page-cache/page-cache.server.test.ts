import express from "express";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createPageServing } from "./page-cache.server";

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
  const pages = createPageServing({ render, baseUrl: BASE_URL, maxBytes: 10_000_000 });
  const app = express();
  app.use(pages.requestHandler);
  // The process answers hits before Express, as server.js does.
  running = createServer((req, res) => {
    if (!pages.serveCached(req, res)) app(req, res);
  });
  await new Promise<void>((resolve) => running!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(running.address() as AddressInfo).port}`;
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
