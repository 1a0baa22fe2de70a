/**
 * `npm run bench:warm`: what readers meet right after an admin save (docs/decisions/0083). On a
 * throwaway SQLite site with N generated products (20,000 by default), 20 pages (home,
 * /reviews, collection pages, product pages) are visited until they are the most visited of the
 * hour and page-cache hits; an admin then changes one listed product's price through the
 * product form (signed in through /auth, the form read from the edit page and posted back, as a
 * browser without JavaScript does), and wrk asks for those 20 pages in turn from the moment the
 * save answered. Every response is checked: its X-Page-Cache header, and whether its body still
 * shows the product's old price. Prints the hit ratio over the run and per second since the
 * save, the second from which hits stayed at 95% or more, and the responses showing the old
 * price: the run fails (exit 1) if there was any.
 *
 *   npm run bench:warm
 *   npm run bench:warm -- --products 2000 --seconds 5 --connections 50 --visits 5
 *
 * Needs wrk (/usr/bin/wrk; apt-get install wrk). Timings mean something only on a quiet machine.
 */
import { existsSync } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { formFieldsIn, signInAsAdmin } from "./perf/admin-session";
import { settledFrom, watchPages, type CacheWatchResult } from "./perf/cache-watch";
import { WRK } from "./perf/load";
import { importGeneratedProducts } from "./perf/generated-catalog";
import { loadConfig } from "../app/server/config.server";
import { ensureProductionBuild, makeDataDir, onInterrupt, startSite, type SiteProcess } from "./perf/site-process";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "20000" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    /** Requests per page before the save: enough to make them the hour's most visited, and hits. */
    visits: { type: "string", default: "5" },
  },
});
const productCount = Number(values.products);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const visits = Number(values.visits);
const PAGES = 20;
const COLLECTIONS = 8;
/** The share of hits the issue asks for, and where. */
const TARGET_RATIO = 0.95;
/** A signed-in-looking cookie with no session behind it: rendered for the request, never the page cache. */
const RENDERED = { cookie: "better-auth.session_token=bench" };

if (!existsSync(WRK)) {
  console.error(`wrk is not installed (${WRK}; apt-get install wrk): this benchmark needs it.`);
  process.exit(2);
}
const loadAtStart = os.loadavg();

ensureProductionBuild();
const data = makeDataDir();
const stopLoad = new AbortController();
let site: SiteProcess | undefined;
onInterrupt(async () => {
  stopLoad.abort();
  await site?.stop();
  data.remove();
});

let failed = false;
try {
  // The first start creates the database and the sample catalog; the import then adds to it.
  site = await startSite(data.dir);
  await site.stop();
  site = undefined;
  if (productCount > 0) {
    const started = performance.now();
    importGeneratedProducts(loadConfig({ DATA_DIR: data.dir }).database, productCount);
    console.log(
      `Imported ${productCount.toLocaleString("en-US")} generated products in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  site = await startSite(data.dir);
  const origin = site.origin;

  const { paths, product, collection } = await choosePages(origin);
  const cookie = await signInAsAdmin(origin, data.dir);
  const edit = await openProductForm(origin, cookie, product.slug);
  const oldPrice = Number(edit.fields.get("price"));
  if (!(oldPrice > 0)) throw new Error(`${product.slug} has no price to change (${edit.fields.get("price")})`);
  // Up by a third and more: no digit string of the old price is part of the new one.
  const newPrice = Math.round(oldPrice * 1.37) + 0.49;
  const oldText = priceText(oldPrice);
  const newText = priceText(newPrice);
  if (newText.includes(oldText)) throw new Error(`The new price ${newText} contains the old ${oldText}`);

  // Visit every page until it is a hit; the pages become the hour's most visited on the way.
  for (let round = 0; round < visits; round++) {
    for (const page of paths) await get(origin + page);
  }
  for (const page of paths) {
    const answer = await get(origin + page);
    if (answer.cache !== "hit") throw new Error(`${page} is not a page-cache hit before the save (X-Page-Cache: ${answer.cache})`);
    if ((page === product.path || page === collection) && !answer.body.includes(oldText))
      throw new Error(`${page} does not show ${product.slug}'s price as ${oldText}: the check would prove nothing`);
  }
  const oldOnPages = (
    await Promise.all(paths.map(async (page) => ((await get(origin + page)).body.includes(oldText) ? page : undefined)))
  ).filter(Boolean);

  console.log(
    `node ${process.version}, ${os.cpus().length} CPUs, load average at start ${loadAtStart.map((load) => load.toFixed(2)).join(" ")}; ` +
      `wrk, ${connections} connections, ${seconds} s, ${paths.length} pages in turn, no Accept-Encoding`,
  );
  console.log(`Pages (each visited ${visits + 2} times before the save, all hits):\n  ${paths.join("\n  ")}`);
  console.log(
    `Saved product: ${product.path} (id ${edit.id}), price ${oldText} -> ${newText}; ` +
      `the old price was on ${oldOnPages.length} of the ${paths.length} pages (${oldOnPages.join(", ")})`,
  );

  edit.fields.set("price", newPrice.toFixed(2));
  const saveStarted = Date.now();
  const saved = await fetch(`${origin}/admin/products?edit=${edit.id}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
    body: edit.fields,
  });
  const savedAt = Date.now();
  await saved.arrayBuffer();
  // The save redirects back to the product's form; a refused session would redirect to /auth.
  const location = saved.headers.get("location") ?? "";
  if ((saved.status !== 302 && saved.status !== 303) || !location.startsWith(`/admin/products?edit=${edit.id}`))
    throw new Error(`The product save answered ${saved.status} (${location || "no redirect"})`);
  console.log(`Saved through the product form in ${savedAt - saveStarted} ms; second 0 starts at its answer.`);

  const watch = await watchPages({ origin, paths, connections, seconds, text: oldText, since: savedAt, signal: stopLoad.signal });

  // Afterwards, each page rendered afresh: the save took, and the old price is on none of them
  // (or finding it under load would mean nothing).
  const fresh = await get(origin + product.path, RENDERED);
  if (!fresh.body.includes(newText)) throw new Error(`${product.path} rendered afresh does not show the new price ${newText}`);
  const stillOld: string[] = [];
  for (const page of paths) if ((await get(origin + page, RENDERED)).body.includes(oldText)) stillOld.push(page);
  if (stillOld.length > 0)
    throw new Error(`Rendered afresh after the save, ${stillOld.join(", ")} still show ${oldText}: the check cannot tell`);

  failed = report(watch, oldText);
} finally {
  await site?.stop();
  data.remove();
}
process.exit(failed ? 1 : 0);

/**
 * Home, /reviews, the first collections /reviews lists, and product pages listed on them: the
 * saved product is the first generated one a collection lists (its price is its own; a sample
 * product's may be shared), with that collection among the pages.
 */
async function choosePages(origin: string) {
  const reviews = await get(`${origin}/reviews`);
  const collections = unique([...reviews.body.matchAll(/href="(\/reviews\/(?!product\/)[a-z0-9-]+)"/g)].map((match) => match[1]!));
  let chosen: { collection: string; product: { path: string; slug: string } } | undefined;
  const products: string[] = [];
  for (const collection of collections) {
    const listed = unique(
      [...(await get(origin + collection)).body.matchAll(/href="(\/reviews\/product\/[a-z0-9-]+)"/g)].map((m) => m[1]!),
    );
    const generated = listed.find((path) => /\/model-\d+$/.test(path));
    if (!chosen && generated) chosen = { collection, product: { path: generated, slug: generated.split("/").pop()! } };
    products.push(...listed);
  }
  if (!chosen) throw new Error("No collection lists a generated product: run with --products 1000 or more");
  const pickedCollections = unique([chosen.collection, ...collections]).slice(0, COLLECTIONS);
  const pickedProducts = unique([chosen.product.path, ...products]).slice(0, PAGES - 2 - pickedCollections.length);
  const paths = ["/", "/reviews", ...pickedCollections, ...pickedProducts];
  if (paths.length !== PAGES) throw new Error(`Found only ${paths.length} pages to visit`);
  return { paths, ...chosen };
}

/** The product's edit form as the admin page serves it: its id and every field it would submit. */
async function openProductForm(origin: string, cookie: string, slug: string) {
  const list = await get(`${origin}/admin/products?q=${encodeURIComponent(slug)}`, { cookie });
  const ids = unique([...list.body.matchAll(/href="\/admin\/products\?edit=(\d+)/g)].map((match) => match[1]!));
  for (const id of ids) {
    const page = await get(`${origin}/admin/products?edit=${id}`, { cookie });
    const fields = formFieldsIn(page.body, "save-product");
    if (fields.get("slug") === slug) return { id, fields };
  }
  throw new Error(`The admin's product list has no edit link for ${slug}`);
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers, redirect: "manual" });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { body, cache: response.headers.get("x-page-cache") };
}

