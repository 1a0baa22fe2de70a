/**
 * `npm run bench:memory`: the production server under ten minutes of mixed load (every public
 * page kind, pictures through /img in both formats, searches), its RSS sampled every 10 s and
 * printed as a curve, then judged against the budget: at most 256 MB at the end and flat over
 * the last half of the run. Throwaway DATA_DIR, loopback, wrk when installed.
 *
 *   npm run bench:memory
 *   npm run bench:memory -- --seconds 120 --connections 20
 *   npm run bench:memory -- --heap-snapshots   # also writes .heapsnapshot files at start and end
 *   npm run bench:memory -- --only images --warm --seconds 120   # only disk-cache hits
 *
 * Each sample splits RSS into V8's heap, Buffers, glibc's heaps, other anonymous memory and
 * file pages (scripts/perf/memory-probe.js, scripts/perf/process-memory.ts).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fetchRaw } from "./perf/fetch-raw";
import { decodeEntities, pictureUrlsIn } from "./perf/page-html";
import { loadTool, runLoad } from "./perf/load";
import { residentSplitOf } from "./perf/process-memory";
import { FLAT_TOLERANCE_MB, judgeRss } from "./perf/rss-trend";
import { ensureProductionBuild, makeDataDir, onInterrupt, startSite, type SiteProcess } from "./perf/site-process";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "600" },
    connections: { type: "string", default: "50" },
    "sample-seconds": { type: "string", default: "10" },
    "budget-mb": { type: "string", default: "256" },
    "heap-snapshots": { type: "boolean", default: false },
    /** Narrow the mix to find what grows: "pages" (no /img) or "images" (only /img). */
    only: { type: "string" },
    /** Extra NAME=VALUE for the server's environment, e.g. --env MALLOC_ARENA_MAX=8 to compare. */
    env: { type: "string", multiple: true },
    /** Request every picture once in each format before measuring, so the load is all disk-cache hits. */
    warm: { type: "boolean", default: false },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const sampleSeconds = Number(values["sample-seconds"]);
const budgetMb = Number(values["budget-mb"]);

const SEARCH_TERMS = [
  "barrel",
  "cedar",
  "infrared",
  "wood",
  "stove",
  "glass",
  "cube",
  "electric",
  "harvia",
  "outdoor",
  "two person",
  "six",
  "kit",
  "thermory",
  "pine",
  "panorama",
  "hemlock",
  "steam",
  "budget",
  "luxury",
];

ensureProductionBuild();
const data = makeDataDir();
const snapshotDir = values["heap-snapshots"] ? mkdtempSync(path.join(tmpdir(), "sauna-heap-")) : undefined;
const probeFile = path.join(mkdtempSync(path.join(tmpdir(), "sauna-probe-")), "memory.json");
let site: SiteProcess | undefined;
let sampler: NodeJS.Timeout | undefined;
const loadStopper = new AbortController();
onInterrupt(async () => {
  loadStopper.abort();
  await site?.stop();
  data.remove();
  rmSync(path.dirname(probeFile), { recursive: true, force: true });
});

