import { requestContext } from "~/server/load-context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAME_SITE, signedInAs, TEST_BASE_URL } from "../../../tests/support/auth-fixtures";
import { testContextForBlock } from "../../../tests/support/block-databases";
import { commissionReportText, REPORT_HEADER } from "../../../tests/support/commission-report-file";
import { testDialects } from "../../../tests/support/test-databases";
import { guessColumnMap } from "~/lib/revenue/commission-report";
import * as revenue from "~/routes/admin/revenue";
import { loadJob, waitForJob, workerName } from "../jobs/job-queue.server";
import { startWorker, type Worker } from "../jobs/job-worker.server";
import { commissionReportKind } from "./commission-report-job.server";
import { loadUpload } from "./report-uploads.server";
import { callAdminRoute } from "../../../tests/support/admin-routes";

// /admin/revenue with a 19 MB report (378,788 lines, just under the cap), through the route's own
// action and loader: the upload answers a redirect naming the upload, and the page's data (what
// the HTML and its hydration data carry) stays a few kilobytes at every step, whatever the
// report's size. The read runs in a real worker.

type Handler = (args: { request: Request; context: unknown; params: Record<string, string> }) => Promise<unknown>;
const LINES = 378_788;

async function settle(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

/** What the browser gets: a Response, or a route's data() with its status. */
function dataOf(value: unknown): unknown {
  if (value && typeof value === "object" && "type" in value && (value as { type?: string }).type === "DataWithResponseInit")
    return (value as unknown as { data: unknown }).data;
  return value;
}

describe.each(testDialects)("the revenue page with a 19 MB report on %s", (dialect) => {
  const { test, ctx } = testContextForBlock(dialect);
  let cookie = "";
  let worker: Worker;

  beforeAll(async () => {
    cookie = await signedInAs(ctx.auth, "owner@example.com", { admin: true });
    worker = startWorker(test.db, {
      name: workerName(),
      kinds: [commissionReportKind({ config: ctx.context.config, outbound: ctx.context.config.outbound })],
      bookkeeping: dialect === "sqlite" ? test.openAnother() : undefined,
      pollMs: 20,
      heartbeatMs: 100,
    });
  });
  afterAll(() => worker.stop());

  const post = (fields: Record<string, string | File>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return new Request(`${TEST_BASE_URL}/admin/revenue`, { method: "POST", body: form, headers: { ...SAME_SITE, cookie } });
  };
  const load = async (search: string) =>
    dataOf(
      await callAdminRoute(revenue.loader as unknown as Handler, {
        request: new Request(`${TEST_BASE_URL}/admin/revenue${search}`, { headers: { cookie } }),
        context: requestContext(ctx.context),
        params: {},
      }),
    );
  const act = (request: Request) =>
    settle(() => callAdminRoute(revenue.action as unknown as Handler, { request, context: requestContext(ctx.context), params: {} }));

  it("answers the upload with a redirect, and every step's page data stays small", { timeout: 240_000 }, async () => {
    const report = commissionReportText(LINES);
    const rssBefore = process.memoryUsage().rss;
    const answer = (await act(
      post({ intent: "read-report", network: "Awin", file: new File([report], "report.csv", { type: "text/csv" }) }),
    )) as Response;
    expect(answer).toBeInstanceOf(Response);
    expect(answer.status).toBe(302);
    expect((await answer.text()).length).toBeLessThan(1_000);
    const location = answer.headers.get("location")!;
    expect(location).toMatch(/^\/admin\/revenue\?upload=[A-Za-z0-9_-]{16}$/);
    const uploadId = new URL(location, TEST_BASE_URL).searchParams.get("upload")!;
    const rssAfter = process.memoryUsage().rss;

    // The mapping step: the headers only.
    const upload = (await loadUpload(test.db, uploadId))!;
    expect(await waitForJob(test.db, upload.jobId!, 30_000)).toMatchObject({ state: "done" });
    const mapping = await load(location.slice("/admin/revenue".length));
    expect(mapping).toMatchObject({ upload: { id: uploadId, result: { step: "map" } } });
    expect(JSON.stringify(mapping).length).toBeLessThan(20_000);

    // The whole report read with the mapping, in the worker.
    const map = guessColumnMap(REPORT_HEADER.split(","));
    const fields: Record<string, string> = {
      intent: "map-columns",
      upload: uploadId,
      default_currency: map.defaultCurrency,
      day_first: String(map.dayFirst),
      ...Object.fromEntries(Object.entries(map.columns).map(([key, column]) => [`column_${key}`, column])),
    };
    const mapped = (await act(post(fields))) as Response;
    expect(mapped.status).toBe(302);
    const readId = (await loadUpload(test.db, uploadId))!.jobId!;
    const started = Date.now();
    const read = await waitForJob(test.db, readId, 200_000);
    expect(read).toMatchObject({ state: "done" });
    const readMs = read!.finishedAt! - read!.startedAt!;

    const preview = (await load(location.slice("/admin/revenue".length))) as { upload: { result: { step: string; orders: number } } };
    expect(preview.upload.result).toMatchObject({ step: "preview", orders: 340_910 });
    const json = JSON.stringify(preview);
    // The page's data: the counts and the first 20 orders, not the report (20 MB).
    expect(json.length).toBeLessThan(30_000);
    expect(json).not.toContain("AW-378787");
    console.info(
      `${dialect}: 19 MB report (${LINES.toLocaleString("en-US")} lines): upload answered ${answer.status}, RSS of the test's web side ${(rssBefore / 1_048_576).toFixed(0)} → ${(rssAfter / 1_048_576).toFixed(0)} MB; read and previewed by the worker in ${(readMs / 1000).toFixed(1)} s (waited ${((Date.now() - started) / 1000).toFixed(1)} s); page data ${json.length} characters`,
    );
    expect((await loadJob(test.db, readId))!.result).toBeTruthy();
  });
});
