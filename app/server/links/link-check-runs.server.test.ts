import type { LookupFunction } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedPortOrigin, LINK_CASES, startLinkTestServer, type LinkTestServer } from "../../../tests/support/link-test-server";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import {
  ABANDONED_AFTER_MS,
  checkAllLinks,
  claimLinkCheckRun,
  latestLinkCheckRun,
  listStoredResults,
  type LinkCheckSettings,
} from "./link-check-runs.server";
import { startJobs } from "../jobs/job-runner.server";
import { linkReportPage } from "./link-report.server";
import { LINK_CHECK_JOB, linkCheckKind, linkCheckPeriodicJob, startLinkCheck } from "./link-checking.server";
import { listJobs, requestCancel, workerName } from "../jobs/job-queue.server";
import { startWorker } from "../jobs/job-worker.server";

// The link check over a catalog whose links point at a local stand-in for the shops: every case
// is classified and stored, and the page's order puts the broken ones first. Traffic goes only
// to 127.0.0.1, which these settings allow on purpose; the unknown domain fails in an injected
// resolver, never a real one.

// Long enough for a local answer on a loaded CI machine (a redirect chain is several requests),
// far below the slow stand-in's delay.
const TIMEOUT_MS = 5_000;
const UNKNOWN_HOST = "shop.sauna-links-gone.com";

/** The resolver the checker is given: the test's unknown domain does not exist; nothing else is asked. */
const lookup: LookupFunction = (hostname, _options, callback) => {
  const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND", hostname });
  process.nextTick(() => (callback as (error: NodeJS.ErrnoException) => void)(error));
};

