// The process: HTTP, the page cache's fast path, static files and a graceful stop. Everything that knows about
// settings, the database and pages lives in the server bundle (app/server/site.server.ts).
// Plain JavaScript so that `npm start` needs no compiler.
import { fork } from "node:child_process";
import compression from "compression";
import express from "express";
import { existsSync, readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { precompressedAssets } from "./precompressed-assets.js";
import { stopAccepting } from "./server-stop.js";

const development = process.argv.includes("--dev");
const buildDir = path.resolve(process.env.BUILD_DIR || "build");
// React and React Router pick their production builds from this; set it before they load.
process.env.NODE_ENV = development ? "development" : "production";

let site;
let vite;
// Development runs the worker's loop in this process (there is no build for a second one to load).
let inProcessWorker;
try {
  if (development) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    const { createSite } = await vite.ssrLoadModule("./app/server/site.server.ts");
    site = await createSite({
      build: () => vite.ssrLoadModule("virtual:react-router/server-build"),
      publicDir: path.resolve("public"),
      pageCache: false,
    });
    const { startSiteWorker } = await vite.ssrLoadModule("./app/server/site.server.ts");
    if (site.config.worker === "process") inProcessWorker = await startSiteWorker();
  } else {
    const { createSite } = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
    site = await createSite({ publicDir: path.join(buildDir, "client") });
  }
} catch (error) {
  // A bad setting or an unreachable database: one clear line, no stack trace.
  console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
  await vite?.close();
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback");
// Security headers go on every response (files, pages, errors, cache hits) before anything else
// answers: HSTS, COOP, Permissions-Policy, … The per-document Content-Security-Policy comes from
// app/entry.server.tsx with the page, so a cached page replays its own.
function setProcessHeaders(res) {
  for (const [name, value] of Object.entries(site.securityHeaders)) res.setHeader(name, value);
}

if (vite) {
  app.use(vite.middlewares);
} else {
  // Scripts, styles and SVGs are sent as the Brotli or gzip copy the build wrote beside them;
  // `compression` only handles a client that accepts neither. Pages and data are compressed by
  // the site (by the page cache, or as they stream), so `compression` never sees them.
  // Vite fingerprints everything under /assets: safe to cache for a year.
  const assetsDir = path.join(buildDir, "client/assets");
  const assetCaching = { immutable: true, maxAge: "1y" };
  app.use(
    "/assets",
    precompressedAssets(assetsDir, assetCaching),
    compression(),
    express.static(assetsDir, { ...assetCaching, fallthrough: false }),
  );
  // Images and icons keep their names when they change: a day, then revalidate.
  // A missing image is a plain 404 here: the page's <img> falls back on its own, and rendering
  // the whole not-found page for every broken image would cost more than the image.
  app.use("/images", compression(), express.static(path.join(buildDir, "client/images"), { maxAge: "1d", fallthrough: false }));
  // The few files at the top of the build (the favicon, the touch icon) are listed once: a page
  // request is not first looked for on disk, a stat that cost 2% of a rendered page's CPU.
  const clientDir = path.join(buildDir, "client");
  const topLevelFiles = new Set(
    readdirSync(clientDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  const topLevelFile = express.static(clientDir, { maxAge: "1d", index: false });
  app.use((req, res, next) => (topLevelFiles.has(req.path) ? topLevelFile(req, res, next) : next()));
}
app.use(site.requestHandler);

// Readers' requests since the worker was last told of them: on PostgreSQL its queries give way
// while there are any (app/server/jobs/reader-pacing.server.ts). The admin's own pages and a
// monitor's probes do not count.
let readerRequests = 0;
const NOT_A_READER = /^\/(admin|healthz|readyz|metrics)(\/|\?|$)/;

// A page cache hit is answered here, before Express: no middleware, no React, no database.
function handle(req, res) {
  setProcessHeaders(res);
  if (!NOT_A_READER.test(req.url)) readerRequests++;
  // While stopping, every answer closes its connection, so no keep-alive socket is left for a
  // client to send one more request on just as the process exits.
  if (stopping) res.setHeader("Connection", "close");
  if (!site.serveCached(req, res)) app(req, res);
}
const listener =
  site.config.logLevel === "debug"
    ? (req, res) => {
        const started = process.hrtime.bigint();
        res.on("finish", () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          console.log(`[debug] ${req.method} ${req.url} ${res.statusCode} ${res.getHeader("x-page-cache") ?? ""} ${ms.toFixed(1)} ms`);
        });
        handle(req, res);
      }
    : handle;

const { port, host, baseUrl } = site.config;
const server = http.createServer(listener);
server.listen(port, host, () => {
  console.log(`Sauna Reviews is serving ${baseUrl} (listening on ${host}:${port}, ${process.env.NODE_ENV})`);
  if (!development && site.config.worker === "process") startWorkerProcess();
});

// The worker process (worker.js): owner work off this event loop. Started once the database is
// migrated, started again if it dies (a crash, an out-of-memory kill), stopped with this process.
let worker;
let workerRestarts = 0;
function startWorkerProcess() {
  const script = path.resolve(path.dirname(new URL(import.meta.url).pathname), "worker.js");
  if (!existsSync(script)) {
    console.error(`No worker.js beside server.js (${script}): feeds, imports and mail will not run`);
    return;
  }
  const started = Date.now();
  worker = fork(script, [], { env: { ...process.env, BUILD_DIR: buildDir } });
  // A message sent as the worker stops is lost, which is harmless; it must not stop this process.
  worker.on("error", (error) => console.error(`The worker process: ${error.message}`));
  worker.on("exit", (code, signal) => {
    worker = undefined;
    if (stopping) return;
    // A worker that ran a while restarts at once; one that keeps failing waits longer each time, up to 30 s.
    workerRestarts = Date.now() - started > 60_000 ? 0 : workerRestarts + 1;
    const delay = Math.min(30_000, 500 * 2 ** workerRestarts);
    console.error(`The worker process stopped (${signal ?? `exit code ${code}`}); starting it again in ${delay / 1000} s`);
    setTimeout(() => !stopping && startWorkerProcess(), delay).unref();
  });
}

setInterval(() => {
  if (readerRequests > 0 && worker?.connected) worker.send({ readers: readerRequests });
  readerRequests = 0;
}, 500).unref();

function stopWorker() {
  return new Promise((resolve) => {
    if (!worker) return resolve();
    const child = worker;
    child.once("exit", resolve);
    child.kill("SIGTERM");
    // The worker gives its runs 8 s, then interrupts them; past 15 s it is not coming back.
    setTimeout(() => child.kill("SIGKILL"), 15_000).unref();
  });
}
server.on("error", async (error) => {
  console.error(`Cannot start: ${error.code === "EADDRINUSE" ? `port ${port} on ${host} is already in use (set PORT)` : error.message}`);
  await site.close();
  process.exit(1);
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing in-flight requests`);
  // A request that hangs must not keep the process alive forever.
  const deadline = setTimeout(() => {
    console.error("Requests still open after 10 s; closing them");
    server.closeAllConnections();
  }, 10_000);
  deadline.unref();
  // Stop accepting, but leave the connections open (server-stop.js says why).
  stopAccepting(server, async () => {
    await Promise.all([stopWorker(), inProcessWorker?.stop()]);
    await site.close();
    await vite?.close();
    console.log("Stopped");
    process.exit(0);
  });
  // Keep-alive sockets are left to close themselves: a busy one after its next answer (which
  // says Connection: close), an idle one after keepAliveTimeout (5 s). Closing them from here
  // races with a request the client is sending on them at that moment.
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
