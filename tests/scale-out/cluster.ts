/**
 * A small production cluster on this machine, as docs/deploy.md sets one up: N instances of
 * `node server.js` (the production build) on one PostgreSQL database, behind nginx running the
 * shipped deploy/nginx.conf with only its ports and paths substituted. Used by the scale-out
 * test (run-scale-out.ts) and the scale-out benchmark (scripts/bench-scale-out.ts).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runStatement } from "../support/postgres-client";
import { startNginxIn } from "../support/nginx";
import { freePort, repoRoot, startSite, stopSite, type RunningSite } from "../reliability/production-server";

export { nginxMissing } from "../support/nginx";

/** A database of its own on the PostgreSQL that `adminUrl` reaches, dropped by `drop()`. */
export async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sauna_scale_${process.pid}_${randomBytes(4).toString("hex")}`;
  const run = (statement: string) => runStatement(adminUrl, statement);
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export interface Balancer {
  origin: string;
  port: number;
  stop(): Promise<void>;
  log(): string;
  /**
   * Resolves once nginx has answered a request with a 200 from the instance on `instancePort`
   * after this call (read from the test's access log of upstream addresses). A fixed wait of
   * fail_timeout is what an operator can do; the test waits for the fact itself, so a slow,
   * loaded machine cannot stop the other instance while nginx still skips this one.
   */
  waitUntilServedBy(instancePort: number, timeoutMs: number): Promise<void>;
}

/**
 * nginx with deploy/nginx.conf: the upstream lines point at `ports`, `listen` at a free port,
 * the cache in a temporary folder; everything else is the file as shipped.
 */
export async function startBalancer(ports: number[], listenPort?: number): Promise<Balancer> {
  const dir = mkdtempSync(path.join(tmpdir(), "sauna-balancer-"));
  // Workers drop to an unprivileged user when nginx runs as root: they must reach the cache.
  chmodSync(dir, 0o777);
  mkdirSync(path.join(dir, "cache"), { mode: 0o777 });
  chmodSync(path.join(dir, "cache"), 0o777);
  const port = listenPort ?? (await freePort());
  const shipped = readFileSync(path.join(repoRoot, "deploy/nginx.conf"), "utf8");
  const upstreamLines = ports.map((instancePort) => `    server 127.0.0.1:${instancePort} max_fails=3 fail_timeout=5s;`).join("\n");
  let site = shipped.replace(
    /(upstream sauna_reviews \{[\s\S]*?)((?:\s*server 127\.0\.0\.1:\d+[^\n]*\n)+)/,
    (_match, head: string) => `${head.trimEnd()}\n${upstreamLines}\n`,
  );
  site = site.replace(/listen 80;/, `listen 127.0.0.1:${port};`).replace("/var/cache/nginx/sauna-reviews", path.join(dir, "cache"));
  if (!site.includes(`127.0.0.1:${ports[0]}`) || !site.includes(`listen 127.0.0.1:${port}`))
    throw new Error("deploy/nginx.conf no longer has the lines the test substitutes");
  writeFileSync(path.join(dir, "sauna-reviews.conf"), site);
  const main = `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstreams '$upstream_addr|$upstream_status';
  access_log ${dir}/upstreams.log upstreams;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/sauna-reviews.conf;
}
`;
  writeFileSync(path.join(dir, "nginx.conf"), main);
  const origin = `http://127.0.0.1:${port}`;
  const nginx = await startNginxIn(dir, `${origin}/healthz`);
  const upstreamsLog = path.join(dir, "upstreams.log");
  const upstreamsLogSize = () => {
    try {
      return statSync(upstreamsLog).size;
    } catch {
      return 0;
    }
  };
  return {
    origin,
    port,
    log: nginx.log,
    async waitUntilServedBy(instancePort, timeoutMs) {
      const from = upstreamsLogSize();
      const deadline = Date.now() + timeoutMs;
      const target = `127.0.0.1:${instancePort}`;
      for (;;) {
        // One line per request: the upstreams tried, then their statuses; the last one answered.
        const answeredByTarget = readFileSync(upstreamsLog)
          .subarray(from)
          .toString("utf8")
          .split("\n")
          .some((line) => {
            const [addresses = "", statuses = ""] = line.split("|");
            return addresses.split(", ").at(-1) === target && statuses.split(", ").at(-1) === "200";
          });
        if (answeredByTarget) return;
        if (Date.now() > deadline) throw new Error(`nginx sent no request to ${target} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: nginx.stop,
  };
}

export interface Cluster {
  /** Replace an entry to restart an instance: stop() stops whatever is listed. */
  instances: RunningSite[];
  buildDir: string;
  balancer: Balancer;
  databaseUrl: string;
  /** The settings every instance shares (what /etc/sauna-reviews/env holds in the recipe). */
  sharedEnv: Record<string, string>;
  dataDirs: string[];
  stop(): Promise<void>;
}

/**
 * Starts `count` instances at once against a fresh database (migrations and seeding race, as in
 * a real deployment), then nginx in front of them.
 */
export async function startCluster(options: {
  buildDir: string;
  adminDatabaseUrl: string;
  count?: number;
  env?: Record<string, string>;
}): Promise<Cluster> {
  const count = options.count ?? 2;
  const database = await createDatabase(options.adminDatabaseUrl);
  const dataDirs = Array.from({ length: count }, () => mkdtempSync(path.join(tmpdir(), "sauna-instance-")));
  const ports = await Promise.all(dataDirs.map(() => freePort()));
  const balancerPort = await freePort();
  const sharedEnv: Record<string, string> = {
    // One secret for all: a session cookie signed by one instance must be good on the others.
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    TRUST_PROXY: "1",
    BASE_URL: `http://127.0.0.1:${balancerPort}`,
    JOB_CHECK_SECONDS: "1",
    ...options.env,
  };
  const instances: RunningSite[] = [];
  let balancer: Balancer | undefined;
  const stop = async () => {
    await balancer?.stop();
    await Promise.all(instances.map((instance) => stopSite(instance)));
    await database.drop().catch((error) => console.error(`Could not drop the test database: ${(error as Error).message}`));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const started = await Promise.allSettled(
      dataDirs.map((dataDir, index) =>
        startSite({
          buildDir: options.buildDir,
          dataDir,
          databaseUrl: database.url,
          port: ports[index],
          env: sharedEnv,
          timeoutMs: 120_000,
        }),
      ),
    );
    for (const result of started) if (result.status === "fulfilled") instances.push(result.value);
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    balancer = await startBalancer(ports, balancerPort);
    return { instances, buildDir: options.buildDir, balancer, databaseUrl: database.url, sharedEnv, dataDirs, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Starts instance `index` again on its port and data folder, as systemd would; resolves once /readyz says ready. */
export async function restartInstance(cluster: Cluster, index: number): Promise<RunningSite> {
  const previous = cluster.instances[index]!;
  const instance = await startSite({
    buildDir: cluster.buildDir,
    dataDir: cluster.dataDirs[index]!,
    databaseUrl: cluster.databaseUrl,
    port: previous.port,
    env: cluster.sharedEnv,
    timeoutMs: 120_000,
  });
  cluster.instances[index] = instance;
  for (
    let attempt = 0;
    (await fetch(`${instance.origin}/readyz`).then(
      (response) => response.status,
      () => 0,
    )) !== 200;
    attempt++
  ) {
    if (attempt > 300) throw new Error(`instance ${index} is not ready 30 s after a restart`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return instance;
}

/** Signs in through `origin` (a form post, as a browser without JavaScript does) and returns the session cookie. */
export async function signIn(origin: string, baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "sign-in", email, password, redirectTo: "/admin" }),
  });
  if (response.status !== 302) throw new Error(`sign-in answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  if (cookies.length === 0) throw new Error("sign-in set no cookie");
  return cookies.join("; ");
}

/** `npm run create-admin` against the cluster's database, as an operator runs it. */
export function createAdmin(cluster: Cluster, email: string, password: string): void {
  const result = spawnSync(path.join(repoRoot, "node_modules/.bin/tsx"), ["scripts/create-admin.ts", "--email", email], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: cluster.databaseUrl,
      DATA_DIR: cluster.dataDirs[0],
      ADMIN_PASSWORD: password,
      ...cluster.sharedEnv,
      LOG_LEVEL: "warn",
    },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`create-admin failed: ${result.stderr || result.stdout}`);
}
