import http from "node:http";
import type { RunningSite } from "./production-server";

/**
 * SIGTERM while visitors keep loading pages through keep-alive connections, as a reverse proxy
 * sends them. Each request is answered; refused before it was sent (the listener had already
 * closed, so a proxy moves on to another instance); or dropped after it was sent, which is the
 * failure this proves never happens.
 *
 * Not covered, by design: a brand-new TCP connection still waiting in the kernel's accept queue
 * when the listener closes is reset by the kernel before the process ever sees it. Taking the
 * instance out of the load balancer before sending SIGTERM avoids that (docs/operations.md, "Reliability").
 */

export interface DrainFigures {
  answeredBeforeSignal: number;
  answeredAfterSignal: number;
  /** Refused, or opened after the signal and reset as the listener closed: never admitted. */
  refusedAfterStop: number;
  dropped: number;
  droppedDetails: string[];
  exitCode: number | string;
  drainMessage: boolean;
}

const connectedAt = new WeakMap<object, number>();

/**
 * "refused": never reached the process: the connection was refused, or it was opened after the
 * signal and left in the kernel's queue as the listener closed (reset, or never answered).
 */
function getOnce(
  agent: http.Agent,
  origin: string,
  path: string,
  signalledAt: () => number | undefined,
): Promise<"answered" | "refused" | { dropped: string }> {
  return new Promise((resolve) => {
    let sent = false;
    let socketRef: object | undefined;
    const requestedAt = performance.now();
    const request = http.get(origin + path, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.complete ? "answered" : { dropped: "response cut short" }));
      response.on("error", (error) => resolve({ dropped: `response: ${error.message}` }));
    });
    request.on("socket", (socket) => {
      socketRef = socket;
      // A reused keep-alive socket is already connected: the request goes out at once.
      if (!socket.connecting) sent = true;
      else
        socket.once("connect", () => {
          sent = true;
          connectedAt.set(socket, performance.now());
        });
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      const signal = signalledAt();
      const openedAfterSignal = signal !== undefined && socketRef !== undefined && (connectedAt.get(socketRef) ?? 0) > signal;
      if (!sent && error.code === "ECONNREFUSED") resolve("refused");
      else if (openedAfterSignal) resolve("refused");
      else {
        const since = (at: number | undefined) => (at === undefined || signal === undefined ? "?" : `${Math.round(at - signal)} ms`);
        resolve({
          dropped: `${error.code ?? ""} ${error.message} (sent ${since(requestedAt)} after the signal, on a connection opened ${since(socketRef && connectedAt.get(socketRef))} after it)`,
        });
      }
    });
    // Long enough that only a stuck request fails, not a slow one on a busy machine.
    request.setTimeout(60_000, () => request.destroy(Object.assign(new Error("no answer in 60 s"), { code: "TIMEOUT" })));
  });
}

export async function sigtermUnderLoad(
  site: RunningSite,
  paths: string[],
  options: { workers: number; loadMsBeforeSignal: number },
): Promise<DrainFigures> {
  const figures: DrainFigures = {
    answeredBeforeSignal: 0,
    answeredAfterSignal: 0,
    refusedAfterStop: 0,
    dropped: 0,
    droppedDetails: [],
    exitCode: "",
    drainMessage: false,
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.workers });
  let signalled = false;
  // When SIGTERM was sent; the visitors read it to tell drops before the signal from after it.
  const signal: { at?: number } = {};
  const warmedUp: boolean[] = Array.from({ length: options.workers }, () => false);
  let stopped = false;
  site.exited.then(() => (stopped = true));
  const worker = async (offset: number) => {
    for (let i = offset; !stopped; i++) {
      const outcome = await getOnce(agent, site.origin, paths[i % paths.length]!, () => signal.at);
      if (outcome === "answered") {
        warmedUp[offset] = true;
        signalled ? figures.answeredAfterSignal++ : figures.answeredBeforeSignal++;
      } else if (outcome === "refused") {
        figures.refusedAfterStop++;
        // Nothing is listening any more: wait for the process to finish its last requests.
        await new Promise((resolve) => setTimeout(resolve, 20));
      } else {
        figures.dropped++;
        if (figures.droppedDetails.length < 5) figures.droppedDetails.push(outcome.dropped);
      }
    }
  };
  const workers = Array.from({ length: options.workers }, (_, i) => worker(i));
  // Every visitor's connection must have been accepted (one answer each) before the signal, so
  // none of them is still in the kernel's accept queue: see the note at the top.
  const started = Date.now();
  while ((!warmedUp.every(Boolean) || Date.now() - started < options.loadMsBeforeSignal) && Date.now() - started < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  signalled = true;
  signal.at = performance.now();
  site.process.kill("SIGTERM");
  figures.exitCode = await site.exited;
  await Promise.all(workers);
  agent.destroy();
  figures.drainMessage = /SIGTERM received: finishing in-flight requests/.test(site.output()) && /Stopped/.test(site.output());
  return figures;
}
