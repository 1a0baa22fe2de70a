import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../../../tests/support/test-databases";
import { testDatabaseForBlock } from "../../../tests/support/block-databases";
import { guessColumnMap } from "~/lib/revenue/commission-report";
import { commissionReportsJob } from "./commission-job.server";
import { saveNetwork } from "./commission-reports.server";

const HEADER = "Transaction ID,Transaction Date,Click Ref,Sale Amount,Commission Amount,Currency,Commission Status";

describe.each(testDialects)("the commission reports job on %s", (dialect) => {
  const test = testDatabaseForBlock(dialect);
  let report = "";
  let server: http.Server;
  let origin = "";
  // The stand-in network listens on loopback and a high port, which the operator opens on purpose.
  const policy = { allowPrivate: ["127.0.0.1/32"], allowPorts: [[1024, 65535]] as const };

  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/csv" });
      res.end(report);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const stored = () => test.db.selectFrom("commissions").select(["order_id", "status"]).orderBy("order_id").execute();

  it("reads each network's report URL with its mapping and saves it like an upload; a bad report saves nothing", async () => {
    await saveNetwork(test.db, "Awin", guessColumnMap(HEADER.split(",")), `${origin}/report.csv`);
    const job = commissionReportsJob(policy);
    report = `${HEADER}\nAW-1,20/11/2026,k3j9x2m7qp,100.00,5.00,EUR,pending\n`;
    await job.run(test.db);
    expect(await stored()).toEqual([{ order_id: "AW-1", status: "pending" }]);

    report = `${HEADER}\nAW-1,20/11/2026,k3j9x2m7qp,100.00,5.00,EUR,approved\nAW-2,someday,,1,1,EUR,pending\n`;
    await job.run(test.db);
    expect(await stored()).toEqual([{ order_id: "AW-1", status: "pending" }]);

    report = `${HEADER}\nAW-1,20/11/2026,k3j9x2m7qp,100.00,5.00,EUR,approved\n`;
    await job.run(test.db);
    expect(await stored()).toEqual([{ order_id: "AW-1", status: "approved" }]);
  });
});
