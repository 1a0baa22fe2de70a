import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "../../../tests/support/test-databases";
import { testDatabaseForBlock } from "../../../tests/support/block-databases";
import { commissionReportPieces, commissionReportText, REPORT_HEADER } from "../../../tests/support/commission-report-file";
import { guessColumnMap } from "~/lib/revenue/commission-report";
import { INTERRUPTED_MESSAGE, loadJob, requestCancel, waitForJob, waitForJobStart, workerName } from "../jobs/job-queue.server";
import { startWorker, type Worker } from "../jobs/job-worker.server";
import { STRICT_OUTBOUND_POLICY } from "../outbound/outbound-policy.server";
import { commissionReportsJob } from "./commission-job.server";
import {
  commissionReportKind,
  PREVIEW_ROWS,
  startReportRun,
  uploadHref,
  type ReadResult,
  type SaveResult,
} from "./commission-report-job.server";
import { saveNetwork } from "./commission-reports.server";
import {
  addUpload,
  fetchUploadFile,
  forgetUploads,
  loadUpload,
  storeUploadFile,
  UPLOAD_KEEP_MS,
  UploadRefused,
  uploadsStorage,
} from "./report-uploads.server";

// A commission report's runs through a real worker on a real database: the read (mapping step,
// then the bounded preview), the save in one transaction, Cancel, a save interrupted by the worker
// stopping (all old orders, the run interrupted), the scheduled re-read of a report URL through
// the same runs, and the clean-up of the stored files.

type PreviewResult = Extract<ReadResult, { step: "preview" }>;
const FAST = { pollMs: 20, heartbeatMs: 50, sweepMs: 60_000, graceMs: 0 };
const encoder = new TextEncoder();

async function* bytes(pieces: Iterable<string>): AsyncGenerator<Uint8Array> {
  for (const piece of pieces) yield encoder.encode(piece);
}

