import { requestContext } from "~/server/load-context";
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordTooLongMessage } from "~/lib/csv/csv-table";
import { PREVIEW_ROWS_PER_STATUS } from "~/lib/csv/import-plan";
import * as productsImport from "~/routes/admin/products-import";
import * as productsPreview from "~/routes/admin/products-import-preview";
import * as productsPage from "~/routes/admin/products";
import * as runPage from "~/routes/admin/run";
import * as runProgress from "~/routes/admin/run-progress";
import { SAME_SITE, signedInAs, TEST_BASE_URL } from "../../../tests/support/auth-fixtures";
import { testContextForBlock } from "../../../tests/support/block-databases";
import { startImportRunner, type ImportRunner } from "../../../tests/support/import-runs";
import { testDialects } from "../../../tests/support/test-databases";
import type { DB } from "../db/connection.server";
import { INTERRUPTED_MESSAGE, loadJob, requestCancel, startHeldJob, workerName } from "../jobs/job-queue.server";
import { UPLOADS_BUCKET } from "../storage/storage.server";
import { importCollectionCsv, importProductCsv } from "./csv-import.server";
import { forgetImportUploads, IMPORT_FILE_GONE, IMPORT_UPLOAD_KEPT_MS, importRunLabel } from "./import-runs.server";
import { callAdminRoute } from "../../../tests/support/admin-routes";

// The imports as runs of a real worker (startWorker), on SQLite and PostgreSQL: the preview writes
// nothing and is bounded; Save saves the stored file in one transaction with the run's end;
// Cancel and an interruption leave the catalog as it was; the web process only stores and queues,
// and no page it answers carries the file.

type Handler = (args: { request: Request; context: unknown; params: Record<string, string> }) => Promise<unknown>;

