/**
 * `npm run bench`: serves the production build on a fresh SQLite data dir (loopback only) and
 * measures throughput and latency of the public pages with autocannon. Bounded: a few seconds
 * per page. Timing belongs here, never in tests.
 *
 *   npm run bench                 # every page for 10 s
 *   npm run bench -- --seconds 5 / --connections 20 / --path /learn
 */
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    path: { type: "string", multiple: true },
  },
});
// One page of each kind a visitor reads, plus the image route on a warm cache and the 404.
const paths = values.path ?? [
  "/",
  "/reviews",
  "/reviews/barrel-saunas",
  "/reviews/product/lumo-works-tyyni-4-cube-sauna",
  "/learn",
  "/learn/sauna-maintenance",
  "/img?src=%2Fimages%2Fcollections%2Fbarrel-saunas.webp&w=800&h=300&q=85&fit=cover",
  "/no-such-page",
];

// The same check `npm start` runs: build once when there is no production build.
if (spawnSync("node", ["scripts/ensure-build.js"], { stdio: "inherit" }).status !== 0) process.exit(1);

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), "sauna-bench-"));
const server = spawn("node", ["server.js"], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "error" },
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise<void>((resolve, reject) => {
  server.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("is serving") && resolve());
  server.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
});

console.log(`node ${process.version}, ${values.connections} connections, ${values.seconds} s per page\n`);
console.log("path".padEnd(28), "req/s".padStart(8), "p50 ms".padStart(8), "p99 ms".padStart(8), "KB/req".padStart(8));
try {
  for (const pathname of paths) {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}${pathname}`,
      connections: Number(values.connections),
      duration: Number(values.seconds),
      headers: { "accept-encoding": "gzip" },
    });
    const kbPerRequest = result.throughput.total / Math.max(1, result.requests.total) / 1024;
    console.log(
      pathname.padEnd(28),
      result.requests.average.toFixed(0).padStart(8),
      String(result.latency.p50).padStart(8),
      String(result.latency.p99).padStart(8),
      kbPerRequest.toFixed(1).padStart(8),
      result.non2xx > 0 && pathname !== "/no-such-page" ? `  (${result.non2xx} non-2xx!)` : "",
    );
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}
