import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_TSV_HEADER, sampleGtin } from "../../../scripts/feeds/sample-feed";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { cancelMarkers, type CancelMarkers } from "../jobs/cancel-markers.server";
import { INTERRUPTED_MESSAGE, loadJob, requestCancel, waitForJob, workerName } from "../jobs/job-queue.server";
import { startWorker, type Worker } from "../jobs/job-worker.server";
import { enqueueFeedRun, feedRunKind, type FeedRunSettings } from "./feed-run-jobs.server";
import { loadFeedRun } from "./feeds-admin.server";

// Feed runs as jobs through a real worker (docs/decisions/0099): progress written as it goes,
// Cancel rolling everything back, a worker killed with SIGKILL mid-run leaving its feed run
// marked interrupted, and the next run saving. A stand-in shop on 127.0.0.1 sends a feed that
// stops half-way and waits, so a run can be caught in the middle.

const PRICES = { country: "US", currency: "USD", maxAgeMs: 24 * 3_600_000 };

function tsvRows(from: number, to: number, price = "1999.00 USD"): string {
  const lines = [];
  for (let i = from; i <= to; i++) {
    lines.push(
      [`SKU-${i}`, `Item ${i}`, `https://shop.example/p/${i}`, price, "", "", "in_stock", "Test", sampleGtin(i), "", ""].join("\t"),
    );
  }
  return lines.join("\n") + "\n";
}

