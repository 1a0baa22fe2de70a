import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

/** `node server.js` from a production build, as an operator runs it, on a free port. */

export const repoRoot = path.resolve(import.meta.dirname, "../..");

export interface RunningSite {
  process: ChildProcess;
  port: number;
  origin: string;
  /** Everything the server wrote, for a failure report. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startSite(options: {
  buildDir: string;
  dataDir: string;
  databaseUrl?: string;
  timeoutMs?: number;
  /** More settings (AUTH_SECRET, TRUST_PROXY...) on top of the defaults above. */
  env?: Record<string, string>;
  port?: number;
}): Promise<RunningSite> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    BUILD_DIR: options.buildDir,
    LOG_LEVEL: "warn",
    SEED_SAMPLE_CONTENT: "true",
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, ["server.js"], { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | string>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the site did not start:\n${output}`);
    if (/is serving/.test(output)) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the site did not start within ${options.timeoutMs ?? 60_000} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { process: child, port, origin, output: () => output, exited };
}

export async function stopSite(site: RunningSite): Promise<void> {
  if (site.process.exitCode === null && site.process.signalCode === null) site.process.kill("SIGTERM");
  const timer = setTimeout(() => site.process.kill("SIGKILL"), 15_000);
  await site.exited;
  clearTimeout(timer);
}

/** The public page kinds and the image route, found by following the site's own links. */
export async function publicUrls(origin: string): Promise<{ kind: string; path: string; status: number }[]> {
  const html = async (pathname: string) => (await fetch(origin + pathname)).text();
  const [home, reviews, learn] = await Promise.all([html("/"), html("/reviews"), html("/learn")]);
  const hrefs = (page: string) => [...page.matchAll(/href="([^"#?]+)"/g)].map((match) => match[1]!);
  const first = (page: string, pattern: RegExp, kind: string) => {
    const found = hrefs(page).find((href) => pattern.test(href));
    if (!found) throw new Error(`no ${kind} link found`);
    return found;
  };
  // The pages' path form (/img/320x240/images/…) or the older query form (/img?src=…&amp;w=…).
  const image = [...home.matchAll(/(\/img[/?][^"\s,]+)/g)][0]?.[1]?.replaceAll("&amp;", "&");
  if (!image) throw new Error("no /img URL found on the home page");
  const products = [...new Set(hrefs(reviews + home).filter((href) => /^\/reviews\/product\/[^/]+$/.test(href)))];
  if (products.length < 2) throw new Error("fewer than two product links found");
  const product = products[0]!;
  const compared = products
    .slice(0, 3)
    .map((href) => href.split("/").at(-1))
    .join(",");
  // Not the feed (/learn/feed.xml), which the learn pages link to as well.
  const article = first(learn, /^\/learn\/(?!category\/|tag\/)[^/.]+$/, "article");
  const articlePage = await html(article);
  return [
    { kind: "home", path: "/", status: 200 },
    { kind: "reviews index", path: "/reviews", status: 200 },
    { kind: "collection", path: first(reviews, /^\/reviews\/(?!product\/)[^/]+$/, "collection"), status: 200 },
    { kind: "product", path: product, status: 200 },
    { kind: "product (short address)", path: product.replace(/^\/reviews/, ""), status: 200 },
    { kind: "search", path: "/reviews?q=barrel", status: 200 },
    { kind: "compare", path: `/compare?products=${compared}`, status: 200 },
    { kind: "learn index", path: "/learn", status: 200 },
    { kind: "article", path: article, status: 200 },
    { kind: "learn category", path: first(learn + articlePage, /^\/learn\/category\/[^/]+$/, "learn category"), status: 200 },
    { kind: "learn tag", path: first(articlePage, /^\/learn\/tag\/[^/]+$/, "learn tag"), status: 200 },
    { kind: "image route", path: image, status: 200 },
    { kind: "not found", path: "/no-such-page", status: 404 },
  ];
}
