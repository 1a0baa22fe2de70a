/**
 * wrk over a set of pages in turn, watching every response: its X-Page-Cache header (hit, miss,
 * bypass…), and whether its body holds a given text (a price that must be gone). Counted per
 * second since a moment the caller chose (an admin save), by wrk's Lua on wrk's own threads,
 * so every response is checked without slowing the load down much. No Accept-Encoding is sent:
 * the bodies come plain, as they must for the text to be found.
 */
import { runWrkScript } from "./load";

export interface CacheWatchOptions {
  origin: string;
  /** Asked for in turn, each thread starting at its own place in the list. */
  paths: string[];
  connections: number;
  seconds: number;
  /** Plain ASCII; a response whose body holds it is counted (and where it came from). */
  text: string;
  /** Epoch milliseconds: second 0 begins here. */
  since: number;
  /** Stops wrk (Ctrl+C). */
  signal?: AbortSignal;
}

/** One second of responses, by when each one finished. */
export interface WatchedSecond {
  second: number;
  responses: number;
  hits: number;
  withText: number;
}

export interface CacheWatchResult {
  requests: number;
  requestsPerSecond: number;
  /** From the first second anything finished to the last, with no gaps. */
  perSecond: WatchedSecond[];
  /** Responses by their X-Page-Cache value ("(none)" without one). */
  byCacheHeader: Record<string, number>;
  /** Responses that were not 200. */
  non200: number;
  /** Connect, read, write and timeout errors. */
  errors: number;
  withText: number;
  /** Responses holding the text, by their X-Page-Cache value and by the page's canonical URL. */
  textByCacheHeader: Record<string, number>;
  textByPage: Record<string, number>;
}

// Per thread: globals (thread:get reads them from done(), in the main Lua state). LuaJIT's ffi
// reads the wall clock to the millisecond; os.time() only counts whole seconds.
const SCRIPT = `
local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } watch_timespec;
int clock_gettime(int clock_id, watch_timespec *tp);
]]
local clock = ffi.new("watch_timespec")
local function now_ms()
  ffi.C.clock_gettime(0, clock)
  return tonumber(clock.tv_sec) * 1000 + tonumber(clock.tv_nsec) / 1e6
end

local paths = PATHS
local text = TEXT
local since = SINCE
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

local prepared = {}
local counter = 0
function init(args)
  responses, hits, found, caches, found_how, found_pages, non200 = {}, {}, {}, {}, {}, {}, 0
  for i, p in ipairs(paths) do prepared[i] = wrk.format("GET", p) end
  counter = id * 7
end

function request()
  counter = counter + 1
  return prepared[counter % #prepared + 1]
end

local function add(t, k)
  t[k] = (t[k] or 0) + 1
end

function response(status, headers, body)
  local second = math.floor((now_ms() - since) / 1000)
  add(responses, second)
  local how = headers["x-page-cache"] or headers["X-Page-Cache"] or "(none)"
  add(caches, how)
  if how == "hit" then add(hits, second) end
  if status ~= 200 then non200 = non200 + 1 end
  if body and string.find(body, text, 1, true) then
    add(found, second)
    add(found_how, how)
    add(found_pages, string.match(body, '<link rel="canonical" href="([^"]*)"') or "(no canonical link)")
  end
end

local function json_string(s)
  return '"' .. string.gsub(tostring(s), '[%c"\\\\]', function(c) return string.format("\\\\u%04x", string.byte(c)) end) .. '"'
end

local function json_object(t)
  local parts = {}
  for k, v in pairs(t) do table.insert(parts, json_string(k) .. ":" .. v) end
  return "{" .. table.concat(parts, ",") .. "}"
end

function done(summary, latency, requests)
  local names = { "responses", "hits", "found", "caches", "found_how", "found_pages" }
  local total = {}
  for _, name in ipairs(names) do total[name] = {} end
  local not_ok = 0
  for _, thread in ipairs(threads) do
    for _, name in ipairs(names) do
      for k, v in pairs(thread:get(name)) do total[name][k] = (total[name][k] or 0) + v end
    end
    not_ok = not_ok + thread:get("non200")
  end
  local e = summary.errors
  local parts = {}
  for _, name in ipairs(names) do table.insert(parts, json_string(name) .. ":" .. json_object(total[name])) end
  io.write(string.format('WATCH_JSON {"requests":%d,"duration_us":%d,"errors":%d,"non200":%d,%s}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, not_ok, table.concat(parts, ",")))
end
`;

export async function watchPages(options: CacheWatchOptions): Promise<CacheWatchResult> {
  if (!/^[\x20-\x7e]*$/.test(options.text + options.paths.join(""))) throw new Error("The watched text and paths must be printable ASCII");
  const luaTable = `{${options.paths.map((p) => JSON.stringify(p)).join(", ")}}`;
  const script = SCRIPT.replace("PATHS", luaTable).replace("TEXT", JSON.stringify(options.text)).replace("SINCE", String(options.since));
  const watch = await runWrkScript(script, "WATCH_JSON", { ...options, url: options.origin + "/" });
  return summarize(watch as WrkWatch);
}

interface WrkWatch {
  requests: number;
  duration_us: number;
  errors: number;
  non200: number;
  responses: Record<string, number>;
  hits: Record<string, number>;
  found: Record<string, number>;
  caches: Record<string, number>;
  found_how: Record<string, number>;
  found_pages: Record<string, number>;
}

function summarize(watch: WrkWatch): CacheWatchResult {
  const seconds = Object.keys(watch.responses).map(Number);
  const perSecond: WatchedSecond[] = [];
  if (seconds.length > 0) {
    for (let second = Math.min(...seconds); second <= Math.max(...seconds); second++) {
      perSecond.push({
        second,
        responses: watch.responses[second] ?? 0,
        hits: watch.hits[second] ?? 0,
        withText: watch.found[second] ?? 0,
      });
    }
  }
  return {
    requests: watch.requests,
    requestsPerSecond: watch.requests / (watch.duration_us / 1e6),
    perSecond,
    byCacheHeader: watch.caches,
    non200: watch.non200,
    errors: watch.errors,
    withText: Object.values(watch.found).reduce((sum, count) => sum + count, 0),
    textByCacheHeader: watch.found_how,
    textByPage: watch.found_pages,
  };
}

/**
 * The first second from which every second to the end had at least `ratio` hits among its
 * responses (a second without responses breaks the run), or undefined when the last did not.
 */
export function settledFrom(perSecond: readonly WatchedSecond[], ratio: number): number | undefined {
  let from: number | undefined;
  for (const second of perSecond) {
    const good = second.responses > 0 && second.hits / second.responses >= ratio;
    if (!good) from = undefined;
    else from ??= second.second;
  }
  return from;
}
