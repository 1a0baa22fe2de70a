/**
 * `npm run bench:scale-out`: what running two instances behind nginx costs and buys, on a fresh
 * production build, a throwaway PostgreSQL database (TEST_DATABASE_URL) and the shipped
 * deploy/nginx.conf (tests/scale-out/cluster.ts):
 *
 *   latency  --saves (100) one-product imports on instance A; after each, instance B's copy of
 *            the product page is asked for until it shows the change: the time from A's answer
 *            (the commit is before it) to B serving the new page, p50 and max.
 *   wrk      requests per second of one instance asked directly, of nginx in front of that one
 *            instance, and of nginx in front of two (wrk, --seconds each, --connections).
 *
 * Options: --build-dir DIR (reuse a build)  --saves N  --seconds N  --connections N
 * Numbers depend on the machine and what else runs on it: print `uptime` next to them.
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { repoRoot } from "../tests/reliability/production-server";
import { createAdmin, nginxMissing, signIn, startBalancer, startCluster } from "../tests/scale-out/cluster";

const { values } = parseArgs({
  options: {
    "build-dir": { type: "string" },
    saves: { type: "string", default: "100" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "32" },
  },
  strict: true,
});

function post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", headers: { ...headers, "Content-Length": Buffer.byteLength(body) } },
      (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function wrk(url: string, seconds: number, connections: number): { rps: number; p50: string; p99: string } {
  const result = spawnSync("wrk", ["-t2", `-c${connections}`, `-d${seconds}s`, "--latency", "-H", "Accept-Encoding: br, gzip", url], {
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`wrk failed: ${result.stderr}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(result.stdout)?.[1]);
  const p50 = /\s50%\s+(\S+)/.exec(result.stdout)?.[1] ?? "?";
  const p99 = /\s99%\s+(\S+)/.exec(result.stdout)?.[1] ?? "?";
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(result.stdout)?.[1];
  if (non2xx) throw new Error(`${non2xx} answers were not 2xx for ${url}`);
  return { rps, p50, p99 };
}

async function main() {
  const missing =
    nginxMissing() ??
    (process.env.TEST_DATABASE_URL ? undefined : "set TEST_DATABASE_URL to a PostgreSQL URL whose user may create databases");
  if (missing) throw new Error(missing);
  if (spawnSync("wrk", ["--version"]).error) throw new Error("wrk not found (apt-get install wrk)");

  let buildDir = values["build-dir"];
  const ownBuild = !buildDir;
  if (!buildDir) {
    buildDir = path.join(repoRoot, ".e2e-build", `bench-scale-${process.pid}`);
    const build = spawnSync("npm", ["run", "build"], { cwd: repoRoot, env: { ...process.env, BUILD_DIR: buildDir }, stdio: "inherit" });
    if (build.status !== 0) throw new Error("the build failed");
  }
  const cluster = await startCluster({ buildDir: path.resolve(buildDir), adminDatabaseUrl: process.env.TEST_DATABASE_URL! });
  try {
    const [a, b] = cluster.instances as [(typeof cluster.instances)[0], (typeof cluster.instances)[0]];
    const baseUrl = cluster.sharedEnv.BASE_URL!;
    const reviews = await (await fetch(`${a!.origin}/reviews`)).text();
    const productPath = [...reviews.matchAll(/href="(\/reviews\/product\/[^"#?]+)"/g)][0]![1]!;
    const slug = productPath.split("/").pop()!;
    createAdmin(cluster, "owner@example.com", "correct horse battery staple");
    const cookie = await signIn(cluster.balancer.origin, baseUrl, "owner@example.com", "correct horse battery staple");

    console.log(
      `Machine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(" ")} (shared with other work)`,
    );
    const saves = Number(values.saves);
    const latencies: number[] = [];
    const staleness: number[] = [];
    for (let index = 0; index < saves; index++) {
      // B has the old page in its page cache.
      await (await fetch(b!.origin + productPath)).text();
      const name = `Bench Rename ${index} ${Date.now()}`;
      const answer = await post(
        `${a!.origin}/admin/products/import`,
        { Cookie: cookie, Origin: baseUrl, Host: new URL(baseUrl).host, "Content-Type": "text/csv" },
        `name,brand,slug\n${name},Bench,${slug}\n`,
      );
      if (answer.status !== 200) throw new Error(`import answered ${answer.status}: ${answer.text.slice(0, 200)}`);
      const committed = performance.now();
      for (;;) {
        const sent = performance.now();
        const page = await (await fetch(b!.origin + productPath)).text();
        if (page.includes(name)) {
          staleness.push(sent - committed);
          break;
        }
        if (performance.now() - committed > 10_000) throw new Error(`instance B did not serve save ${index} within 10 s`);
      }
      latencies.push(performance.now() - committed);
    }
    latencies.sort((x, y) => x - y);
    staleness.sort((x, y) => x - y);
    const summary = (values: number[]) =>
      `p50 ${percentile(values, 50).toFixed(1)} ms, p90 ${percentile(values, 90).toFixed(1)} ms, max ${values.at(-1)!.toFixed(1)} ms`;
    console.log(`Save on A (its answer) to B's first fresh page answered, ${saves} saves: ${summary(latencies)}`);
    console.log(`Save on A (its answer) to B's first fresh page requested (how long B stayed stale): ${summary(staleness)}`);

    const seconds = Number(values.seconds);
    const connections = Number(values.connections);
    const oneBehindNginx = await startBalancer([a!.port]);
    try {
      for (const page of ["/", productPath]) {
        // Fill the page caches first.
        for (let i = 0; i < 4; i++) await (await fetch(cluster.balancer.origin + page)).text();
        await (await fetch(a!.origin + page)).text();
        const direct = wrk(a!.origin + page, seconds, connections);
        const one = wrk(oneBehindNginx.origin + page, seconds, connections);
        const two = wrk(cluster.balancer.origin + page, seconds, connections);
        console.log(
          `${page}: one instance direct ${direct.rps.toFixed(0)} req/s (p50 ${direct.p50}, p99 ${direct.p99}); nginx + one ${one.rps.toFixed(0)} req/s (p50 ${one.p50}, p99 ${one.p99}); nginx + two ${two.rps.toFixed(0)} req/s (p50 ${two.p50}, p99 ${two.p99})`,
        );
      }
    } finally {
      await oneBehindNginx.stop();
    }
    console.log(
      `Load average after: ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    await cluster.stop();
    if (ownBuild) rmSync(buildDir, { recursive: true, force: true });
  }
}

await main();
