import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";

/**
 * How long callbacks of the web process wait for its event loop: the delay every reader's request
 * pays on top of its own work. Owner work runs in the worker process so that it never moves this
 * (docs/decisions/0098); /metrics shows it, over the time since the last reading.
 */

let histogram: IntervalHistogram | undefined;
let since = Date.now();

/** Starts measuring (every 10 ms); returns the function that stops. */
export function startEventLoopMonitor(): () => void {
  histogram?.disable();
  histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  since = Date.now();
  return () => {
    histogram?.disable();
    histogram = undefined;
  };
}

export interface EventLoopDelay {
  /** Milliseconds over which the figures were taken. */
  windowMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;

/** The delays since the last reading (or the start), then starts a new window when `reset`. */
export function readEventLoopDelay(reset: boolean): EventLoopDelay | null {
  if (!histogram) return null;
  // The histogram counts the sampling timer's own 10 ms; subtract it, as Node's docs suggest.
  const resolution = 10e6;
  const figures = {
    windowMs: Date.now() - since,
    p50Ms: ms(Math.max(0, histogram.percentile(50) - resolution)),
    p99Ms: ms(Math.max(0, histogram.percentile(99) - resolution)),
    maxMs: ms(Math.max(0, histogram.max - resolution)),
  };
  if (reset) {
    histogram.reset();
    since = Date.now();
  }
  return figures;
}
