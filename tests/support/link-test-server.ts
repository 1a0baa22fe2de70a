import http from "node:http";
import type { AddressInfo } from "node:net";
import { createServer as createNetServer } from "node:net";

/**
 * A stand-in for the shops a link check visits, on 127.0.0.1 and a random port: one path per
 * case the checker must tell apart. It notes every request (method, path, User-Agent) and the
 * most requests it ever had open at once, so tests can see HEAD→GET and the concurrency limits.
 */

export interface LinkTestServer {
  origin: string;
  /** Every request so far, in arrival order (path with its query, and when it came: Date.now()). */
  requests: { method: string; path: string; userAgent: string | undefined; at: number }[];
  /** The most requests open at the same moment. */
  maxOpen(): number;
  close(): Promise<void>;
}

/** The paths, with what each answers. */
export const LINK_CASES = {
  ok: "/ok",
  notFound: "/missing",
  serverError: "/broken",
  /** Headers only after `slowMs`. */
  slow: "/slow",
  /** 302 (relative) → 301 (absolute) → 307 → 200: three redirects to a working page. */
  chain: "/chain/1",
  chainEnd: "/chain/landing",
  /** /loop/a → /loop/b → /loop/a … */
  loop: "/loop/a",
  /** 405 to HEAD, 200 to GET. */
  headRefused: "/head-refused",
  /** A working page that holds its answer for `holdMs` (for the concurrency checks). */
  held: "/held",
} as const;

export async function startLinkTestServer(options: { slowMs?: number; holdMs?: number } = {}): Promise<LinkTestServer> {
  const slowMs = options.slowMs ?? 5_000;
  const holdMs = options.holdMs ?? 150;
  const requests: LinkTestServer["requests"] = [];
  let open = 0;
  let maxOpen = 0;
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({ method: req.method ?? "", path: `${url.pathname}${url.search}`, userAgent: req.headers["user-agent"], at: Date.now() });
    open += 1;
    maxOpen = Math.max(maxOpen, open);
    res.on("close", () => {
      open -= 1;
    });
    const page = (status: number) => {
      res.writeHead(status, { "Content-Type": "text/html" });
      res.end(req.method === "HEAD" ? undefined : `<!doctype html><title>${status}</title><p>${status}</p>`);
    };
    const redirect = (status: number, location: string) => {
      res.writeHead(status, { Location: location });
      res.end();
    };
    switch (url.pathname) {
      case LINK_CASES.ok:
      case LINK_CASES.chainEnd:
        return page(200);
      case LINK_CASES.notFound:
        return page(404);
      case LINK_CASES.serverError:
        return page(500);
      case LINK_CASES.slow:
        return later(slowMs, () => page(200));
      case LINK_CASES.held:
        return later(holdMs, () => page(200));
      case "/chain/1":
        return redirect(302, "2");
      case "/chain/2":
        return redirect(301, `http://${req.headers.host}/chain/3`);
      case "/chain/3":
        return redirect(307, "/chain/landing");
      case "/loop/a":
        return redirect(302, "/loop/b");
      case "/loop/b":
        return redirect(302, "/loop/a");
      case LINK_CASES.headRefused:
        return req.method === "HEAD" ? page(405) : page(200);
      default:
        return page(404);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    maxOpen: () => maxOpen,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** An address on 127.0.0.1 where nothing listens: connections to it are refused. */
export async function closedPortOrigin(): Promise<string> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}`;
}
