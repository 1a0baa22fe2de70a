/**
 * One load measurement: `connections` keep-alive connections hammering one URL for `seconds`,
 * with wrk when it is installed (it costs the measured server least CPU) and autocannon
 * otherwise. `numberedPaths` asks for `url` followed by 1, 2, 3… (every request a page of its
 * own, as long as the numbers last), so each is a page-cache miss: the cost of a miss.
 */
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Responses that were not 2xx/3xx, plus connect, read, write and timeout errors. */
  failures: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  numberedPaths?: boolean;
  /** With numberedPaths: the numbers start after this one, so runs side by side in one bench ask for different pages. */
  firstNumberAfter?: number;
  /**
   * Paths on `url`'s origin asked for in turn (each thread starting elsewhere in the list), for a
   * mixed load; a path under /img asks for AVIF or WebP by turns, as browsers differ.
   */
  rotatingPaths?: string[];
  /** Stops the load generator early (a benchmark's Ctrl-C). */
  signal?: AbortSignal;
}

export const WRK = "/usr/bin/wrk";

export function loadTool(): "wrk" | "autocannon" {
  return spawnSync(WRK, ["--version"]).error ? "autocannon" : "wrk";
}

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return loadTool() === "wrk" ? runWrk(options) : runAutocannon(options);
}

// wrk runs one Lua state per thread: `id` tells the threads apart so the numbers never repeat
// across threads. done() prints one JSON line the caller parses.
const WRK_SCRIPT = `
local threads_made = 0
function setup(thread)
  threads_made = threads_made + 1
  thread:set("id", threads_made)
end
NUMBERED_REQUEST
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"failures":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.status + e.connect + e.read + e.write + e.timeout))
end
`;
// Two threads (-t2): thread 1 asks for 1, 3, 5…, thread 2 for 2, 4, 6….
const NUMBERED_REQUEST = `
local counter = 0
function request()
  counter = counter + 1
  return wrk.format(nil, wrk.path .. (FIRST_NUMBER_AFTER + (counter - 1) * 2 + id))
end
`;

function rotatingRequest(paths: string[]): string {
  return `
local targets = { ${paths.map((target) => JSON.stringify(target)).join(", ")} }
local counter = 0
function request()
  counter = counter + 1
  local target = targets[((counter + id * 7) % #targets) + 1]
  local headers = {}
  for name, value in pairs(wrk.headers) do headers[name] = value end
  if string.sub(target, 1, 4) == "/img" then
    headers["Accept"] = (counter % 2 == 0) and "image/avif,image/webp,*/*" or "image/webp,*/*"
  end
  return wrk.format("GET", target, headers)
end
`;
}

async function runWrk(options: LoadOptions): Promise<LoadResult> {
  const request = options.rotatingPaths
    ? rotatingRequest(options.rotatingPaths)
    : options.numberedPaths
      ? NUMBERED_REQUEST.replace("FIRST_NUMBER_AFTER", String(Math.max(0, Math.floor(options.firstNumberAfter ?? 0))))
      : "";
  const summary = (await runWrkScript(WRK_SCRIPT.replace("NUMBERED_REQUEST", request), "WRK_JSON", options)) as Record<string, number>;
  return {
    requestsPerSecond: summary.requests! / (summary.duration_us! / 1e6),
    p50Ms: summary.p50_us! / 1000,
    p99Ms: summary.p99_us! / 1000,
    requests: summary.requests!,
    failures: summary.failures!,
  };
}

/**
 * Runs wrk (two threads) with the Lua `script`, whose done() prints one line `<marker> <json>`,
 * and resolves to that JSON.
 */
export async function runWrkScript(
  script: string,
  marker: string,
  options: Pick<LoadOptions, "url" | "connections" | "seconds" | "headers" | "signal">,
): Promise<unknown> {
  const dir = mkdtempSync(path.join(tmpdir(), "sauna-wrk-"));
  try {
    const file = path.join(dir, "script.lua");
    writeFileSync(file, script);
    const args = ["-t2", `-c${options.connections}`, `-d${options.seconds}s`, "--timeout", "10s", "-s", file];
    for (const [name, value] of Object.entries(options.headers ?? {})) args.push("-H", `${name}: ${value}`);
    args.push(options.url);
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(WRK, args, { stdio: ["ignore", "pipe", "pipe"], signal: options.signal });
      let text = "";
      child.stdout.on("data", (chunk: Buffer) => (text += chunk));
      child.stderr.on("data", (chunk: Buffer) => (text += chunk));
      child.once("error", reject);
      child.once("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}: ${text}`))));
    });
    const line = output.split("\n").find((candidate) => candidate.startsWith(`${marker} `));
    if (!line) throw new Error(`wrk printed no summary:\n${output}`);
    return JSON.parse(line.slice(marker.length + 1));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runAutocannon(options: LoadOptions): Promise<LoadResult> {
  let counter = 0;
  const base = new URL(options.url);
  const rotating = options.rotatingPaths;
  const result = await autocannon({
    url: base.origin,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    requests: [
      {
        method: "GET",
        path: base.pathname + base.search,
        // Only when wanted: autocannon calls a setupRequest key even when its value is undefined.
        ...(rotating
          ? { setupRequest: (request) => ({ ...request, path: rotating[++counter % rotating.length] }) }
          : options.numberedPaths
            ? { setupRequest: (request) => ({ ...request, path: `${base.pathname}${++counter}` }) }
            : {}),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
