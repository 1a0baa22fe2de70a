import { requestContext } from "~/server/load-context";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { invalidateCatalog, onCatalogChange } from "../catalog/catalog-cache.server";
import { ClickRecorder } from "./click-recorder.server";
import * as goRoute from "~/routes/go";
import { createOutboundRedirects, type OutboundRedirects } from "./outbound-redirect.server";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const SURVEY = "https://forms.example/survey";

describe.each(testDialects)("the /go redirect on %s", (dialect) => {
  let test: TestDatabase;
  let recorder: ClickRecorder;
  let outbound: OutboundRedirects;
  let server: http.Server;
  let origin: string;
  let answeredNow = 0;
  // Each test an hour after the last: a repeat click of the same reader counts once per 30 minutes.
  let clock = Date.now();
  let stopListening: () => void;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    const rows = await test.db
      .insertInto("products")
      .values([
        {
          slug: "alpha",
          name: "Alpha Barrel",
          brand: "B",
          website: "https://alpha.example/buy",
          affiliate_link: "https://alpha.example/?ref=us",
        },
        { slug: "beta", name: "Beta Cube", brand: "B", website: null, affiliate_link: "https://shop.example/beta?ref=us&x=1" },
        { slug: "tyyni-4", name: "Tyyni 4", brand: "B", website: "https://lumo.example/t4" },
        { slug: "nowhere", name: "Nowhere Sauna", brand: "B", website: "javascript:alert(1)" },
      ])
      .returning(["id", "slug"])
      .execute();
    for (const row of rows) ids[row.slug] = row.id;
    recorder = new ClickRecorder(test.db, { flushEveryMs: 60_000, now: () => clock });
    outbound = createOutboundRedirects({ db: test.db, surveyFormUrl: SURVEY, recorder, now: () => clock });
    stopListening = onCatalogChange(test.db, outbound.invalidate);
    // Wired the way the site does: the fast path first, then the path that loads the map.
    server = http.createServer((req, res) => {
      if (outbound.serveNow(req, res)) {
        answeredNow++;
        return;
      }
      void outbound.serve(req, res).then((answered) => {
        if (!answered) res.writeHead(404, { "x-fell-through": "1" }).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    stopListening?.();
    await new Promise((resolve) => server?.close(resolve));
    await recorder?.close();
    await test?.drop();
  });
  beforeEach(async () => {
    // A day apart: each test's clicks count, whatever the last test's readers and address did.
    clock += 86_400_000;
    await recorder.flush();
    await test.db.deleteFrom("clicks").execute();
    await test.db.deleteFrom("click_days").execute();
  });

  const go = (path: string, init: RequestInit = {}) =>
    fetch(origin + path, { redirect: "manual", ...init, headers: { "user-agent": BROWSER, ...(init.headers as Record<string, string>) } });
  const recorded = async () => {
    await recorder.flush();
    const rows = await test.db.selectFrom("clicks").select(["product_id", "source"]).orderBy("id").execute();
    return rows.map((row) => [row.product_id, row.source]);
  };

  it("redirects to the shop with a 302 that nobody caches, indexes or cookies, and counts the click", async () => {
    const response = await go("/go/alpha?from=collection:barrel-saunas");
    expect(response.status).toBe(302);
    // The affiliate link before the maker's website (docs/decisions/0058).
    expect(response.headers.get("location")).toBe("https://alpha.example/?ref=us");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.text()).toBe("");
    expect(await recorded()).toEqual([[ids.alpha, "collection:barrel-saunas"]]);
  });

  it("follows the chain: the affiliate link, the website without one, the survey form for Tyyni", async () => {
    expect((await go("/go/beta?from=home")).headers.get("location")).toBe("https://shop.example/beta?ref=us&x=1");
    expect((await go("/go/tyyni-4?from=product:tyyni-4")).headers.get("location")).toBe(SURVEY);
    await test.db.updateTable("products").set({ affiliate_link: null }).where("slug", "=", "alpha").execute();
    invalidateCatalog(test.db);
    expect((await go("/go/alpha?from=home")).headers.get("location")).toBe("https://alpha.example/buy");
    await test.db.updateTable("products").set({ affiliate_link: "https://alpha.example/?ref=us" }).where("slug", "=", "alpha").execute();
    invalidateCatalog(test.db);
    expect(await recorded()).toEqual([
      [ids.beta, "home"],
      [ids["tyyni-4"], "product:tyyni-4"],
      [ids.alpha, "home"],
    ]);
  });

  it("records a missing or made-up source as a bounded, known value", async () => {
    // Four readers (one browser each) and no more than 3 clicks of one product from this one address, so each click counts.
    const as = (n: number) => ({ headers: { "user-agent": `${BROWSER} reader/${n}` } });
    await go("/go/alpha", as(1));
    await go(`/go/beta?from=${encodeURIComponent('=HYPERLINK("x")')}`, as(2));
    await go(`/go/alpha?from=collection:${"a".repeat(5_000)}`, as(3));
    await go("/go/ALPHA?from=Compare", as(4));
    expect(await recorded()).toEqual([
      [ids.alpha, "unknown"],
      [ids.beta, "unknown"],
      [ids.alpha, "unknown"],
      [ids.alpha, "compare"],
    ]);
  });

  it("redirects bots, prefetches and HEAD requests without counting them", async () => {
    const bot = await go("/go/alpha?from=home", {
      headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    const prefetch = await go("/go/alpha?from=home", { headers: { "sec-purpose": "prefetch" } });
    const oldPrefetch = await go("/go/alpha?from=home", { headers: { purpose: "prefetch" } });
    const head = await go("/go/alpha?from=home", { method: "HEAD" });
    for (const response of [bot, prefetch, oldPrefetch, head]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("https://alpha.example/?ref=us");
    }
    expect(await recorded()).toEqual([]);
  });

  it("leaves an unknown slug, a product without a link and other methods to the 404 page", async () => {
    for (const response of [
      await go("/go/no-such-sauna?from=home"),
      await go("/go/nowhere?from=home"),
      await go("/go/alpha", { method: "POST" }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.headers.get("x-fell-through")).toBe("1");
    }
    expect(await recorded()).toEqual([]);
  });

  it("answers from memory once loaded, and reads the catalog again after a change", async () => {
    await go("/go/alpha?from=home");
    const before = answeredNow;
    await go("/go/alpha?from=home");
    expect(answeredNow).toBe(before + 1);

    await test.db.updateTable("products").set({ affiliate_link: "https://alpha.example/new" }).where("slug", "=", "alpha").execute();
    // Without a change notice the map is still the old one...
    expect((await go("/go/alpha")).headers.get("location")).toBe("https://alpha.example/?ref=us");
    // ...an admin save drops it, and the next click reads the new link.
    invalidateCatalog(test.db);
    const afterChange = answeredNow;
    expect((await go("/go/alpha")).headers.get("location")).toBe("https://alpha.example/new");
    expect(answeredNow).toBe(afterChange);
    await test.db.updateTable("products").set({ affiliate_link: "https://alpha.example/?ref=us" }).where("slug", "=", "alpha").execute();
    invalidateCatalog(test.db);
  });

  it("the 404 page behind it logs the path as it came, so a crafted slug cannot forge a log line", async () => {
    const written: string[] = [];
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const request = new Request("http://127.0.0.1/go/no-such%0A%5Berror%5D%20forged?from=home");
      // The loader only ever throws the page's 404, which the error boundary draws.
      const answer = await goRoute
        .loader({ request, params: { slug: "no-such\n[error] forged" }, context: requestContext({ db: test.db } as never) } as never)
        .then(
          () => undefined,
          (thrown: { data: unknown; init: ResponseInit | null }) => thrown,
        );
      expect(answer?.init?.status).toBe(404);
      expect(answer?.data).toMatchObject({ screen: "go", kind: "not-found", product: null });
    } finally {
      stderr.mockRestore();
    }
    expect(written).toEqual(["[warn] 404 Not Found: /go/no-such%0A%5Berror%5D%20forged (no such product)\n"]);
  });
});
