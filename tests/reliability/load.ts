import autocannon from "autocannon";

/**
 * Load: every connection walks the public page kinds and the image route in turn for the whole
 * duration. Held means no connection error, no timeout and no 5xx; the one deliberate 404 page is
 * the only non-2xx answer expected.
 */

export interface LoadFigures {
  seconds: number;
  connections: number;
  requests: number;
  perSecond: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  serverErrors: number;
  statusCounts: Record<string, number>;
}

export async function runLoad(origin: string, paths: string[], options: { seconds: number; connections: number }): Promise<LoadFigures> {
  const result = await autocannon({
    url: origin,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    requests: paths.map((path) => ({ method: "GET", path, headers: { "accept-encoding": "gzip" } })),
  });
  const statusCounts: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCounts[code] = (stats as { count: number }).count;
  const serverErrors = Object.entries(statusCounts)
    .filter(([code]) => code.startsWith("5"))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    seconds: options.seconds,
    connections: options.connections,
    requests: result.requests.total,
    perSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    serverErrors,
    statusCounts,
  };
}
