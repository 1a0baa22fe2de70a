/**
 * Times a link check run over a generated catalog whose links point at local stand-ins for the
 * shops (127.0.0.1 only), each answering after a fixed delay: how long a run takes with the
 * default limits (4 at once, 2 per host), and that the limits held. On a fresh SQLite file and,
 * when TEST_DATABASE_URL is set, on a throwaway PostgreSQL database.
 *
 *   npx tsx scripts/bench-link-check.ts [--products 500] [--hosts 4] [--delay-ms 100]
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
      affiliate_link: `${shops[index % hostCount]!.origin}${LINK_CASES.held}?p=${index}&ref=bench`,
      website: `${shops[(index + 1) % hostCount]!.origin}${LINK_CASES.held}?p=${index}`,
    }));
    for (let start = 0; start < rows.length; start += 200)
      await test.db
        .insertInto("products")
        .values(rows.slice(start, start + 200))
        .execute();
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
        `broken ${run!.broken}; most at once per host: ${Math.max(...shops.map((shop) => shop.maxOpen()))}`,
    );
  } finally {
    await test.drop();
    await Promise.all(shops.map((shop) => shop.close()));
  }
}