async function answer(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

async function snapshot(db: DB) {
  return {
    products: await db.selectFrom("products").selectAll().orderBy("id").execute(),
    offers: await db.selectFrom("offers").selectAll().orderBy("id").execute(),
    collections: await db.selectFrom("collections").selectAll().orderBy("id").execute(),
  };
}

function productsCsv(count: number, from = 1, price = 1000): string {
  const lines = ["name,brand,slug,category_id,price"];
  for (let i = from; i < from + count; i++) lines.push(`Model ${i},Brand ${i % 7},model-${i},barrel,${price + i}`);
  return lines.join("\n");
}

const uploadsIn = (dataDir: string) => {
  const dir = path.join(dataDir, "storage", UPLOADS_BUCKET);
  return existsSync(dir) ? readdirSync(dir).filter((name) => !name.startsWith(".")) : [];
};

describe.each(testDialects)("imports as worker runs on %s", (dialect) => {
  const { test, ctx } = testContextForBlock(dialect);
  let runner: ImportRunner;
  let cookie = "";

  beforeAll(async () => {
    // The site's own settings: the uploads bucket under its DATA_DIR, as the routes store them.
    runner = startImportRunner(test, { config: ctx.context.config });
    cookie = await signedInAs(ctx.auth, "owner@example.com", { admin: true });
  });
  afterAll(async () => {
    await runner?.stop();
  });
  beforeEach(async () => {
    await test.db.deleteFrom("offers").execute();
    await test.db.deleteFrom("collection_products").execute();
    await test.db.deleteFrom("products").execute();
  });

  const call = (handler: unknown, request: Request, params: Record<string, string> = {}) =>
    answer(() => callAdminRoute(handler as Handler, { request, context: requestContext(ctx.context), params }));
  const csvPost = (url: string, body: string, headers: Record<string, string> = {}) =>
    new Request(`${TEST_BASE_URL}${url}`, {
      method: "POST",
      body,
      headers: { ...SAME_SITE, cookie, "content-type": "text/csv", accept: "application/json", ...headers },
    });

  it("previews through the worker: what would be new or changed, bounded, with progress; nothing written", async () => {
    await importProductCsv(test.db, productsCsv(2));
    const before = await snapshot(test.db);
    const count = PREVIEW_ROWS_PER_STATUS + 500;
    // The last row carries a word the bounded preview never holds.
    const text = `${productsCsv(count, 2, 2000)}\nFar Down Marker Sauna,Zeta,far-down-marker,barrel,1`;
    const { job, outcome } = await runner.run("products", "preview", text, { fileName: "big.csv" });
    expect(job.state).toBe("done");
    expect(job.label).toBe(importRunLabel("products", "preview", "big.csv"));
    expect(outcome).toMatchObject({ kind: "products", mode: "preview", ok: true, status: 200 });
    expect(outcome!.preview!.counts).toEqual({ new: count, changed: 1, unchanged: 0 });
    expect(outcome!.preview!.rows.length).toBeLessThanOrEqual(2 * PREVIEW_ROWS_PER_STATUS);
    expect(JSON.stringify(job.result)).not.toContain("far-down-marker");
    expect(job.progress.total).toBeGreaterThan(0);
    expect(job.progress.done).toBe(job.progress.total);
    expect(job.progress.note).toMatch(/rows read/);
    expect(await snapshot(test.db)).toEqual(before);
  });

  it("Save of a preview saves the stored file in one go, then forgets the file; the run says what it saved", async () => {
    await importProductCsv(test.db, productsCsv(2));
    const preview = await runner.run("products", "preview", productsCsv(3, 2, 5000));
    expect(preview.outcome!.preview!.counts).toEqual({ new: 2, changed: 1, unchanged: 0 });
    const saved = await runner.saveFrom("products", preview.job.id);
    expect(saved.job.state).toBe("done");
    expect(saved.outcome).toMatchObject({
      mode: "save",
      ok: true,
      saved: 3,
      unchanged: 0,
      toast: { kind: "success", title: "Products Saved Successfully", description: "Saved 3 products to the database" },
    });
    expect(await test.db.selectFrom("products").select("slug").orderBy("slug").execute()).toHaveLength(4);
    // Removed just after the save commits.
    await expect
      .poll(() => uploadsIn(runner.config.dataDir), { timeout: 5_000 })
      .not.toContain((preview.job.payload as { file: string }).file);
    // Its file is gone: a second Save of the same preview says so in words, and saves nothing.
    const again = await runner.saveFrom("products", preview.job.id);
    expect(again.job).toMatchObject({ state: "failed", error: IMPORT_FILE_GONE });
  });

  it("the catalog changed since the preview: nothing is saved, the run offers the new plan, and Save from it goes through", async () => {
    const preview = await runner.run("products", "preview", productsCsv(3));
    await importProductCsv(test.db, "name,brand,slug,price\nModel 2,Brand 2,model-2,1");
    const before = await snapshot(test.db);
    const refused = await runner.saveFrom("products", preview.job.id);
    expect(refused.job.state).toBe("failed");
    expect(refused.outcome).toMatchObject({ ok: false, status: 409, toast: { title: "The catalog changed since the preview" } });
    expect(refused.outcome!.preview!.counts).toEqual({ new: 2, changed: 1, unchanged: 0 });
    expect(await snapshot(test.db)).toEqual(before);
    const saved = await runner.saveFrom("products", refused.job.id);
    expect(saved.outcome).toMatchObject({ ok: true, saved: 3 });
  });

  it("a refused file fails its run with the same words as before, naming the line; nothing is saved", async () => {
    const text = "name,brand,slug\nOne,North,dup\nTwo,North,dup";
    const direct = await importProductCsv(test.db, text);
    expect(direct.ok).toBe(false);
    const run = await runner.run("products", "save", text);
    expect(run.job.state).toBe("failed");
    expect(run.job.error).toBe(direct.ok ? null : direct.toast.description);
    expect(run.outcome).toMatchObject({ ok: false, status: 422, toast: { kind: "error", title: "Error parsing CSV" } });
    expect(await test.db.selectFrom("products").selectAll().execute()).toEqual([]);
  });

  it("collections and offers run the same way: preview, then save", async () => {
    await importProductCsv(test.db, productsCsv(2));
    await test.db.deleteFrom("collections").where("slug", "=", "run-list").execute();
    const collections = "title,slug,product_ids\nRun List,run-list,[model-1, model-2]";
    const preview = await runner.run("collections", "preview", collections);
    expect(preview.outcome!.preview!.counts).toEqual({ new: 1, changed: 0, unchanged: 0 });
    const saved = await runner.saveFrom("collections", preview.job.id);
    expect(saved.outcome).toMatchObject({ ok: true, saved: 1, toast: { title: "Collections Saved Successfully" } });
    const direct = await importCollectionCsv(test.db, collections);
    expect(direct).toMatchObject({ ok: true, saved: 0, unchanged: 1 });

    await test.db.deleteFrom("merchants").where("slug", "=", "run-shop").execute();
    await test.db.insertInto("merchants").values({ slug: "run-shop", name: "Run Shop", domain: "run.example", countries: "[]" }).execute();
    const offers = "product_slug,merchant,link,price,currency\nmodel-1,run-shop,https://run.example/1,900,USD";
    const offerPreview = await runner.run("offers", "preview", offers);
    expect(offerPreview.outcome!.preview!.counts).toEqual({ new: 1, changed: 0, unchanged: 0 });
    const offerSave = await runner.saveFrom("offers", offerPreview.job.id);
    expect(offerSave.outcome).toMatchObject({ ok: true, saved: 1, toast: { title: "Offers Saved Successfully" } });
    const unmatched = await runner.run(
      "offers",
      "preview",
      "product_slug,merchant,link,price,currency\nno-such,run-shop,https://run.example/x,1,USD",
    );
    expect(unmatched.job.state).toBe("failed");
    expect(unmatched.outcome).toMatchObject({ ok: false, status: 422 });
  });

  it("Cancel during a save rolls the whole file back", async () => {
    const before = await snapshot(test.db);
    const id = await runner.queue("products", "save", productsCsv(20_000));
    runner.worker.wake();
    // Cancelled once the save is under way (on SQLite its progress is written only when its transaction ends).
    for (let tries = 0; tries < 2_000 && (await loadJob(test.db, id))?.state === "queued"; tries++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await requestCancel(test.db, id, { markers: runner.markers })).toBe(true);
    const { job } = await runner.wait(id);
    expect(job).toMatchObject({ state: "cancelled", error: "Cancelled: nothing was changed." });
    expect(await snapshot(test.db)).toEqual(before);
  });

  it("kill -9 of the worker process in the middle of a save: the catalog is all as before, and the run is marked interrupted", async () => {
    await importProductCsv(test.db, productsCsv(50));
    const before = await snapshot(test.db);
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.resolve("tests/support/import-worker-process.ts"), JSON.stringify(test.database), runner.config.dataDir],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on("data", (chunk: Buffer) => {
          process.stdout.write(`[worker process] ${chunk.toString()}`);
          if (chunk.toString().includes("ready")) resolve();
        });
        child.on("exit", (code) => reject(new Error(`the worker process exited (${code}) before it was ready`)));
      });
      // Our own worker stands aside, so the child takes the run.
      await runner.worker.stop();
      const id = await runner.queue("products", "save", productsCsv(20_000, 1, 7000));
      for (let tries = 0; tries < 3_000 && (await loadJob(test.db, id))?.state !== "running"; tries++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect((await loadJob(test.db, id))?.state).toBe("running");
      // Mid-write: the save's batches are going into its transaction.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect((await loadJob(test.db, id))?.state).toBe("running");
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
      expect(await snapshot(test.db)).toEqual(before);
      // The next worker's sweeper: the run's process is gone from this machine.
      runner = startImportRunner(test, { config: ctx.context.config });
      await expect.poll(async () => (await loadJob(test.db, id))?.state, { timeout: 20_000 }).toBe("failed");
      expect((await loadJob(test.db, id))?.error).toBe(INTERRUPTED_MESSAGE);
      expect(await snapshot(test.db)).toEqual(before);
    } finally {
      child.kill("SIGKILL");
    }
  }, 120_000);

  it("a save whose worker died is marked interrupted by the sweeper, and nothing of it is in the catalog", async () => {
    const before = await snapshot(test.db);
    // The run a worker process of this machine held when it was killed (no such process now).
    const dead = `${workerName().split(":")[0]}:4194305:x`;
    const id = await startHeldJob(
      test.db,
      {
        kind: "products-import",
        label: "Products import: save of killed.csv",
        payload: { mode: "save", file: "gone.csv", fileName: "killed.csv", bytes: 10 },
      },
      dead,
    );
    await runner.worker.sweep();
    expect(await loadJob(test.db, id)).toMatchObject({ state: "failed", error: INTERRUPTED_MESSAGE });
    expect(await snapshot(test.db)).toEqual(before);
  });

  it("the clean-up removes a day-old preview's file, unless a waiting run reads it", async () => {
    const old = await runner.run("products", "preview", productsCsv(1));
    const kept = await runner.run("products", "preview", productsCsv(1));
    const fileOf = (job: { payload: unknown }) => (job.payload as { file: string }).file;
    const dayAgo = Date.now() - IMPORT_UPLOAD_KEPT_MS - 1_000;
    await test.db.updateTable("jobs").set({ finished_at: dayAgo }).where("id", "in", [old.job.id, kept.job.id]).execute();
    // A save of the second, running (held by this live process, so no sweeper or worker touches it), still needs its file.
    await startHeldJob(test.db, { kind: "products-import", label: "waiting", payload: kept.job.payload }, workerName());
    expect(await forgetImportUploads(runner.config, test.db)).toBe(1);
    expect(uploadsIn(runner.config.dataDir)).not.toContain(fileOf(old.job));
    expect(uploadsIn(runner.config.dataDir)).toContain(fileOf(kept.job));
    const again = await runner.saveFrom("products", old.job.id);
    expect(again.job.error).toBe(IMPORT_FILE_GONE);
    await test.db.deleteFrom("jobs").where("label", "=", "waiting").execute();
  });

  it("the endpoints store and queue: 202 with the run; the run's page and progress carry its outcome, never the file", async () => {
    const marker = "never-in-a-page";
    const text = `${productsCsv(PREVIEW_ROWS_PER_STATUS + 10)}\nMarker,North,${marker},barrel,1`;
    const queued = (await call(
      productsPreview.action,
      csvPost("/admin/products/import/preview", text, { "x-file-name": "my%20file.csv" }),
    )) as Response;
    expect(queued.status).toBe(202);
    const body = (await queued.json()) as { run: { id: number; label: string; state: string }; runUrl: string };
    expect(body.run.label).toBe("Products import: preview of my file.csv");
    // This test's worker looks every 20 ms, so it may hold the run before the answer reads it back.
    expect(["queued", "running", "done"]).toContain(body.run.state);
    expect(body.runUrl).toBe(`/admin/runs/${body.run.id}`);
    runner.worker.wake();
    await runner.wait(body.run.id);

    const progress = (await call(
      runProgress.loader,
      new Request(`${TEST_BASE_URL}/admin/runs/${body.run.id}/progress`, { headers: { cookie } }),
      {
        runId: String(body.run.id),
      },
    )) as Response;
    const progressText = await progress.text();
    expect(JSON.parse(progressText)).toMatchObject({ run: { state: "done" }, importOutcome: { mode: "preview", ok: true } });
    expect(progressText).not.toContain(marker);
    const page = await call(runPage.loader, new Request(`${TEST_BASE_URL}/admin/runs/${body.run.id}`, { headers: { cookie } }), {
      runId: String(body.run.id),
    });
    expect(JSON.stringify(page)).not.toContain(marker);
    expect(JSON.stringify(page)).toContain('"importOutcome"');

    // Save names the run (the file is not sent again), with the form of the run's page: sent to the save's run.
    const confirm = (await call(
      productsImport.action,
      new Request(`${TEST_BASE_URL}/admin/products/import`, {
        method: "POST",
        body: new URLSearchParams({ run: String(body.run.id) }),
        headers: { ...SAME_SITE, cookie, "content-type": "application/x-www-form-urlencoded" },
      }),
    )) as Response;
    expect(confirm.status).toBe(303);
    const saveRun = Number(confirm.headers.get("location")!.split("/").pop());
    runner.worker.wake();
    const saved = await runner.wait(saveRun);
    expect(saved.outcome).toMatchObject({ ok: true, saved: PREVIEW_ROWS_PER_STATUS + 11 });
    // The save wrote its audit row, with its counts, in its own transaction.
    const audit = await test.db.selectFrom("audit_log").selectAll().where("action", "=", "products-imported").execute();
    expect(audit.at(-1)).toMatchObject({ user_email: "owner@example.com" });
    expect(audit.at(-1)!.detail).toContain(`Saved ${PREVIEW_ROWS_PER_STATUS + 11} products`);

    // The script's Save of a preview: the header names the run.
    const scripted = await runner.run("products", "preview", productsCsv(1, 50_000));
    const viaHeader = (await call(
      productsImport.action,
      csvPost("/admin/products/import", "", { "x-import-run": String(scripted.job.id) }),
    )) as Response;
    expect(viaHeader.status).toBe(202);

    // Past the limit: 413 with the import's own words, nothing stored or queued.
    const files = uploadsIn(runner.config.dataDir).length;
    const tooBig = (await call(
      productsPreview.action,
      csvPost("/admin/products/import/preview", "a", { "content-length": String(21 * 1024 * 1024) }),
    )) as Response;
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { toast: { description: string } }).toast.description).toBe(
      "This file is 21.0 MB; the limit is 20 MB. Split it into smaller files and import them one after another.",
    );
    expect(uploadsIn(runner.config.dataDir)).toHaveLength(files);
    // Exactly 20 MB is still a file to read; all one line, its run refuses it in words once the
    // line passes the longest record the reader waits for, not after reading it all.
    const twenty = (await call(
      productsPreview.action,
      csvPost("/admin/products/import/preview", "x".repeat(20 * 1024 * 1024)),
    )) as Response;
    expect(twenty.status).toBe(202);
    runner.worker.wake();
    const oneLine = await runner.wait(((await twenty.json()) as { run: { id: number } }).run.id);
    expect(oneLine.job).toMatchObject({ state: "failed", error: recordTooLongMessage(0) });
    const empty = (await call(productsImport.action, csvPost("/admin/products/import", ""))) as Response;
    expect(empty.status).toBe(422);
  });

  it("without JavaScript the page's form queues the save and sends the owner to the run's page", async () => {
    const form = new FormData();
    form.set("intent", "import-csv");
    await importProductCsv(test.db, "name,brand,slug,price\nAlpha,North,alpha,1000\nBeta,North,beta,5");
    form.set(
      "file",
      new File(["name,brand,slug,price\nAlpha,North,alpha,1000\nBeta,North,beta,6\nGamma,North,gamma,7"], "form.csv", { type: "text/csv" }),
    );
    const answered = (await call(
      productsPage.action,
      new Request(`${TEST_BASE_URL}/admin/products`, { method: "POST", body: form, headers: { ...SAME_SITE, cookie } }),
    )) as Response;
    expect(answered.status).toBe(303);
    const id = Number(answered.headers.get("location")!.match(/^\/admin\/runs\/(\d+)$/)![1]);
    runner.worker.wake();
    const { outcome } = await runner.wait(id);
    expect(outcome).toMatchObject({
      ok: true,
      saved: 2,
      toast: { description: "Saved 2 products to the database; 1 unchanged was left as it was" },
    });
    // The run's page shows what the save changed, row by row.
    expect(outcome!.preview?.counts).toEqual({ new: 1, changed: 1, unchanged: 1 });
  });
  it("with STORAGE=database the file is kept in the database, and the save reads it while its own transaction is open", async () => {
    await runner.worker.stop();
    const inDatabase = startImportRunner(test, { config: { ...ctx.context.config, storage: "database" } });
    try {
      const preview = await inDatabase.run("products", "preview", productsCsv(3_000));
      const file = (preview.job.payload as { file: string }).file;
      const stored = () =>
        test.db.selectFrom("stored_files").select("name").where("bucket", "=", UPLOADS_BUCKET).where("name", "=", file).execute();
      expect(await stored()).toHaveLength(1);
      const saved = await inDatabase.saveFrom("products", preview.job.id);
      expect(saved.outcome).toMatchObject({ ok: true, saved: 3_000 });
      await expect.poll(stored, { timeout: 5_000 }).toEqual([]);
    } finally {
      await inDatabase.stop();
      runner = startImportRunner(test, { config: ctx.context.config });
    }
    // A worker stopped (waiting for its last run), then two runs: under 1 s alone, over 30 s
    // once while the whole suite ran on a busy 2-core machine.
  }, 120_000);
});
