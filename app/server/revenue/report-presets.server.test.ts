import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "../../../tests/support/test-databases";
import { testDatabaseForBlock } from "../../../tests/support/block-databases";
import { waitForJob, workerName } from "../jobs/job-queue.server";
import { startWorker, type Worker } from "../jobs/job-worker.server";
import { STRICT_OUTBOUND_POLICY } from "../outbound/outbound-policy.server";
import { commissionReportKind, startReportRun, uploadHref, type ReadResult, type SaveResult } from "./commission-report-job.server";
import { addUpload, loadUpload, storeUploadFile, uploadsStorage } from "./report-uploads.server";
import { earningsReport, recentEarnings } from "./earnings.server";

// The networks' reports (tests/fixtures/revenue/networks) through the runs the admin's upload
// starts: the read offers the recognised preset's mapping, the preview, the save. Then what the
// database holds: a CJ order returned in full nets to nothing, and Amazon's item lines, having no
// order ID, are updated by a second import of the same report rather than added twice.

const FAST = { pollMs: 20, heartbeatMs: 50, sweepMs: 60_000, graceMs: 0 };
const fixture = (name: string) => readFileSync(path.join(__dirname, "../../../tests/fixtures/revenue/networks", name));

describe.each(testDialects)("network reports saved on %s", (dialect) => {
  const test = testDatabaseForBlock(dialect);
  let dataDir: string;
  let worker: Worker | null = null;
  const config = () => ({ dataDir, storage: "disk" as const });

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "network-reports-"));
    worker = startWorker(test.db, {
      name: workerName(),
      kinds: [commissionReportKind({ config: config(), outbound: STRICT_OUTBOUND_POLICY })],
      bookkeeping: dialect === "sqlite" ? test.openAnother() : undefined,
      ...FAST,
    });
  });
  afterAll(async () => {
    await worker?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await test.db.deleteFrom("commissions").execute();
    await test.db.deleteFrom("commission_networks").execute();
    await test.db.deleteFrom("commission_uploads").execute();
  });

  /** Upload, read (the preset's mapping as offered), read with it, save: the save's counts. */
  async function importReport(network: string, name: string): Promise<SaveResult> {
    const id = await addUpload(test.db, { network, reportUrl: null, startedBy: "owner@example.com" });
    await storeUploadFile(
      test.db,
      uploadsStorage(config(), test.db),
      id,
      (async function* () {
        yield new Uint8Array(fixture(name));
      })(),
    );
    const run = async (input: Parameters<typeof startReportRun>[2]) => {
      const jobId = await startReportRun(test.db, (await loadUpload(test.db, id))!, input, "owner@example.com");
      const job = (await waitForJob(test.db, jobId, 30_000))!;
      if (job.state !== "done") throw new Error(`${name}: ${job.state} ${job.error ?? ""}`);
      return job.result;
    };
    let read = (await run({ phase: "read", uploadId: id, map: null, href: uploadHref(id) })) as ReadResult;
    if (read.step === "map") read = (await run({ phase: "read", uploadId: id, map: read.map, href: uploadHref(id) })) as ReadResult;
    if (read.step !== "preview") throw new Error(`${name}: no preview`);
    expect(read.errorCount).toBe(0);
    return (await run({
      phase: "save",
      uploadId: id,
      map: read.map,
      fingerprint: read.plan.fingerprint,
      href: uploadHref(id),
    })) as SaveResult;
  }

  const saved = (network: string) =>
    test.db
      .selectFrom("commissions")
      .innerJoin("commission_networks", "commission_networks.id", "commissions.network_id")
      .select(["order_id", "status", "sale_hundredths", "commission_hundredths"])
      .where("commission_networks.name", "=", network)
      .orderBy("order_id")
      .execute()
      .then((rows) => rows.map((row) => [row.order_id, row.status, Number(row.sale_hundredths), Number(row.commission_hundredths)]));

  it("nets CJ's correction lines per order before saving", async () => {
    expect(await importReport("CJ", "cj-commission-detail.csv")).toMatchObject({ added: 4 });
    // CJ-100 1200.00/48.00 returned in full; CJ-101 800.00/32.00 less one 200.00/8.00 item.
    expect(await saved("CJ")).toEqual([
      ["CJ-100", "reversed", 0, 0],
      ["CJ-101", "approved", 60_000, 2_400],
      ["CJ-102", "pending", 50_000, 2_000],
      ["CJ-103", "pending", 30_000, 1_200],
    ]);
  });

  it("updates Amazon's item lines when the same earnings report is imported again", async () => {
    expect(await importReport("Amazon", "amazon-fee-earnings.csv")).toMatchObject({ added: 3, updated: 0 });
    expect(await importReport("Amazon", "amazon-fee-earnings.csv")).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
    // 0.75 + 0.75 + 1.17 = 2.67, once.
    const rows = await saved("Amazon");
    expect(rows).toHaveLength(3);
    expect(rows.reduce((sum, row) => sum + (row[3] as number), 0)).toBe(267);
  });

  it("ties Amazon's items to the kind of page whose tracking ID the report names", async () => {
    await test.db.deleteFrom("merchants").where("slug", "=", "amazon").execute();
    await test.db
      .insertInto("merchants")
      .values({
        slug: "amazon",
        name: "Amazon",
        domain: "amazon.com",
        countries: "[]",
        tracking_ids: JSON.stringify({ product: "saunareview-20", learn: "SaunaReview-Guides-20" }),
      })
      .execute();
    try {
      await importReport("Amazon", "amazon-fee-earnings.csv");
      const now = Date.parse("2026-11-20T12:00:00Z");
      const bySource = await earningsReport(test.db, 30, now, "source");
      // Two thermometers through product pages (0.75 each), a bucket through a guide (1.17).
      expect(bySource.rows.find((row) => row.key === "product")).toMatchObject({ orders: 2, approved: { USD: 150 } });
      expect(bySource.rows.find((row) => row.key === "learn")).toMatchObject({ orders: 1, approved: { USD: 117 } });
      expect(bySource.notTied).toEqual({ orders: 0, earned: {} });
      expect((await earningsReport(test.db, 30, now, "merchant")).rows).toMatchObject([
        { label: "Amazon", orders: 3, approved: { USD: 267 } },
      ]);
      const byPage = await earningsReport(test.db, 30, now, "page");
      expect(byPage.rows.find((row) => row.key === "tracking:product")).toMatchObject({
        label: "Product pages, by tracking ID (no single page)",
        orders: 2,
      });
      // The dashboard's card agrees: nothing left untied.
      expect(await recentEarnings(test.db, 30, now)).toEqual({ orders: 3, earned: { USD: 267 }, notTied: { orders: 0, earned: {} } });
    } finally {
      await test.db.deleteFrom("merchants").where("slug", "=", "amazon").execute();
    }
  });

  it("saves every network's report, recognised by its header, with the hand-worked totals", async () => {
    const totals: Record<string, number> = {};
    for (const [network, name] of [
      ["Awin", "awin-transactions.csv"],
      ["Impact", "impact-actions.csv"],
      ["ShareASale", "shareasale-activity.csv"],
      ["Rakuten", "rakuten-signature-orders.csv"],
    ] as const) {
      await importReport(network, name);
      totals[network] = (await saved(network)).reduce((sum, row) => sum + (row[3] as number), 0);
    }
    // Awin 64.95 + 22.50 (AW-2003 declined); Impact 122.50 + 49.95 + 75.00 (IM-9004 reversed);
    // ShareASale 32.45 + 10.50 + 50.00 (one voided); Rakuten 22.50 (RK-5001 returned).
    expect(totals).toEqual({ Awin: 8_745, Impact: 24_745, ShareASale: 9_295, Rakuten: 2_250 });
  });
});
