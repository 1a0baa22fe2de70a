import { startImportRun } from "../../app/server/admin/import-runs.server";
import { enqueueFeedRun } from "../../app/server/feeds/feed-run-jobs.server";
import { waitForJob } from "../../app/server/jobs/job-queue.server";
import { guessColumnMap } from "../../app/lib/revenue/commission-report";
import { startReportRun, uploadHref, type ReadResult } from "../../app/server/revenue/commission-report-job.server";
import { addUpload, loadUpload, storeUploadFile, uploadsStorage } from "../../app/server/revenue/report-uploads.server";
import { commissionReportLine, REPORT_HEADER } from "../support/commission-report-file";
import { FEED_FILES_BUCKET, fileStorage } from "../../app/server/storage/storage.server";
import { SAMPLE_XML_HEAD, SAMPLE_XML_TAIL, sampleGtin, sampleItem, sampleXmlItem } from "../../scripts/feeds/sample-feed";
import type { FileSettings, RunScenario, Variant } from "./kill-during-runs";

/**
 * The runs of owner work that kill-during-runs.ts kills: a product CSV import's save, a merchant
 * feed run's save and a commission report's save, each of `items` rows, started the way the
 * admin's buttons start them. Variant "a" and "b" differ in every row (a brand, a price, a
 * status), so the data tells which one is in.
 */

const count = async (query: Promise<{ n: number | string | bigint } | undefined>) => Number((await query)?.n ?? 0);

export function importScenario(items: number): RunScenario {
  let files: FileSettings;
  const csv = (variant: Variant) => {
    const lines = ["name,brand,slug,price"];
    for (let i = 1; i <= items; i++)
      lines.push(`Kill Import ${i},${variant === "a" ? "Alder" : "Birch"} ${i % 7},kill-import-${i},${1000 + i}.00`);
    return new TextEncoder().encode(lines.join("\n"));
  };
  return {
    name: `product import, ${items.toLocaleString("en-US")} rows`,
    async setUp(_db, settings) {
      files = settings;
    },
    enqueue: (db, variant) =>
      startImportRun(files, db, {
        kind: "products",
        mode: "save",
        bytes: csv(variant),
        fileName: `kill-${variant}.csv`,
        startedBy: "kill test",
        collectionChoice: "add",
      }),
    async fingerprint(db) {
      const rows = db.selectFrom("products").where("slug", "like", "kill-import-%");
      const all = await count(rows.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst());
      const birch = await count(
        rows
          .where("brand", "like", "Birch%")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirst(),
      );
      return `${all} products, ${birch} of them Birch`;
    },
  };
}

export function feedScenario(items: number): RunScenario {
  let files: FileSettings;
  let feed = { id: 0, name: "Kill feed" };
  let merchantId = 0;
  const file = "kill-feed.xml";
  const xml = (variant: Variant) => {
    const parts = [SAMPLE_XML_HEAD];
    for (let i = 1; i <= items; i++) {
      const item = sampleItem(i);
      const cents = 100_000 + i + (variant === "b" ? 100 : 0);
      parts.push(
        sampleXmlItem({ ...item, price: `${(cents / 100).toFixed(2)} USD`, salePrice: "", saleDates: "", availability: "in_stock" }),
      );
    }
    parts.push(SAMPLE_XML_TAIL);
    return new TextEncoder().encode(parts.join(""));
  };
  return {
    name: `feed run, ${items.toLocaleString("en-US")} items`,
    async setUp(db, settings) {
      files = settings;
      // The products the feed's items match by GTIN, imported the admin's way.
      const lines = ["name,brand,slug,price,gtin"];
      for (let i = 1; i <= items; i++) lines.push(`Kill Feed ${i},Maker,kill-feed-${i},1000.00,${sampleGtin(i)}`);
      const run = await startImportRun(files, db, {
        kind: "products",
        mode: "save",
        bytes: new TextEncoder().encode(lines.join("\n")),
        fileName: "kill-feed-products.csv",
        startedBy: "kill test",
        collectionChoice: "add",
      });
      const imported = await waitForJob(db, run, 600_000);
      if (imported?.state !== "done") throw new Error(`the feed's products were not imported: ${imported?.error}`);
      const now = new Date().toISOString();
      merchantId = (
        await db
          .insertInto("merchants")
          .values({ name: "Kill Shop", slug: "kill-shop", domain: "shop.example.com", created_at: now, updated_at: now })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      const row = await db
        .insertInto("feeds")
        .values({
          name: feed.name,
          merchant_id: merchantId,
          source_kind: "upload",
          url: null,
          upload_name: file,
          upload_original_name: file,
          format: "google-xml",
          mapping: null,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      feed = { id: row.id, name: feed.name };
    },
    async enqueue(db, variant) {
      await fileStorage(files, db, FEED_FILES_BUCKET).put(file, xml(variant));
      const queued = await enqueueFeedRun(db, feed, { mode: "save", trigger: "manual", startedBy: "kill test" });
      if (queued.already) throw new Error("a run of the feed was still waiting or running");
      return queued.jobId;
    },
    async fingerprint(db) {
      const row = await db
        .selectFrom("offers")
        .where("merchant_id", "=", merchantId)
        .select([(eb) => eb.fn.countAll<number>().as("n"), (eb) => eb.fn.sum<number>("price_minor").as("sum")])
        .executeTakeFirst();
      return `${Number(row?.n ?? 0)} offers, ${Number(row?.sum ?? 0)} in prices`;
    },
  };
}

export function reportScenario(lines: number): RunScenario {
  let files: FileSettings;
  const map = guessColumnMap(REPORT_HEADER.split(","));
  async function* report(variant: Variant): AsyncGenerator<Uint8Array> {
    const encoder = new TextEncoder();
    let piece = `${REPORT_HEADER}\n`;
    for (let i = 1; i <= lines; i++) {
      const line = commissionReportLine(i);
      piece += `${variant === "a" ? line : line.replace(/,(pending|declined),/, ",approved,")}\n`;
      if (piece.length >= 64 * 1024) {
        yield encoder.encode(piece);
        piece = "";
      }
    }
    yield encoder.encode(piece);
  }
  return {
    name: `commission report save, ${lines.toLocaleString("en-US")} lines`,
    async setUp(_db, settings) {
      files = settings;
    },
    async enqueue(db, variant) {
      // The owner's way: the upload is read (the preview), then its plan saved.
      const id = await addUpload(db, { network: "Awin", reportUrl: null, startedBy: "kill test" });
      await storeUploadFile(db, uploadsStorage(files, db), id, report(variant));
      const upload = (await loadUpload(db, id))!;
      const read = await waitForJob(
        db,
        await startReportRun(db, upload, { phase: "read", uploadId: id, map, href: uploadHref(id) }, "kill test"),
        600_000,
      );
      const result = read?.result as ReadResult | undefined;
      if (read?.state !== "done" || result?.step !== "preview") throw new Error(`the report's read ended ${read?.state}: ${read?.error}`);
      return startReportRun(
        db,
        upload,
        { phase: "save", uploadId: id, map, fingerprint: result.plan.fingerprint, href: uploadHref(id) },
        "kill test",
      );
    },
    async fingerprint(db) {
      const rows = db.selectFrom("commissions");
      const all = await count(rows.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst());
      const approved = await count(
        rows
          .where("status", "=", "approved")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirst(),
      );
      return `${all} orders, ${approved} approved`;
    },
  };
}