describe.each(testDialects)("link check runs on %s", (dialect) => {
  let test: TestDatabase;
  let shop: LinkTestServer;
  let held: LinkTestServer;
  let other: LinkTestServer;
  let refusedOrigin: string;
  let settings: LinkCheckSettings;
  const ids: Record<string, number> = {};

  async function addProduct(slug: string, name: string, links: { affiliate?: string | null; website?: string | null }) {
    const { id } = await test.db
      .insertInto("products")
      .values({ slug, name, brand: "Test", affiliate_link: links.affiliate ?? null, website: links.website ?? null })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids[slug] = id;
  }

  /**
   * Waits until a run newer than `previous` has claimed its row. The worker takes a job a moment
   * before its run claims one: until then the latest run is an earlier test's, finished, which a
   * test's polls would read as its own.
   */
  async function runClaimedAfter(previous: number) {
    await expect
      .poll(async () => (await latestLinkCheckRun(test.db))?.id ?? 0, { timeout: 10_000, interval: 20 })
      .toBeGreaterThan(previous);
  }

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    shop = await startLinkTestServer({ slowMs: 60_000 });
    // Long enough that a queued run of their 12 links (one at a time) is still running when the
    // test looks, even on a loaded machine: at 200 ms it once ended first.
    held = await startLinkTestServer({ holdMs: 500 });
    other = await startLinkTestServer({ holdMs: 500 });
    refusedOrigin = await closedPortOrigin();
    settings = {
      timeoutMs: TIMEOUT_MS,
      userAgent: "Mozilla/5.0 (compatible; Sauna Reviews link checker; +http://test)",
      lookup,
      // The stand-in shops are on this machine: allowed on purpose, as an operator would (the default refuses them).
      outbound: { allowPrivate: ["127.0.0.1/32"], allowPorts: [[1024, 65535]] },
      // Every stand-in shop is one host: no pause between its links here (the pause has its own test).
      perHostIntervalMs: 0,
    };
    const o = shop.origin;
    await addProduct("ok", "Alpha Works", { affiliate: `${o}${LINK_CASES.ok}?ref=sr`, website: `${o}${LINK_CASES.ok}` });
    await addProduct("missing", "Bravo Missing", { affiliate: `${o}${LINK_CASES.notFound}` });
    await addProduct("broken", "Charlie Broken", { affiliate: `${o}${LINK_CASES.serverError}` });
    await addProduct("slow", "Delta Slow", { affiliate: `${o}${LINK_CASES.slow}` });
    await addProduct("chain", "Echo Chain", { affiliate: `${o}${LINK_CASES.chain}` });
    await addProduct("loop", "Foxtrot Loop", { website: `${o}${LINK_CASES.loop}` });
    await addProduct("head-refused", "Golf Head", { affiliate: `${o}${LINK_CASES.headRefused}` });
    await addProduct("dns", "Hotel Gone", { affiliate: `http://${UNKNOWN_HOST}/sauna` });
    await addProduct("refused", "India Refused", { affiliate: `${refusedOrigin}/sauna` });
    await addProduct("invalid", "Juliet Invalid", { website: "ftp://files.example.com/sauna.pdf" });
    await addProduct("no-links", "Kilo None", {});
  });
  afterAll(async () => {
    await Promise.all([shop?.close(), held?.close(), other?.close()]);
    await test?.drop();
  });

  it("classifies and stores every case: 200, 404, 500, slow, redirect chain, loop, HEAD 405, unknown domain, refused, not a web address", async () => {
    expect(await checkAllLinks(test.db, "manual", settings)).toBe(true);
    const results = await listStoredResults(test.db);
    const of = (slug: string, link: "affiliate" | "website" = "affiliate") => {
      const found = results.find((result) => result.productId === ids[slug] && result.link === link);
      if (!found) throw new Error(`no result for ${slug} ${link}`);
      return found;
    };
    const o = shop.origin;

    expect(of("ok")).toMatchObject({ outcome: "ok", statusCode: 200, finalUrl: `${o}/ok?ref=sr`, error: null });
    expect(of("ok", "website")).toMatchObject({ outcome: "ok", statusCode: 200, finalUrl: `${o}/ok` });
    expect(of("missing")).toMatchObject({ outcome: "client-error", statusCode: 404 });
    expect(of("missing").error).toMatch(/^404 Not found/);
    expect(of("broken")).toMatchObject({ outcome: "server-error", statusCode: 500 });
    expect(of("broken").error).toMatch(/^500 /);
    expect(of("slow")).toMatchObject({ outcome: "timeout", statusCode: null, error: "No answer within 5 s" });
    expect(of("chain")).toMatchObject({ outcome: "ok", statusCode: 200, finalUrl: `${o}${LINK_CASES.chainEnd}`, error: null });
    expect(of("loop", "website")).toMatchObject({ outcome: "redirect-loop", statusCode: 302, finalUrl: `${o}/loop/a` });
    expect(of("loop", "website").error).toMatch(/Redirect loop/);
    expect(of("head-refused")).toMatchObject({ outcome: "ok", statusCode: 200, finalUrl: `${o}${LINK_CASES.headRefused}` });
    expect(of("dns")).toMatchObject({ outcome: "dns-error", statusCode: null });
    expect(of("dns").error).toBe(`The domain ${UNKNOWN_HOST} was not found (ENOTFOUND)`);
    expect(of("refused")).toMatchObject({ outcome: "connection-error", statusCode: null });
    expect(of("refused").error).toMatch(/refused the connection \(ECONNREFUSED\)/);
    expect(of("invalid", "website")).toMatchObject({ outcome: "invalid-url", statusCode: null, finalUrl: null });
    // A product without links has nothing to check.
    expect(results.filter((result) => result.productId === ids["no-links"])).toEqual([]);
    expect(results).toHaveLength(11);
    for (const result of results) {
      expect(Number.isNaN(Date.parse(result.checkedAt))).toBe(false);
      expect(result.durationMs).toBeGreaterThanOrEqual(0);
    }

    const run = await latestLinkCheckRun(test.db);
    expect(run).toMatchObject({ trigger: "manual", running: false, total: 11, checked: 11, broken: 7, error: null });
  });

  it("asks HEAD first and GET only when HEAD's answer may be HEAD's fault; names the site in its User-Agent", () => {
    const methodsFor = (path: string) => shop.requests.filter((request) => request.path === path).map((request) => request.method);
    expect(methodsFor(LINK_CASES.ok)).toEqual(["HEAD"]);
    expect(methodsFor(LINK_CASES.headRefused)).toEqual(["HEAD", "GET"]);
    expect(methodsFor(LINK_CASES.notFound)).toEqual(["HEAD", "GET"]);
    expect(methodsFor("/chain/1")).toEqual(["HEAD"]);
    expect(methodsFor(LINK_CASES.chainEnd)).toEqual(["HEAD"]);
    // A loop is noticed the first time an address comes round again: a, b, then stop.
    expect(methodsFor("/loop/a")).toEqual(["HEAD"]);
    expect(methodsFor("/loop/b")).toEqual(["HEAD"]);
    // No second wait for a link that timed out.
    expect(methodsFor(LINK_CASES.slow)).toEqual(["HEAD"]);
    expect(new Set(shop.requests.map((request) => request.userAgent))).toEqual(new Set([settings.userAgent]));
  });

  it("lists broken links first, then the ones not checked yet, then working ones; an edited link is not checked yet", async () => {
    const o = shop.origin;
    // The owner fixes the 404 link after the run: its old result no longer describes the link.
    await test.db
      .updateTable("products")
      .set({ affiliate_link: `${o}${LINK_CASES.ok}?fixed=1` })
      .where("id", "=", ids["missing"]!)
      .execute();
    const { rows } = await linkReportPage(test.db, { show: null, search: "", limit: 1_000 });
    expect(rows.map((row) => `${row.state} ${row.productName} ${row.link}`)).toEqual([
      "broken Charlie Broken affiliate",
      "broken Delta Slow affiliate",
      "broken Foxtrot Loop website",
      "broken Hotel Gone affiliate",
      "broken India Refused affiliate",
      "broken Juliet Invalid website",
      "unchecked Bravo Missing affiliate",
      "ok Alpha Works affiliate",
      "ok Alpha Works website",
      "ok Echo Chain affiliate",
      "ok Golf Head affiliate",
    ]);
    const edited = rows.find((row) => row.productName === "Bravo Missing")!;
    expect(edited.result).toBeNull();
    expect(edited.previous).toMatchObject({ outcome: "client-error", statusCode: 404, url: `${o}${LINK_CASES.notFound}` });
  });

  it("a deleted product takes its results with it", async () => {
    await test.db.deleteFrom("products").where("id", "=", ids["invalid"]!).execute();
    const left = await test.db.selectFrom("link_check_results").select("product_id").where("product_id", "=", ids["invalid"]!).execute();
    expect(left).toEqual([]);
  });

  it("runs one check at a time; a run whose process died is taken over", async () => {
    const now = new Date();
    const first = await claimLinkCheckRun(test.db, "manual", 3, now);
    expect(first).not.toBeNull();
    expect(await claimLinkCheckRun(test.db, "schedule", 3, now)).toBeNull();
    expect(await checkAllLinks(test.db, "manual", settings)).toBe(false);
    // No heartbeat for longer than the limit: the next claim closes it and starts afresh.
    const later = new Date(now.getTime() + ABANDONED_AFTER_MS + 1000);
    const second = await claimLinkCheckRun(test.db, "schedule", 3, later);
    expect(second).not.toBeNull();
    const abandoned = await test.db.selectFrom("link_check_runs").selectAll().where("id", "=", first!).executeTakeFirstOrThrow();
    expect(abandoned.active).toBeNull();
    expect(abandoned.error).toMatch(/Interrupted/);
    await test.db
      .updateTable("link_check_runs")
      .set({ active: null, finished_at: later.toISOString() })
      .where("id", "=", second!)
      .execute();
  });

  it("keeps to the concurrency limits: 4 at once in all, 2 at once per host", async () => {
    await test.db.deleteFrom("products").execute();
    for (let index = 0; index < 6; index++) {
      await addProduct(`held-${index}`, `Held ${index}`, {
        affiliate: `${held.origin}${LINK_CASES.held}?n=${index}`,
        website: `${other.origin}${LINK_CASES.held}?n=${index}`,
      });
    }
    expect(await checkAllLinks(test.db, "manual", { ...settings, timeoutMs: 5_000, concurrency: 4, perHost: 2 })).toBe(true);
    expect(held.maxOpen()).toBe(2);
    expect(other.maxOpen()).toBe(2);
    const results = await listStoredResults(test.db);
    expect(results).toHaveLength(12);
    expect(results.every((result) => result.outcome === "ok")).toBe(true);
  });

  it("'Check now' queues a run that the worker takes and returns at once; a second start while it runs is refused", async () => {
    const worker = startWorker(test.db, {
      name: workerName(),
      kinds: [linkCheckKind({ ...settings, timeoutMs: 5_000, concurrency: 1 })],
      pollMs: 20,
    });
    try {
      const before = (await latestLinkCheckRun(test.db))?.id ?? 0;
      expect(await startLinkCheck(test.db, "owner@example.com")).toBe("started");
      expect(await startLinkCheck(test.db, "owner@example.com")).toBe("already-running");
      await runClaimedAfter(before);
      // "running" is not asserted here, as the run may end by the next read on a loaded machine:
      // the refused second start is what shows it was under way.
      expect(await latestLinkCheckRun(test.db)).toMatchObject({ trigger: "manual" });
      // The run is claimed before its links are listed (the page shows it at once): its total
      // follows a moment later.
      await expect.poll(async () => (await latestLinkCheckRun(test.db))?.total, { timeout: 10_000, interval: 50 }).toBe(12);
      await expect.poll(async () => (await latestLinkCheckRun(test.db))?.running, { timeout: 20_000, interval: 100 }).toBe(false);
      expect(await latestLinkCheckRun(test.db)).toMatchObject({ checked: 12, broken: 0, error: null });
      // The worker closes its job after the run's own row: on a loaded machine the job can still
      // read "running" a moment after the run has finished.
      await expect
        .poll(async () => (await listJobs(test.db, { kind: LINK_CHECK_JOB }))[0]?.state, { timeout: 10_000, interval: 50 })
        .toBe("done");
      const [run] = await listJobs(test.db, { kind: LINK_CHECK_JOB });
      expect(run).toMatchObject({ state: "done", startedBy: "owner@example.com", progress: { done: 12, total: 12 } });
    } finally {
      await worker.stop();
    }
  });

  it("no worker free: 'Check now' says the run is queued", async () => {
    expect(await startLinkCheck(test.db, "owner@example.com", 100)).toBe("queued");
    expect(await startLinkCheck(test.db, "owner@example.com", 100)).toBe("already-running");
    const [queued] = await listJobs(test.db, { kind: LINK_CHECK_JOB });
    await test.db.updateTable("jobs").set({ state: "cancelled" }).where("id", "=", queued!.id).execute();
  });

  it("Cancel ends a run between links and records why; stopping the worker interrupts one", async () => {
    const worker = startWorker(test.db, {
      name: workerName(),
      kinds: [linkCheckKind({ ...settings, timeoutMs: 5_000, concurrency: 1 })],
      bookkeeping: test.openAnother(),
      pollMs: 20,
      heartbeatMs: 20,
      graceMs: 0,
    });
    try {
      const before = (await latestLinkCheckRun(test.db))?.id ?? 0;
      expect(await startLinkCheck(test.db, "owner@example.com")).toBe("started");
      await runClaimedAfter(before);
      const [job] = await listJobs(test.db, { kind: LINK_CHECK_JOB });
      expect(await requestCancel(test.db, job!.id)).toBe(true);
      await expect.poll(async () => (await latestLinkCheckRun(test.db))?.running, { timeout: 20_000, interval: 50 }).toBe(false);
      const run = await latestLinkCheckRun(test.db);
      expect(run!.error).toBe("Cancelled: the links checked before it stopped keep their results.");
      expect(run!.checked).toBeLessThan(12);
      await expect.poll(async () => (await listJobs(test.db, { kind: LINK_CHECK_JOB }))[0]?.state).toBe("cancelled");

      const cancelled = run!.id;
      expect(await startLinkCheck(test.db, "owner@example.com")).toBe("started");
      await runClaimedAfter(cancelled);
      await worker.stop();
      const stopped = await latestLinkCheckRun(test.db);
      expect(stopped).toMatchObject({ running: false });
      expect(stopped!.error).toMatch(/^Interrupted: the server stopped during the check/);
      expect((await listJobs(test.db, { kind: LINK_CHECK_JOB }))[0]).toMatchObject({ state: "failed" });
    } finally {
      await worker.stop();
    }
  });

  it("LINK_CHECK_INTERVAL adds a job to the runner; runNow does a scheduled run and waits for it", async () => {
    expect(linkCheckPeriodicJob(settings, null)).toBeNull();
    const job = linkCheckPeriodicJob({ ...settings, timeoutMs: 5_000 }, 6 * 3_600_000);
    expect(job).toMatchObject({ name: LINK_CHECK_JOB, everyMs: 6 * 3_600_000 });
    const jobs = startJobs(test.db, [job!]);
    try {
      expect(await jobs.runNow(LINK_CHECK_JOB)).toBe(true);
      expect(await latestLinkCheckRun(test.db)).toMatchObject({ trigger: "schedule", running: false, total: 12, checked: 12, error: null });
      expect((await listJobs(test.db, { kind: LINK_CHECK_JOB }))[0]).toMatchObject({ state: "done", startedBy: "schedule" });
    } finally {
      await jobs.stop();
    }
  });
});