describe.each(testDialects)("commission report runs on %s", (dialect) => {
  const test = testDatabaseForBlock(dialect);
  let dataDir: string;
  let worker: Worker | null = null;
  let server: http.Server;
  let origin = "";
  let served = "";
  // The stand-in network listens on loopback and a high port, which the operator opens on purpose.
  const outbound = { allowPrivate: ["127.0.0.1/32"], allowPorts: [[1024, 65535]] as [number, number][] };
  const config = () => ({ dataDir, storage: "disk" as const });
  const storage = () => uploadsStorage(config(), test.db);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "commission-runs-"));
    server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/csv" });
      res.end(served);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await worker?.stop();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await worker?.stop();
    worker = null;
    await test.db.deleteFrom("commissions").execute();
    await test.db.deleteFrom("commission_networks").execute();
    await test.db.deleteFrom("commission_uploads").execute();
  });

  function start() {
    worker = startWorker(test.db, {
      name: workerName(),
      kinds: [commissionReportKind({ config: config(), outbound })],
      bookkeeping: dialect === "sqlite" ? test.openAnother() : undefined,
      ...FAST,
    });
    return worker;
  }

  async function upload(pieces: Iterable<string>, network = "Awin") {
    const id = await addUpload(test.db, { network, reportUrl: null, startedBy: "owner@example.com" });
    await storeUploadFile(test.db, storage(), id, bytes(pieces));
    return id;
  }

  async function run(id: string, input: Parameters<typeof startReportRun>[2], timeoutMs = 60_000) {
    const upload = (await loadUpload(test.db, id))!;
    const jobId = await startReportRun(test.db, upload, input, "owner@example.com");
    const job = await waitForJob(test.db, jobId, timeoutMs);
    return job!;
  }

  const stored = () => test.db.selectFrom("commissions").select(["order_id", "status"]).orderBy("order_id").execute();

  it("reads an upload: the mapping once, then a preview bounded whatever the report's size; the save writes it all", async () => {
    start();
    const id = await upload(commissionReportPieces(30_000));
    const first = await run(id, { phase: "read", uploadId: id, map: null, href: uploadHref(id) });
    expect(first.state).toBe("done");
    const mapStep = first.result as ReadResult;
    expect(mapStep).toMatchObject({ step: "map", headers: REPORT_HEADER.split(","), map: guessColumnMap(REPORT_HEADER.split(",")) });
    const map = guessColumnMap(REPORT_HEADER.split(","));

    const read = await run(id, { phase: "read", uploadId: id, map, href: uploadHref(id) });
    expect(read.state).toBe("done");
    const preview = read.result as Extract<ReadResult, { step: "preview" }>;
    expect(preview).toMatchObject({ step: "preview", orders: 27_000, errorCount: 0, plan: { added: 27_000, updated: 0 } });
    expect(preview.sample).toHaveLength(PREVIEW_ROWS);
    // The result the page carries: a few kilobytes for a 1.5 MB report.
    expect(JSON.stringify(read.result).length).toBeLessThan(20_000);
    expect(read.progress).toMatchObject({ done: expect.any(Number), total: expect.any(Number) });
    expect(read.progress.done).toBe(read.progress.total);

    const saved = await run(id, { phase: "save", uploadId: id, map, fingerprint: preview.plan.fingerprint, href: uploadHref(id) });
    expect(saved.state).toBe("done");
    expect(saved.result).toEqual({ step: "saved", network: "Awin", added: 27_000, updated: 0, unchanged: 0 } satisfies SaveResult);
    expect(
      await test.db
        .selectFrom("commissions")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst(),
    ).toMatchObject({
      n: expect.anything(),
    });
    expect(
      Number(
        (
          await test.db
            .selectFrom("commissions")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(27_000);
    // Saved: the file is gone (just after the commit), the upload says so.
    for (let i = 0; i < 100 && (await loadUpload(test.db, id))!.byteSize !== null; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await storage().open(`commission-report-${id}.csv`)).toBeNull();
    expect((await loadUpload(test.db, id))!.savedAt).not.toBeNull();

    // The network's mapping is kept: the next report of it goes straight to its preview.
    const next = await upload(commissionReportPieces(100));
    const again = await run(next, { phase: "read", uploadId: next, map: null, href: uploadHref(next) });
    expect(again.result).toMatchObject({ step: "preview", orders: 90, plan: { added: 0, unchanged: 90 } });
  });

  it("a bad line is shown in the preview and the save refuses it, in words, changing nothing", async () => {
    start();
    const map = guessColumnMap(REPORT_HEADER.split(","));
    const id = await upload([commissionReportText(5), "AW-99,someday,pending,1,1,EUR,s99\n"]);
    const read = await run(id, { phase: "read", uploadId: id, map, href: uploadHref(id) });
    expect(read.result).toMatchObject({
      step: "preview",
      errorCount: 1,
      errors: [expect.stringMatching(/^Line 7: "someday" is not a date/)],
    });
    const saved = await run(id, { phase: "save", uploadId: id, map, fingerprint: "x", href: uploadHref(id) });
    expect(saved).toMatchObject({ state: "failed", error: expect.stringMatching(/^1 line needs fixing; nothing was saved\. Line 7/) });
    expect(await stored()).toEqual([]);
  });

  it("Cancel stops a read between two pieces of the file", async () => {
    start();
    const map = guessColumnMap(REPORT_HEADER.split(","));
    const id = await upload(commissionReportPieces(378_788));
    const jobId = await startReportRun(
      test.db,
      (await loadUpload(test.db, id))!,
      { phase: "read", uploadId: id, map, href: uploadHref(id) },
      "o",
    );
    expect(await waitForJobStart(test.db, jobId, 10_000)).toBe(true);
    expect(await requestCancel(test.db, jobId)).toBe(true);
    const job = await waitForJob(test.db, jobId, 30_000);
    expect(job).toMatchObject({ state: "cancelled", error: "Cancelled: nothing was changed." });
    // Stopped before the end of the file (its last progress, if one was written, says where).
    expect(job!.result).toBeNull();
    if (job!.progress.total !== null) expect(job!.progress.done).toBeLessThan(job!.progress.total);
  });

  it("a save interrupted (the worker stops mid-transaction) leaves every old order and says so", async () => {
    const map = guessColumnMap(REPORT_HEADER.split(","));
    start();
    const old = await upload(commissionReportPieces(50));
    const oldRead = await run(old, { phase: "read", uploadId: old, map, href: uploadHref(old) });
    const oldPlan = (oldRead.result as Extract<ReadResult, { step: "preview" }>).plan;
    expect(await run(old, { phase: "save", uploadId: old, map, fingerprint: oldPlan.fingerprint, href: uploadHref(old) })).toMatchObject({
      state: "done",
    });
    const before = await stored();
    expect(before).toHaveLength(45);

    const id = await upload(commissionReportPieces(120_000));
    const read = await run(id, { phase: "read", uploadId: id, map, href: uploadHref(id) });
    const plan = (read.result as Extract<ReadResult, { step: "preview" }>).plan;
    const jobId = await startReportRun(
      test.db,
      (await loadUpload(test.db, id))!,
      { phase: "save", uploadId: id, map, fingerprint: plan.fingerprint, href: uploadHref(id) },
      "o",
    );
    // The save reads the file again, then writes in one transaction; the worker stops with no
    // grace while that transaction is open.
    const open = await waitUntil(() => saveTransactionOpen(jobId), 20_000);
    expect(open).toBe(true);
    await worker!.stop();
    worker = null;
    const job = await loadJob(test.db, jobId);
    expect(job).toMatchObject({ state: "failed", error: INTERRUPTED_MESSAGE });
    expect(await stored()).toEqual(before);
    expect((await loadUpload(test.db, id))!.savedAt).toBeNull();
  });

  it("a kill -9 of the worker mid-save leaves every old order, and the run is marked interrupted", { timeout: 120_000 }, async () => {
    const map = guessColumnMap(REPORT_HEADER.split(","));
    start();
    const old = await upload(commissionReportPieces(50));
    const oldPlan = ((await run(old, { phase: "read", uploadId: old, map, href: uploadHref(old) })).result as PreviewResult).plan;
    await run(old, { phase: "save", uploadId: old, map, fingerprint: oldPlan.fingerprint, href: uploadHref(old) });
    const before = await stored();
    const id = await upload(commissionReportPieces(120_000));
    const plan = ((await run(id, { phase: "read", uploadId: id, map, href: uploadHref(id) })).result as PreviewResult).plan;
    await worker!.stop();
    worker = null;

    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.resolve("tests/reliability/commission-worker-child.ts"), JSON.stringify(test.database), dataDir],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on("data", (chunk: Buffer) => (chunk.toString().includes("ready") ? resolve() : undefined));
        child.once("exit", (code) => reject(new Error(`the worker child exited (${code})`)));
      });
      const jobId = await startReportRun(
        test.db,
        (await loadUpload(test.db, id))!,
        { phase: "save", uploadId: id, map, fingerprint: plan.fingerprint, href: uploadHref(id) },
        "o",
      );
      expect(await waitUntil(() => saveTransactionOpen(jobId), 60_000)).toBe(true);
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
      // A worker of this machine finds the dead one's run at once (its process is gone) and marks it.
      start();
      await worker!.sweep();
      expect(await loadJob(test.db, jobId)).toMatchObject({ state: "failed", error: INTERRUPTED_MESSAGE });
      expect(await stored()).toEqual(before);
      expect((await loadUpload(test.db, id))!.savedAt).toBeNull();
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("the scheduled re-read of a report URL queues a run that fetches, reads and saves it like an upload", async () => {
    const map = guessColumnMap(REPORT_HEADER.split(","));
    await saveNetwork(test.db, "Awin", map, `${origin}/report.csv`);
    served = commissionReportText(30);
    await commissionReportsJob().run(test.db);
    start();
    const first = await waitForQueuedRefresh();
    expect(first).toMatchObject({ state: "done", result: { step: "saved", added: 27 } });

    // A bad line: nothing is saved, and the run says why.
    served = `${commissionReportText(3)}AW-1,someday,approved,1,1,EUR,s1\n`;
    await commissionReportsJob().run(test.db);
    const second = await waitForQueuedRefresh();
    expect(second).toMatchObject({ state: "failed", error: expect.stringMatching(/^The Awin report was not saved: 1 line needs fixing/) });
    expect((await stored()).find((row) => row.order_id === "AW-1")).toEqual({ order_id: "AW-1", status: "pending" });
  });

  async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
    for (const until = Date.now() + timeoutMs; Date.now() < until;) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return false;
  }

  /**
   * PostgreSQL: the save's progress (orders written) shows while it runs. SQLite: its heartbeat
   * waits for the save's write lock, so the lock itself is looked at, three times running (a
   * heartbeat's own write is over in a moment).
   */
  async function saveTransactionOpen(jobId: number): Promise<boolean> {
    if (test.database.dialect === "postgres") {
      const job = await loadJob(test.db, jobId);
      if (job?.state !== "running") return false;
      // The save's inserts hold this lock on commissions until the transaction ends.
      const locks = await sql<{ n: number }>`select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
        where c.relname = 'commissions' and l.mode = 'RowExclusiveLock' and l.granted and l.pid <> pg_backend_pid()`.execute(test.db);
      return locks.rows[0]!.n > 0;
    }
    const probe = new Database(test.database.file, { timeout: 0 });
    try {
      for (let i = 0; i < 3; i++) {
        try {
          probe.exec("BEGIN IMMEDIATE");
          probe.exec("ROLLBACK");
          return false;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
      return true;
    } finally {
      probe.close();
    }
  }

  async function waitForQueuedRefresh() {
    const row = await test.db
      .selectFrom("jobs")
      .select("id")
      .where("kind", "=", "commission-report")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return waitForJob(test.db, Number(row.id), 30_000);
  }

  it("a report URL goes through the guarded outbound client: an internal address is refused, in words", async () => {
    const id = await addUpload(test.db, { network: "Awin", reportUrl: "http://127.0.0.1:8080/report.csv", startedBy: null });
    await expect(fetchUploadFile(test.db, storage(), id, "http://127.0.0.1:8080/report.csv", STRICT_OUTBOUND_POLICY)).rejects.toThrow(
      expect.objectContaining({
        constructor: UploadRefused,
        message: expect.stringMatching(/^The report could not be fetched: .+\. Upload the file instead\.$/),
      }),
    );
  });

  it("forgets a saved upload's file at once and an unsaved upload after a day", async () => {
    const now = Date.now();
    const fresh = await upload(["a,b\n1,2\n"]);
    const old = await upload(["a,b\n1,2\n"]);
    await test.db
      .updateTable("commission_uploads")
      .set({ created_at: now - UPLOAD_KEEP_MS - 1 })
      .where("id", "=", old)
      .execute();
    const saved = await upload(["a,b\n1,2\n"]);
    await test.db.updateTable("commission_uploads").set({ saved_at: now }).where("id", "=", saved).execute();
    expect(await forgetUploads(test.db, storage(), now)).toBe(2);
    expect(await loadUpload(test.db, old)).toBeNull();
    expect(await storage().open(`commission-report-${old}.csv`)).toBeNull();
    expect(await storage().open(`commission-report-${saved}.csv`)).toBeNull();
    expect((await loadUpload(test.db, saved))!.byteSize).toBeNull();
    expect(await storage().open(`commission-report-${fresh}.csv`)).not.toBeNull();
    expect(await forgetUploads(test.db, storage(), now)).toBe(0);
  });
});
