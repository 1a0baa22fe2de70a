// The worker process: feeds, imports, reports, link checks, mail and the periodic jobs, run apart
// from the web process so that no owner work ever holds up a reader's page (docs/decisions/0098).
// `npm start` forks it beside server.js; `npm run worker` runs one on its own (set WORKER=off on
// the web instances then). Plain JavaScript so that it needs no compiler.
import path from "node:path";
import { pathToFileURL } from "node:url";

process.env.NODE_ENV = "production";
const buildDir = path.resolve(process.env.BUILD_DIR || "build");
// Forked by server.js: the parent has migrated the database already and hears of our exit.
const forked = typeof process.send === "function";

let worker;
try {
  const { startSiteWorker } = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
  worker = await startSiteWorker({ migrate: !forked, lowerPriority: true });
} catch (error) {
  console.error(`Cannot start the worker: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

let stopping = false;
async function stop(why) {
  if (stopping) return;
  stopping = true;
  console.log(`Worker: ${why}; finishing the runs in progress`);
  await worker.stop();
  console.log("Worker stopped");
  process.exit(0);
}
process.on("SIGTERM", () => stop("SIGTERM received"));
process.on("SIGINT", () => stop("SIGINT received"));
// The web process went away (even by kill -9): stop too, rather than run on unsupervised.
if (forked) process.on("disconnect", () => stop("the web process is gone"));
// The web process is serving readers (server.js).
if (forked) process.on("message", (message) => message?.readers && worker.readersSeen());
