/**
 * Times a link check run over a generated catalog whose links point at local stand-ins for the
 * shops (127.0.0.1 only), each answering after a fixed delay: how long a run takes with the
 * default limits (4 at once, 2 per host), and that the limits held. On a fresh SQLite file and,
 * when TEST_DATABASE_URL is set, on a throwaway PostgreSQL database.
 *
 * With --offers, each product's one link is an offer's, at a merchant per host (the links a feed
 * writes), rather than the product's own two. It also prints the most requests any one stand-in
 * shop had in a minute (any 60 s window): the politeness limit is one start per host per second.
 *
 *   npx tsx scripts/bench-link-check.ts [--products 500] [--hosts 4] [--delay-ms 100] [--offers]
 */
import { parseArgs } from "node:util";
import { checkAllLinks, latestLinkCheckRun } from "../app/server/links/link-check-runs.server";
import { setLogLevel } from "../app/server/log.server";
import { LINK_CASES, startLinkTestServer } from "../tests/support/link-test-server";
import { createTestDatabase, testDialects } from "../tests/support/test-databases";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "500" },
    hosts: { type: "string", default: "4" },
    "delay-ms": { type: "string", default: "100" },
    offers: { type: "boolean", default: false },
  },
});
const products = Number(values.products);
const hostCount = Number(values.hosts);
const delayMs = Number(values["delay-ms"]);
setLogLevel("warn");

for (const dialect of testDialects) {
  const shops = await Promise.all(Array.from({ length: hostCount }, () => startLinkTestServer({ holdMs: delayMs })));
  const test = await createTestDatabase(dialect);
  try {
    const rows = Array.from({ length: products }, (_, index) => ({
      slug: `bench-${index}`,
      name: `Bench ${index}`,
      brand: "Bench",
      ...(values.offers
        ? {}
        : {
            affiliate_link: `${shops[index % hostCount]!.origin}${LINK_CASES.held}?p=${index}&ref=bench`,
            website: `${shops[(index + 1) % hostCount]!.origin}${LINK_CASES.held}?p=${index}`,
          }),
    }));
    for (let start = 0; start < rows.length; start += 200)
      await test.db
        .insertInto("products")
        .values(rows.slice(start, start + 200))
        .execute();
    if (values.offers) {
      const merchants = await test.db
        .insertInto("merchants")
        .values(
          shops.map((shop, index) => ({ slug: `shop-${index}`, name: `Shop ${index}`, domain: `shop-${index}.example`, countries: "[]" })),
        )
        .returning("id")
        .execute();
      const ids = await test.db.selectFrom("products").select("id").orderBy("id").execute();
      const offers = ids.map((product, index) => ({
        product_id: product.id,
        merchant_id: merchants[index % hostCount]!.id,
        link: `${shops[index % hostCount]!.origin}${LINK_CASES.held}?p=${index}&ref=feed`,
        price_minor: 100_000,
        currency: "USD",
        countries: "[]",
        availability: "InStock",
        source: "feed",
        is_primary: false,
      }));
      for (let start = 0; start < offers.length; start += 200)
        await test.db
          .insertInto("offers")
          .values(offers.slice(start, start + 200))
          .execute();
    }
    const started = performance.now();
    // The stand-in shops are on 127.0.0.1, which the checker refuses unless allowed on purpose.
    const outbound = { allowPrivate: ["127.0.0.1/32"], allowPorts: [[1024, 65535]] as [number, number][] };
    await checkAllLinks(test.db, "manual", { timeoutMs: 10_000, userAgent: "bench", outbound });
    const seconds = (performance.now() - started) / 1000;
    const run = await latestLinkCheckRun(test.db);
    const ideal = (run!.total * delayMs) / 1000 / Math.min(4, 2 * hostCount);
    console.log(
      `${dialect.padEnd(8)} ${run!.checked} links on ${hostCount} hosts (${delayMs} ms each) in ${seconds.toFixed(2)} s ` +
        `(${(run!.checked / seconds).toFixed(1)} links/s; ${ideal.toFixed(2)} s if only the shops' delay counted); ` +
        `broken ${run!.broken}; most at once per host: ${Math.max(...shops.map((shop) => shop.maxOpen()))}; ` +
        `most in a minute per host: ${Math.max(...shops.map((shop) => mostInAMinute(shop.requests.map((request) => request.at))))}`,
    );
  } finally {
    await test.drop();
    await Promise.all(shops.map((shop) => shop.close()));
  }
}

/** The most of these times (ms, ascending) in any 60-second window. */
function mostInAMinute(times: readonly number[]): number {
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last++) {
    while (times[last]! - times[first]! >= 60_000) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}