/** A shop whose feed sends its header and 50 rows, then waits until the test ends. */
async function startStallingShop(): Promise<{ url: string; close(): Promise<void> }> {
  const waiting = new Set<ServerResponse>();
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/tab-separated-values" });
    response.write(`${SAMPLE_TSV_HEADER}\n${tsvRows(1, 50)}`);
    waiting.add(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/feed.tsv`,
    close: async () => {
      for (const response of waiting) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.each(testDialects)("feed runs as jobs on %s", (dialect) => {
  let test: TestDatabase;
  let dataDir: string;
  let markers: CancelMarkers;
  let shop: Awaited<ReturnType<typeof startStallingShop>>;
  let merchantId: number;
  let settings: FeedRunSettings;

  const snapshot = async () => ({
    offers: await test.db.selectFrom("offers").selectAll().orderBy("id").execute(),
    feeds: await test.db.selectFrom("feeds").select(["id", "last_run_at"]).orderBy("id").execute(),
  });

  async function addFeed(name: string, source: { file: string } | { url: string }): Promise<{ id: number; name: string }> {
    const row = await test.db
      .insertInto("feeds")
      .values({
        name,
        merchant_id: merchantId,
        source_kind: "url" in source ? "url" : "upload",
        url: "url" in source ? source.url : null,
        upload_name: "file" in source ? source.file : null,
        format: "google-tsv",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), name };
  }

  function worker(overrides: Partial<FeedRunSettings> = {}): Worker {
    return startWorker(test.db, {
      name: workerName(),
      kinds: [feedRunKind({ ...settings, ...overrides })],
      bookkeeping: test.openAnother(),
      markers,
      pollMs: 20,
      heartbeatMs: 50,
      sweepMs: 100,
      graceMs: 0,
    });
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "feed-jobs-"));
    mkdirSync(path.join(dataDir, "storage", "feed-files"), { recursive: true });
    markers = cancelMarkers(dataDir);
    test = await createTestDatabase(dialect);
    shop = await startStallingShop();
    settings = {
      storage: { dataDir, storage: "disk" },
      prices: PRICES,
      // The stand-in shop is on this machine: allowed on purpose, as an operator would.
      read: { outbound: { allowPrivate: ["127.0.0.1/32"], allowPorts: [[1024, 65535]] }, defaultCurrency: "USD" },
    };
    await test.db
      .insertInto("products")
      .values(
        Array.from({ length: 120 }, (_, i) => ({ slug: `p-${i + 1}`, name: `Product ${i + 1}`, brand: "Test", gtin: sampleGtin(i + 1) })),
      )
      .execute();
    const merchant = await test.db
      .insertInto("merchants")
      .values({ slug: "shop", name: "Shop", countries: "[]" })
      .returning("id")
      .executeTakeFirstOrThrow();
    merchantId = Number(merchant.id);
    writeFileSync(path.join(dataDir, "storage", "feed-files", "full.feed"), `${SAMPLE_TSV_HEADER}\n${tsvRows(1, 120)}`);
  });
  afterAll(async () => {
    await shop?.close();
    await test?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a preview, then its Save, each run by the worker: progress written, the result kept on the server, the save committed with its run", async () => {
    const feed = await addFeed("Full feed", { file: "full.feed" });
    const running = worker();
    try {
      const preview = await enqueueFeedRun(test.db, feed, { mode: "preview", trigger: "manual", startedBy: "owner@example.com" });
      expect(preview.already).toBe(false);
      const previewJob = await waitForJob(test.db, preview.jobId, 20_000);
      expect(previewJob).toMatchObject({
        state: "done",
        kind: "feed-run",
        startedBy: "owner@example.com",
        progress: { done: 120, total: null, note: "items read" },
        result: { status: "previewed", runId: preview.runId, counts: { new: 120 } },
        payload: { feedId: feed.id, runId: preview.runId, mode: "preview", href: `/admin/feeds/${feed.id}/runs/${preview.runId}` },
      });
      const previewed = await loadFeedRun(test.db, feed.id, preview.runId);
      expect(previewed).toMatchObject({ status: "previewed", counts: { new: 120 }, jobId: preview.jobId });
      expect(previewed!.details.rows.length).toBeGreaterThan(0);
      expect(await test.db.selectFrom("offers").select("id").execute()).toEqual([]);

      const save = await enqueueFeedRun(test.db, feed, {
        mode: "save-preview",
        trigger: "manual",
        startedBy: "owner@example.com",
        preview: { runId: preview.runId, fingerprint: previewed!.fingerprint! },
      });
      expect(save.runId).toBe(preview.runId);
      expect(await waitForJob(test.db, save.jobId, 20_000)).toMatchObject({
        state: "done",
        progress: { done: 120, total: 120, note: "offers written" },
      });
      expect(await loadFeedRun(test.db, feed.id, preview.runId)).toMatchObject({ status: "saved", counts: { new: 120 } });
      expect(await test.db.selectFrom("offers").select("id").execute()).toHaveLength(120);
      const { last_run_at } = await test.db.selectFrom("feeds").select("last_run_at").where("id", "=", feed.id).executeTakeFirstOrThrow();
      expect(last_run_at).not.toBeNull();
    } finally {
      await running.stop();
    }
  });

  it("Cancel while the feed is read: the run stops, its page says so, nothing changes", async () => {
    const feed = await addFeed("Stalling feed", { url: shop.url });
    const before = await snapshot();
    const running = worker();
    try {
      const queued = await enqueueFeedRun(test.db, feed, { mode: "save", trigger: "manual", startedBy: "owner@example.com" });
      // The progress is written while the run goes on: 50 items read, the shop still sending.
      await expect
        .poll(async () => (await loadJob(test.db, queued.jobId))?.progress, { timeout: 20_000, interval: 50 })
        .toEqual({ done: 50, total: null, note: "items read" });
      expect(await requestCancel(test.db, queued.jobId, { markers })).toBe(true);
      expect(await waitForJob(test.db, queued.jobId, 20_000)).toMatchObject({
        state: "cancelled",
        error: "Cancelled: nothing was changed.",
      });
      expect(await loadFeedRun(test.db, feed.id, queued.runId)).toMatchObject({
        status: "failed",
        error: "Cancelled: nothing was changed.",
      });
      expect(await snapshot()).toEqual(before);
    } finally {
      await running.stop();
    }
  });

  it("Cancel between the save's writes and its commit rolls every write back", async () => {
    const feed = await addFeed("Repriced feed", { file: "repriced.feed" });
    writeFileSync(path.join(dataDir, "storage", "feed-files", "repriced.feed"), `${SAMPLE_TSV_HEADER}\n${tsvRows(1, 120, "1499.00 USD")}`);
    const before = await snapshot();
    const owner = test.openAnother();
    let jobId = 0;
    const running = worker({
      beforeCommit: async () => {
        // Every offer is written, inside the transaction: the owner cancels now (from the web
        // process: another handle), and the worker hears it.
        expect(await requestCancel(owner, jobId, { markers })).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 400));
      },
    });
    try {
      const queued = await enqueueFeedRun(test.db, feed, { mode: "save", trigger: "manual", startedBy: "owner@example.com" });
      jobId = queued.jobId;
      const job = await waitForJob(test.db, queued.jobId, 20_000);
      expect(job).toMatchObject({ state: "cancelled", error: "Cancelled: nothing was changed." });
      // The progress says how far the writes had got before they were rolled back.
      expect(job!.progress).toMatchObject({ total: 120, note: "offers written" });
      expect(await loadFeedRun(test.db, feed.id, queued.runId)).toMatchObject({
        status: "failed",
        error: "Cancelled: nothing was changed.",
      });
      expect(await snapshot()).toEqual(before);
    } finally {
      await running.stop();
    }
  });

  it("a worker killed mid-run (SIGKILL): the sweeper marks the run and its feed run interrupted, the next run saves", async () => {
    const feed = await addFeed("Killed feed", { url: shop.url });
    const before = await snapshot();
    const child: ChildProcess = spawn(
      process.execPath,
      // node itself runs the worker (the tsx command would put a process of its own in between, and SIGKILL would miss the worker).
      ["--import", "tsx", "tests/support/feed-worker-process.ts", JSON.stringify({ database: test.database, settings })],
      // Both pipes are read: a process writing to a pipe nobody reads blocks, on Linux, once it is full.
      { stdio: ["ignore", "pipe", "pipe"], env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "warn" } },
    );
    let childErrors = "";
    child.stderr!.on("data", (chunk: Buffer) => (childErrors = (childErrors + chunk.toString()).slice(-10_000)));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
        child.once("exit", (code) => reject(new Error(`the worker process ended (${code}): ${childErrors}`)));
      });
      const queued = await enqueueFeedRun(test.db, feed, { mode: "save", trigger: "manual", startedBy: "owner@example.com" });
      await expect.poll(async () => (await loadJob(test.db, queued.jobId))?.progress.done, { timeout: 30_000, interval: 50 }).toBe(50);
      expect(await loadFeedRun(test.db, feed.id, queued.runId)).toMatchObject({ status: "running" });
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));

      // A new worker's sweeper finds the run's process gone at once.
      await test.db
        .updateTable("feeds")
        .set({ url: null, source_kind: "upload", upload_name: "full.feed" })
        .where("id", "=", feed.id)
        .execute();
      const running = worker();
      try {
        expect(await waitForJob(test.db, queued.jobId, 20_000)).toMatchObject({ state: "failed", error: INTERRUPTED_MESSAGE });
        await expect
          .poll(async () => loadFeedRun(test.db, feed.id, queued.runId), { timeout: 20_000, interval: 50 })
          .toMatchObject({ status: "failed", error: INTERRUPTED_MESSAGE });
        // The row itself says so, not only the page's reading of it.
        const row = await test.db
          .selectFrom("feed_runs")
          .select(["status", "error"])
          .where("id", "=", queued.runId)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ status: "failed", error: INTERRUPTED_MESSAGE });
        expect(await snapshot()).toEqual(before);

        const again = await enqueueFeedRun(test.db, feed, { mode: "save", trigger: "manual", startedBy: "owner@example.com" });
        expect(await waitForJob(test.db, again.jobId, 20_000)).toMatchObject({ state: "done" });
        expect(await loadFeedRun(test.db, feed.id, again.runId)).toMatchObject({ status: "saved" });
      } finally {
        await running.stop();
      }
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    // A process of its own takes a few seconds to start on a busy machine.
  }, 90_000);

  it("a second run of a feed while one waits is not queued: the first is returned", async () => {
    const feed = await addFeed("Twice", { file: "full.feed" });
    const first = await enqueueFeedRun(test.db, feed, { mode: "preview", trigger: "manual", startedBy: "owner@example.com" });
    const second = await enqueueFeedRun(test.db, feed, { mode: "save", trigger: "manual", startedBy: "owner@example.com" });
    expect(second).toEqual({ jobId: first.jobId, runId: first.runId, already: true });
    // Cancelled while it waited: nothing wrote its row, and its page reads the job's words.
    expect(await requestCancel(test.db, first.jobId)).toBe(true);
    expect(await loadFeedRun(test.db, feed.id, first.runId)).toMatchObject({
      status: "failed",
      error: "Cancelled before it started; nothing was changed.",
    });
  });
});
