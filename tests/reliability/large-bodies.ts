import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { repoRoot, type RunningSite } from "./production-server";

/**
 * Against `node server.js` from a production build: a signed-in admin (made by create-admin, signed
 * in through the /auth form) sends 400 MB chunked bodies to admin actions, made on the fly and
 * never held whole; the server must answer 413 while its resident memory stays low. Then the page
 * cache is offered a poisoned URL and must store the plain page under its key.
 */

export interface LargeBodyFigures {
  /** Per path: the status and how many MB the client had sent when the answer came. */
  answers: { path: string; status: number; sentMb: number; connection: string | undefined }[];
  rssBeforeMb: number;
  rssPeakMb: number;
}

export interface PoisonedCacheFigures {
  /** What the plain request got after the poisoned one, for each page tried. */
  pages: { poisoned: string; plain: string; cache: string | null; leaked: string[] }[];
}

const MB = 1024 * 1024;

/** The resident memory of a process, from /proc. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? "NaN");
  return Math.round(kb / 1024);
}

/** An admin made by the operator's script and signed in through the form: the session's Cookie header. */
async function signInAsAdmin(site: RunningSite, dataDir: string): Promise<string> {
  const email = "soak-admin@example.com";
  const password = "a long soak admin password";
  const made = spawnSync(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", "--email", email], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(site.port),
      ADMIN_PASSWORD: password,
    },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (made.status !== 0) throw new Error(`create-admin failed (${made.status}): ${made.stderr}${made.stdout}`);
  const answer = await fetch(`${site.origin}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: site.origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "sign-in", email, password }),
  });
  const cookie = answer.headers
    .getSetCookie()
    .map((each) => each.split(";")[0])
    .join("; ");
  if (answer.status !== 302 || !/session_token=/.test(cookie)) throw new Error(`signing in as the admin failed: ${answer.status}`);
  return cookie;
}

/** A chunked POST of `total` bytes in 64 KB pieces, made as it goes; sending stops at the answer. */
function postGenerated(origin: string, path: string, headers: Record<string, string>, total: number) {
  return new Promise<{ status: number; sent: number; connection: string | undefined }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = httpRequest(`${origin}${path}`, { method: "POST", headers }, (response) => {
      answered = true;
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, sent, connection: response.headers.connection }));
      response.on("error", reject);
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (!answered && !request.destroyed && sent < total) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (sent >= total) request.end();
    };
    pump();
  });
}

export async function largeAdminBodies(site: RunningSite, dataDir: string, paths: string[]): Promise<LargeBodyFigures> {
  const cookie = await signInAsAdmin(site, dataDir);
  const pid = site.process.pid!;
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(pid))), 25);
  const answers: LargeBodyFigures["answers"] = [];
  try {
    for (const path of paths) {
      const answer = await postGenerated(
        site.origin,
        path,
        { cookie, origin: site.origin, "content-type": "application/x-www-form-urlencoded" },
        400 * MB,
      );
      answers.push({ path, status: answer.status, sentMb: Math.round(answer.sent / MB), connection: answer.connection });
    }
    // Whatever was allocated has had time to show.
    await new Promise((resolve) => setTimeout(resolve, 500));
  } finally {
    clearInterval(sampler);
  }
  rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
  return { answers, rssBeforeMb, rssPeakMb };
}

const POISON = ["attacker", "poison", "utm_", "fbclid", "%3Cb%3E", "&lt;b&gt;"];

export async function poisonedCacheKeys(site: RunningSite): Promise<PoisonedCacheFigures> {
  const pages: PoisonedCacheFigures["pages"] = [];
  for (const [poisoned, plain] of [
    ["/reviews?utm_source=attacker&utm_medium=%22%3E%3Cb%3E&fbclid=poison", "/reviews"],
    ["/reviews?q=barrel&view=poison&sort=poison&utm_source=attacker", "/reviews?q=barrel"],
  ] as const) {
    await (await fetch(site.origin + poisoned)).text();
    const answer = await fetch(site.origin + plain);
    const body = await answer.text();
    pages.push({ poisoned, plain, cache: answer.headers.get("x-page-cache"), leaked: POISON.filter((text) => body.includes(text)) });
  }
  return { pages };
}