try {
  site = await startSite(data.dir, {
    nodeArgs: [
      "--import",
      path.resolve("scripts/perf/memory-probe.js"),
      ...(snapshotDir ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${snapshotDir}`] : []),
    ],
    env: {
      MEMORY_PROBE_FILE: probeFile,
      ...Object.fromEntries((values.env ?? []).map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)])),
    },
  });
  const targets = (await discoverTargets(site.origin)).filter((target) =>
    values.only === "images" ? target.startsWith("/img") : values.only === "pages" ? !target.startsWith("/img") : true,
  );
  console.log(
    `${targets.length} URLs: ${countBy(targets, kindOf)}; ${connections} connections for ${seconds} s (${loadTool()}), RSS every ${sampleSeconds} s`,
  );
  if (values.warm) await warmImageCache(site.origin, targets);
  const samples: Array<{ second: number; rssMb: number }> = [];
  console.log(memoryHeader());
  const sample = (second: number) => {
    const line = memoryLine(second, site!);
    samples.push({ second, rssMb: line.rssMb });
    console.log(line.text);
  };
  await new Promise((resolve) => setTimeout(resolve, 1100)); // the probe's first report
  sample(0);
  if (snapshotDir) await heapSnapshot(site, "start");

  const started = performance.now();
  sampler = setInterval(() => sample(Math.round((performance.now() - started) / 1000)), sampleSeconds * 1000);
  const load = await runMixedLoad(site.origin, targets);
  clearInterval(sampler);
  if (snapshotDir) await heapSnapshot(site, "end");
  console.log(`after the load: ${memoryLine(Math.round((performance.now() - started) / 1000), site).text.trim()}`);

  const verdict = judgeRss(samples, budgetMb);
  console.log(
    `\n${load.requests} requests, ${load.requestsPerSecond.toFixed(0)} req/s, p99 ${load.p99Ms.toFixed(0)} ms, ${load.failures} failed (non-2xx/3xx or timed out)`,
  );
  console.log(
    `RSS at the end ${verdict.endMb.toFixed(0)} MB (budget ${budgetMb}), peak ${verdict.peakMb.toFixed(0)} MB; ` +
      `last half (from ${verdict.halfSecond} s): ${verdict.lastHalfMinMb.toFixed(0)}–${verdict.lastHalfMaxMb.toFixed(0)} MB, ` +
      `trend ${verdict.trendMb >= 0 ? "+" : ""}${verdict.trendMb.toFixed(0)} MB`,
  );
  console.log(
    `${verdict.withinBudget ? "within" : "OVER"} budget; ${verdict.flat ? "flat" : "STILL GROWING"} over the last half (trend tolerance ${FLAT_TOLERANCE_MB} MB)`,
  );
  if (snapshotDir)
    console.log(
      `Heap snapshots: ${readdirSync(snapshotDir)
        .map((file) => path.join(snapshotDir, file))
        .join(", ")}`,
    );
  process.exitCode = verdict.withinBudget && verdict.flat ? 0 : 1;
} finally {
  clearInterval(sampler);
  await site?.stop();
  data.remove();
  rmSync(path.dirname(probeFile), { recursive: true, force: true });
}

/**
 * Columns of one sample, in MB. From the process itself (process.memoryUsage()): V8's heap
 * (`heap` committed, `used` by objects, dead ones included until the next full collection; of
 * the heap, the `old` generation and the `large` object space) and `extern`al memory V8 knows
 * of, of which `buffers` are ArrayBuffers and Node Buffers. From /proc: glibc's `main` heap, its other `arenas`
 * (count in brackets), `anon` (all other anonymous memory: V8's heap, blocks glibc mapped
 * on their own, stacks) and `file`-backed pages (the node binary, libvips).
 */
function memoryHeader(): string {
  return ["s", "RSS", "heap", "used", "old", "large", "extern", "buffers", "main", "arenas", "anon", "file"]
    .map((name, index) => name.padStart(index === 9 ? 11 : 7))
    .join(" ");
}

function memoryLine(second: number, target: SiteProcess): { rssMb: number; text: string } {
  const rssMb = target.rssMb() ?? NaN;
  const mb = 1024 * 1024;
  let usage: (NodeJS.MemoryUsage & { spaces: Record<string, number> }) | undefined;
  try {
    usage = JSON.parse(readFileSync(probeFile, "utf8"));
  } catch {
    usage = undefined; // not written yet
  }
  const split = residentSplitOf(target.pid);
  const cells = [
    String(second),
    rssMb.toFixed(0),
    usage ? (usage.heapTotal / mb).toFixed(0) : "?",
    usage ? (usage.heapUsed / mb).toFixed(0) : "?",
    usage ? ((usage.spaces.old_space ?? 0) / mb).toFixed(0) : "?",
    usage ? ((usage.spaces.large_object_space ?? 0) / mb).toFixed(0) : "?",
    usage ? (usage.external / mb).toFixed(0) : "?",
    usage ? (usage.arrayBuffers / mb).toFixed(0) : "?",
    split ? split.mainArenaMb.toFixed(0) : "?",
    split ? `${split.threadArenasMb.toFixed(0)} (${split.threadArenas})` : "?",
    split ? split.otherAnonymousMb.toFixed(0) : "?",
    split ? split.fileMb.toFixed(0) : "?",
  ];
  const text = cells.map((cell, index) => cell.padStart(index === 9 ? 11 : 7)).join(" ");
  return { rssMb, text: `${text} ${"#".repeat(Math.round(rssMb / 10))}` };
}

/**
 * Every page a visitor can reach in two clicks from the home page, /reviews and /learn, the
 * pictures those pages show (the exact /img URLs, so responsive widths are followed whatever
 * they are), and searches.
 */
async function discoverTargets(origin: string): Promise<string[]> {
  const found = new Set<string>(["/", "/reviews", "/learn"]);
  for (const start of ["/", "/reviews", "/learn"]) {
    const html = (await fetchRaw(origin + start)).body.toString("utf8");
    for (const match of html.matchAll(/href="(\/[^"#]*)"/g)) {
      const href = decodeEntities(match[1]!);
      if (/^\/(reviews|learn|product)(\/|$|\?)/.test(href) || href === "/") found.add(href);
    }
    for (const url of pictureUrlsIn(html)) found.add(url);
  }
  for (const term of SEARCH_TERMS) found.add(`/reviews?q=${encodeURIComponent(term)}`);
  return [...found];
}

/** Renders every picture in the mix in both formats, two at a time (the route's render slots). */
async function warmImageCache(origin: string, targets: string[]) {
  const started = performance.now();
  const requests = targets
    .filter((target) => target.startsWith("/img"))
    .flatMap((target) => ["image/avif,image/webp,*/*", "image/webp,*/*"].map((accept) => ({ target, accept })));
  const queue = [...requests];
  await Promise.all(
    [0, 1].map(async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await fetchRaw(origin + next.target, { accept: next.accept });
    }),
  );
  console.log(`image cache warmed: ${requests.length} renders in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

function kindOf(target: string): string {
  if (target.startsWith("/img")) return "images";
  if (target.includes("?q=")) return "searches";
  if (target.startsWith("/learn")) return "knowledge pages";
  if (target.includes("/product/")) return "product pages";
  return "home and lists";
}

function countBy(items: string[], key: (item: string) => string): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].map(([name, count]) => `${count} ${name}`).join(", ");
}

/** Every target in turn (each wrk thread from its own place in the list), as one mixed load. */
function runMixedLoad(origin: string, targets: string[]) {
  return runLoad({
    url: origin,
    rotatingPaths: targets,
    connections,
    seconds,
    headers: { "Accept-Encoding": "gzip, br" },
    signal: loadStopper.signal,
  });
}

/** Asks the server for a heap snapshot (SIGUSR2) and waits until the file stops growing. */
async function heapSnapshot(target: SiteProcess, label: string) {
  const before = new Set(readdirSync(snapshotDir!));
  process.kill(target.pid, "SIGUSR2");
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const fresh = readdirSync(snapshotDir!).filter((file) => !before.has(file));
    // V8 writes the snapshot synchronously on the main thread; the server answers again when it is done.
    if (fresh.length > 0 && (await fetchRaw(`${target.origin}/learn`).catch(() => undefined))) {
      console.log(`heap snapshot (${label}): ${fresh.join(", ")}`);
      return;
    }
  }
}
