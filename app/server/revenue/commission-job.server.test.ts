import { describe, expect, it } from "vitest";
import { testDialects } from "../../../tests/support/test-databases";
import { testDatabaseForBlock } from "../../../tests/support/block-databases";
import { guessColumnMap } from "~/lib/revenue/commission-report";
import { listJobs } from "../jobs/job-queue.server";
import { commissionReportsJob } from "./commission-job.server";
import { saveNetwork } from "./commission-reports.server";

const HEADER = "Transaction ID,Transaction Date,Click Ref,Sale Amount,Commission Amount,Currency,Commission Status";

// The schedule only queues: each network's re-read is a run of kind "commission-report", read and
// saved by the same code as an upload (commission-report-job.server.test.ts runs them in a worker).
describe.each(testDialects)("the commission reports job on %s", (dialect) => {
  const test = testDatabaseForBlock(dialect);

  it("queues one re-read per network with a report URL and a mapping, and none while one of it is unfinished", async () => {
    await saveNetwork(test.db, "Awin", guessColumnMap(HEADER.split(",")), "https://reports.example.com/awin.csv");
    await saveNetwork(test.db, "Amazon", guessColumnMap(HEADER.split(",")), null);
    expect(await commissionReportsJob().run(test.db)).toEqual({ queued: 1 });
    const [run] = await listJobs(test.db, { kind: "commission-report" });
    expect(run).toMatchObject({
      state: "queued",
      label: "Commission report Awin: re-read from its URL",
      payload: { phase: "refresh", network: "Awin" },
      startedBy: "schedule",
    });
    expect(await commissionReportsJob().run(test.db)).toEqual({ queued: 0 });
  });
});