/** A price as the pages write it (US dollars, cents shown): what a reader would read. */
function priceText(dollars: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(dollars);
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

/** Prints the run and says whether it failed: any response showed the old price. */
function report(watch: CacheWatchResult, oldText: string): boolean {
  const percent = (part: number, whole: number) => (whole === 0 ? "-" : `${((100 * part) / whole).toFixed(1)}%`);
  const responses = watch.perSecond.reduce((sum, second) => sum + second.responses, 0);
  const hits = watch.perSecond.reduce((sum, second) => sum + second.hits, 0);
  console.log(
    `\n${"second".padStart(6)} ${"responses".padStart(9)} ${"hits".padStart(7)} ${"hit %".padStart(6)} ${"old price".padStart(9)}`,
  );
  for (const second of watch.perSecond) {
    console.log(
      `${String(second.second).padStart(6)} ${String(second.responses).padStart(9)} ${String(second.hits).padStart(7)} ` +
        `${percent(second.hits, second.responses).padStart(6)} ${String(second.withText).padStart(9)}`,
    );
  }
  console.log(
    `\n${responses} responses (${watch.requestsPerSecond.toFixed(0)} req/s), hits ${percent(hits, responses)} over the whole run; ` +
      `X-Page-Cache: ${Object.entries(watch.byCacheHeader)
        .map(([how, count]) => `${how} ${count}`)
        .join(", ")}` +
      (watch.non200 > 0 ? `; ${watch.non200} not 200` : "") +
      (watch.errors > 0 ? `; ${watch.errors} connection errors or timeouts` : ""),
  );
  const settled = settledFrom(watch.perSecond, TARGET_RATIO);
  const within = settled !== undefined && settled < seconds;
  console.log(
    settled === undefined
      ? `Hits never stayed at ${TARGET_RATIO * 100}% or more to the end of the run.`
      : `Hits at ${TARGET_RATIO * 100}% or more from second ${settled} to the end (within ${settled + 1} s of the save)` +
          (within ? "." : `: not within ${seconds} s.`),
  );
  console.log(`Responses showing the old price ${oldText}: ${watch.withText}`);
  if (watch.withText > 0) {
    const list = (counts: Record<string, number>) =>
      Object.entries(counts)
        .map(([name, count]) => `${name} ${count}`)
        .join(", ");
    console.log(`  by X-Page-Cache: ${list(watch.textByCacheHeader)}\n  by page: ${list(watch.textByPage)}`);
  }
  return watch.withText > 0;
}
