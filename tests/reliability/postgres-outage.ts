import type { PrivatePostgres } from "./private-postgres";
import type { RunningSite } from "./production-server";

/**
 * PostgreSQL stopped while visitors load pages, then started again, the site process left alone.
 * While it is down every request must be answered promptly (a 503 page, or a page the site could
 * still build from its in-memory catalog), never hang, never 500, never crash the process. Once
 * it is back, a page that has to read the database must answer 200 within 5 s.
 */

export interface OutageFigures {
  downSeconds: number;
  requestsWhileDown: number;
  status503WhileDown: number;
  status200WhileDown: number;
  otherWhileDown: Record<string, number>;
  slowestWhileDownMs: number;
  failedRequestsWhileDown: number;
  unavailablePageShown: boolean;
  recoveredAfterMs: number | undefined;
  processAlive: boolean;
}

async function timedGet(url: string): Promise<{ status: number | "error"; ms: number; body: string }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
    const body = await response.text();
    return { status: response.status, ms: performance.now() - started, body };
  } catch {
    return { status: "error", ms: performance.now() - started, body: "" };
  }
}

export async function postgresOutageUnderLoad(
  site: RunningSite,
  postgres: PrivatePostgres,
  paths: string[],
  /**
   * A page that must query the database, its address made unique by the number it is given so
   * neither the page cache nor the in-memory catalog can answer it (a search for a new word).
   */
  uncachedPath: (unique: number) => string,
  options: { workers: number; downSeconds: number },
): Promise<OutageFigures> {
  const figures: OutageFigures = {
    downSeconds: options.downSeconds,
    requestsWhileDown: 0,
    status503WhileDown: 0,
    status200WhileDown: 0,
    otherWhileDown: {},
    slowestWhileDownMs: 0,
    failedRequestsWhileDown: 0,
    unavailablePageShown: false,
    recoveredAfterMs: undefined,
    processAlive: false,
  };
  let phase: "up" | "down" | "done" = "up";
  const worker = async (offset: number) => {
    for (let i = offset; phase !== "done"; i++) {
      // Every fourth request needs the database; the rest are the public pages in turn.
      const path = i % 4 === 3 ? uncachedPath(i) : paths[i % paths.length]!;
      const wasDown = phase === "down";
      const result = await timedGet(site.origin + path);
      if (!wasDown || phase !== "down") continue;
      figures.requestsWhileDown++;
      figures.slowestWhileDownMs = Math.max(figures.slowestWhileDownMs, Math.round(result.ms));
      if (result.status === 503) {
        figures.status503WhileDown++;
        if (/temporarily unavailable/i.test(result.body)) figures.unavailablePageShown = true;
      } else if (result.status === 200 || (result.status === 404 && path === "/no-such-page")) figures.status200WhileDown++;
      else if (result.status === "error") figures.failedRequestsWhileDown++;
      else figures.otherWhileDown[result.status] = (figures.otherWhileDown[result.status] ?? 0) + 1;
    }
  };
  const workers = Array.from({ length: options.workers }, (_, i) => worker(i));
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  postgres.stop();
  phase = "down";
  await new Promise((resolve) => setTimeout(resolve, options.downSeconds * 1000));
  postgres.start();
  const back = performance.now();
  let probes = 1_000_000;
  phase = "done";
  await Promise.all(workers);
  for (;;) {
    const result = await timedGet(site.origin + uncachedPath(++probes));
    if (result.status === 200) {
      figures.recoveredAfterMs = Math.round(performance.now() - back);
      break;
    }
    if (performance.now() - back > 30_000) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  figures.processAlive = site.process.exitCode === null && site.process.signalCode === null;
  return figures;
}
