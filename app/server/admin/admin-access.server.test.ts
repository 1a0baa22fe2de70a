import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouterContextProvider } from "react-router";
import { requestContext, type AppServices } from "~/server/load-context";
import * as audit from "~/routes/admin/audit";
import * as auditExport from "~/routes/admin/audit-export";
import * as categories from "~/routes/admin/categories";
import * as collectionsExport from "~/routes/admin/collections-export";
import * as clicksExport from "~/routes/admin/clicks-export";
import * as clicks from "~/routes/admin/clicks";
import * as collectionsImport from "~/routes/admin/collections-import";
import * as collectionsImportPreview from "~/routes/admin/collections-import-preview";
import * as links from "~/routes/admin/links";
import * as mail from "~/routes/admin/mail";
import * as linksProgress from "~/routes/admin/links-progress";
import * as collections from "~/routes/admin/collections";
import * as dashboard from "~/routes/admin/dashboard";
import * as features from "~/routes/admin/features";
import * as layout from "~/routes/admin/layout";
import * as merchants from "~/routes/admin/merchants";
import * as offers from "~/routes/admin/offers";
import * as revenue from "~/routes/admin/revenue";
import * as revenueExport from "~/routes/admin/revenue-export";
import * as offersExport from "~/routes/admin/offers-export";
import * as offersImport from "~/routes/admin/offers-import";
import * as offersImportPreview from "~/routes/admin/offers-import-preview";
import * as productsExport from "~/routes/admin/products-export";
import * as productsImport from "~/routes/admin/products-import";
import * as productsImportPreview from "~/routes/admin/products-import-preview";
import * as productsNew from "~/routes/admin/products-new";
import * as products from "~/routes/admin/products";
import * as productImages from "~/routes/admin/product-images";
import * as remove from "~/routes/admin/remove";
import * as subscribersExport from "~/routes/admin/subscribers-export";
import * as subscribers from "~/routes/admin/subscribers";
import * as users from "~/routes/admin/users";
import { makeAuthContext, SAME_SITE, signedInAs, TEST_BASE_URL, type AuthTestContext } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { startImportRunner } from "../../../tests/support/import-runs";
import type { DB } from "../db/connection.server";
import { readFlash } from "../forms/flash.server";
import { guessColumnMap } from "~/lib/revenue/commission-report";
import { waitForJob, workerName } from "../jobs/job-queue.server";
import { startWorker } from "../jobs/job-worker.server";
import { commissionReportKind, startReportRun } from "../revenue/commission-report-job.server";
import { addUpload, storeUploadFile, uploadsStorage } from "../revenue/report-uploads.server";
import { callAdminRoute } from "../../../tests/support/admin-routes";

/**
 * Every /admin loader and action checks the session and the admin role on the
 * server. Each one is called here through its route module, with a real database and real
 * better-auth sessions: anonymously, as a signed-in user without the role, and (to prove the
 * requests would work) as an admin. The refused calls must change nothing: no rows, no files.
 */

type Args = { request: Request; context: RouterContextProvider; params: Record<string, string>; url: URL; pattern: string };
/** A route handler's arguments as React Router builds them, for a request with these services. */
const routeArgs = (request: Request, services: AppServices): Args => ({
  request,
  context: requestContext(services),
  params: {},
  url: new URL(request.url),
  pattern: "",
});
type Handler = (args: Args) => Promise<unknown>;

const PRODUCT_CSV = "name,brand,slug,collection_ids\nGuarded Sauna,Test,guarded-sauna,[barrel-saunas]\n";
const COLLECTION_CSV = "slug,title,product_ids\nguarded-list,Guarded List,guarded-sauna\n";
const REVENUE_CSV =
  "Transaction ID,Transaction Date,Click Ref,Sale Amount,Commission Amount,Currency,Commission Status\nAW-1,20/11/2026,k3j9x2m7qp,100.00,5.00,EUR,pending\n";
/** Set once the database exists: REVENUE_CSV uploaded and read (its preview), ready to save. */
const REVENUE_UPLOAD = { id: "", fingerprint: "" };
const OFFER_CSV = "product_slug,merchant,price,availability\nguarded-sauna,guarded-shop,1000,in stock\n";

async function pngBytes(): Promise<ArrayBuffer> {
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#b4500f" } })
    .png()
    .toBuffer();
  return png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer;
}

/** A multipart request as a browser sends it: with a Content-Length. */
async function multipart(url: string, fields: Record<string, string | File | File[]>, headers: Record<string, string>): Promise<Request> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  const encoded = new Response(form);
  const body = await encoded.arrayBuffer();
  return new Request(url, {
    method: "POST",
    body,
    headers: { ...headers, "content-type": encoded.headers.get("content-type")!, "content-length": String(body.byteLength) },
  });
}

function csvPost(url: string, csv: string, headers: Record<string, string>): Request {
  return new Request(url, {
    method: "POST",
    body: csv,
    headers: { ...headers, "content-type": "text/csv", "content-length": String(Buffer.byteLength(csv)) },
  });
}

/** What a route module answered, thrown or returned: status, redirect target, JSON body. */
async function outcome(
  run: () => Promise<unknown>,
): Promise<{ status: number; location?: string | null; setCookie?: string | null; body?: unknown }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const body = value.headers.get("content-type")?.includes("json") ? await value.clone().json() : undefined;
    const setCookie = value.headers.get("set-cookie");
    return { status: value.status, location: value.headers.get("location"), body, ...(setCookie ? { setCookie } : {}) };
  }
  if (value && typeof value === "object" && "init" in value && (value as { type?: string }).type === "DataWithResponseInit") {
    const withInit = value as { init: ResponseInit | null; data: unknown };
    return { status: withInit.init?.status ?? 200, body: withInit.data };
  }
  return { status: 200, body: value };
}

async function snapshot(db: DB, dataDir: string) {
  const storage = path.join(dataDir, "storage", "product-images");
  let files: string[] = [];
  try {
    files = readdirSync(storage).sort();
  } catch {
    files = ["(no bucket)"];
  }
  return {
    products: await db.selectFrom("products").selectAll().orderBy("id").execute(),
    collections: await db.selectFrom("collections").selectAll().orderBy("id").execute(),
    memberships: await db.selectFrom("collection_products").selectAll().orderBy("collection_id").orderBy("position").execute(),
    merchants: await db.selectFrom("merchants").selectAll().orderBy("id").execute(),
    commissionNetworks: await db.selectFrom("commission_networks").selectAll().orderBy("id").execute(),
    commissions: await db.selectFrom("commissions").selectAll().orderBy("id").execute(),
    offers: await db.selectFrom("offers").selectAll().orderBy("id").execute(),
    users: await db.selectFrom("user").select(["id", "email", "role", "emailVerified"]).orderBy("id").execute(),
    // "Check now" queues a run for the worker (there is none in this test).
    linkChecks: await db.selectFrom("jobs").select(["kind", "state"]).where("kind", "=", "link-check").orderBy("id").execute(),
    // The revenue page's upload and save queue runs too; the upload's file is stored (uploads bucket).
    commissionRuns: await db.selectFrom("jobs").select(["kind", "state"]).where("kind", "=", "commission-report").orderBy("id").execute(),
    commissionUploads: await db.selectFrom("commission_uploads").select(["id", "job_id"]).orderBy("id").execute(),
    outbox: await db.selectFrom("outbox").select(["id", "state", "attempts"]).orderBy("id").execute(),
    files,
  };
}

interface Call {
  name: string;
  kind: "page" | "api";
  /** Builds the request with the given extra headers (cookie, origin). */
  request(headers: Record<string, string>): Promise<Request>;
  handler: Handler;
  /** A state-changing call: proves its effect as an admin. */
  changes?: boolean;
}

const get = (url: string) => async (headers: Record<string, string>) => new Request(`${TEST_BASE_URL}${url}`, { headers });

function calls(): Call[] {
  const loaders: [string, string, Handler][] = [
    // The layout's params are the union of every admin page's, too wide for a direct cast.
    ["admin layout", "/admin", layout.loader as unknown as Handler],
    ["dashboard", "/admin", dashboard.loader as Handler],
    ["products", "/admin/products?edit=1", products.loader as Handler],
    ["products/new", "/admin/products/new", productsNew.loader as Handler],
    ["product images", "/admin/products/images", productImages.loader as Handler],
    ["collections", "/admin/collections", collections.loader as Handler],
    ["categories", "/admin/categories", categories.loader as Handler],
    ["features", "/admin/features", features.loader as Handler],
    ["remove (confirmation)", "/admin/remove?product=1", remove.loader as Handler],
    ["users", "/admin/users", users.loader as Handler],
    ["subscribers", "/admin/subscribers", subscribers.loader as Handler],
    ["subscribers export", "/admin/subscribers/export", subscribersExport.loader as Handler],
    ["products export", "/admin/products/export.csv", productsExport.loader as Handler],
    ["collections export", "/admin/collections/export.csv", collectionsExport.loader as Handler],
    ["clicks", "/admin/clicks?days=90", clicks.loader as Handler],
    ["clicks export", "/admin/clicks/export?days=7", clicksExport.loader as Handler],
    ["link health", "/admin/links?show=broken", links.loader as Handler],
    ["audit log", "/admin/audit?action=admin-granted", audit.loader as Handler],
    ["mail", "/admin/mail?state=failed", mail.loader as Handler],
    ["audit log export", "/admin/audit/export.csv", auditExport.loader as Handler],
    ["merchants", "/admin/merchants?edit=1", merchants.loader as Handler],
    ["offers", "/admin/offers", offers.loader as Handler],
    ["offers export", "/admin/offers/export.csv", offersExport.loader as Handler],
    ["revenue", "/admin/revenue?days=7&by=product&sort=epc", revenue.loader as Handler],
    ["revenue export", "/admin/revenue/export?days=90&by=country", revenueExport.loader as Handler],
  ];
  const productForm = {
    intent: "save-product",
    name: "Hand Made",
    brand: "Test",
    slug: "hand-made",
    price: "1000",
  };
  return [
    ...loaders.map(([name, url, handler]) => ({ name: `${name} loader`, kind: "page" as const, request: get(url), handler })),
    {
      name: "product images action: check-storage (creates the bucket)",
      kind: "page",
      changes: true,
      handler: productImages.action as Handler,
      request: (headers) => multipart(`${TEST_BASE_URL}/admin/products/images`, { intent: "check-storage" }, headers),
    },
    {
      name: "product images action: upload-images",
      kind: "page",
      changes: true,
      handler: productImages.action as Handler,
      request: async (headers) =>
        multipart(
          `${TEST_BASE_URL}/admin/products/images`,
          { intent: "upload-images", images: [new File([await pngBytes()], "guarded.png", { type: "image/png" })] },
          headers,
        ),
    },
    {
      name: "products action: save-product",
      kind: "page",
      changes: true,
      handler: products.action as Handler,
      request: (headers) => multipart(`${TEST_BASE_URL}/admin/products`, productForm, headers),
    },
    {
      name: "products action: import-csv (form)",
      kind: "page",
      changes: true,
      handler: products.action as Handler,
      request: (headers) =>
        multipart(
          `${TEST_BASE_URL}/admin/products`,
          // barrel-saunas lists by its rule: the owner's answer comes with the file (ADR 0070).
          { intent: "import-csv", collection_choice: "add", file: new File([PRODUCT_CSV], "p.csv", { type: "text/csv" }) },
          headers,
        ),
    },
    {
      name: "products/new action",
      kind: "page",
      changes: true,
      handler: productsNew.action as Handler,
      request: (headers) => multipart(`${TEST_BASE_URL}/admin/products/new`, { ...productForm, slug: "hand-made-2" }, headers),
    },
    {
      name: "collections action: import-csv (form)",
      kind: "page",
      changes: true,
      handler: collections.action as Handler,
      request: (headers) =>
        multipart(
          `${TEST_BASE_URL}/admin/collections`,
          { intent: "import-csv", file: new File([COLLECTION_CSV], "c.csv", { type: "text/csv" }) },
          headers,
        ),
    },
    {
      name: "products import endpoint",
      kind: "api",
      changes: true,
      handler: productsImport.action as Handler,
      request: async (headers) =>
        csvPost(`${TEST_BASE_URL}/admin/products/import`, PRODUCT_CSV.replace(/guarded-sauna/g, "guarded-api"), {
          ...headers,
          "x-import-collections": "add",
        }),
    },
    {
      name: "collections import endpoint",
      kind: "api",
      changes: true,
      handler: collectionsImport.action as Handler,
      request: async (headers) =>
        csvPost(`${TEST_BASE_URL}/admin/collections/import`, COLLECTION_CSV.replace("guarded-list", "guarded-api-list"), headers),
    },
    {
      name: "products import preview endpoint",
      kind: "api",
      handler: productsImportPreview.action as Handler,
      request: async (headers) => csvPost(`${TEST_BASE_URL}/admin/products/import/preview`, PRODUCT_CSV, headers),
    },
    {
      name: "collections import preview endpoint",
      kind: "api",
      handler: collectionsImportPreview.action as Handler,
      request: async (headers) => csvPost(`${TEST_BASE_URL}/admin/collections/import/preview`, COLLECTION_CSV, headers),
    },
    {
      name: "merchants action: save-merchant",
      kind: "page",
      changes: true,
      handler: merchants.action as Handler,
      request: (headers) =>
        multipart(
          `${TEST_BASE_URL}/admin/merchants`,
          { intent: "save-merchant", name: "Guarded Shop 2", domain: "guarded2.example" },
          headers,
        ),
    },
    {
      name: "merchants action: delete-merchant",
      kind: "page",
      changes: true,
      handler: merchants.action as Handler,
      request: async (headers) => multipart(`${TEST_BASE_URL}/admin/merchants`, { intent: "delete-merchant", id: "2" }, headers),
    },
    {
      name: "offers action: import-csv (form)",
      kind: "page",
      changes: true,
      handler: offers.action as Handler,
      request: (headers) =>
        multipart(
          `${TEST_BASE_URL}/admin/offers`,
          { intent: "import-csv", file: new File([OFFER_CSV], "o.csv", { type: "text/csv" }) },
          headers,
        ),
    },
    {
      name: "offers import endpoint",
      kind: "api",
      changes: true,
      handler: offersImport.action as Handler,
      request: async (headers) => csvPost(`${TEST_BASE_URL}/admin/offers/import`, OFFER_CSV.replace("1000", "900"), headers),
    },
    {
      name: "offers import preview endpoint",
      kind: "api",
      handler: offersImportPreview.action as Handler,
      request: async (headers) => csvPost(`${TEST_BASE_URL}/admin/offers/import/preview`, OFFER_CSV, headers),
    },
    {
      name: "products action: save-offer",
      kind: "page",
      changes: true,
      handler: products.action as Handler,
      request: (headers) =>
        multipart(
          `${TEST_BASE_URL}/admin/products?edit=1`,
          { intent: "save-offer", product_id: "1", merchant_id: "1", price: "500", currency: "USD" },
          headers,
        ),
    },
    {
      name: "revenue action: read-report (stores the file, queues its read)",
      kind: "page",
      changes: true,
      handler: revenue.action as Handler,
      request: (headers) =>
        multipart(
          `${TEST_BASE_URL}/admin/revenue`,
          { intent: "read-report", network: "Awin", file: new File([REVENUE_CSV], "r.csv", { type: "text/csv" }) },
          headers,
        ),
    },
    {
      name: "revenue action: save-report (queues its save)",
      kind: "page",
      changes: true,
      handler: revenue.action as Handler,
      request: (headers) =>
        multipart(
          `${TEST_BASE_URL}/admin/revenue`,
          { intent: "save-report", upload: REVENUE_UPLOAD.id, fingerprint: REVENUE_UPLOAD.fingerprint },
          headers,
        ),
    },
    {
      name: "link check progress endpoint",
      kind: "api",
      handler: linksProgress.loader as Handler,
      request: get("/admin/links/progress"),
    },
    {
      name: "links action: check-now (starts a link check)",
      kind: "page",
      changes: true,
      handler: links.action as Handler,
      request: (headers) => multipart(`${TEST_BASE_URL}/admin/links`, { intent: "check-now" }, headers),
    },
    {
      name: "mail action: retry (a failed message)",
      kind: "page",
      changes: true,
      handler: mail.action as Handler,
      request: (headers) => multipart(`${TEST_BASE_URL}/admin/mail?state=failed`, { intent: "retry", id: "1" }, headers),
    },
    {
      name: "users action: sign-out",
      kind: "page",
      handler: users.action as Handler,
      request: (headers) => multipart(`${TEST_BASE_URL}/admin/users`, { intent: "sign-out", userId: "no-such-user" }, headers),
    },
    {
      // Last: it deletes 'existing' (id 1), which the products loader above edits.
      name: "remove action (deletes a product)",
      kind: "page",
      changes: true,
      handler: remove.action as Handler,
      request: (headers) =>
        multipart(`${TEST_BASE_URL}/admin/remove`, { intent: "remove", product: "1", from: "/admin/products" }, headers),
    },
  ];
}

describe.each(testDialects)("admin access on %s", (dialect) => {
  let test: TestDatabase;
  let ctx: AuthTestContext;
  let userCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    ctx = makeAuthContext(test);
    await test.db.insertInto("collections").values({ slug: "barrel-saunas", title: "Barrel Saunas" }).execute();
    await test.db.insertInto("products").values({ slug: "existing", name: "Existing", brand: "B" }).execute();
    // Merchant 1 sells; merchant 2 has no offers, so the admin may delete it.
    await test.db
      .insertInto("merchants")
      .values([
        { slug: "guarded-shop", name: "Guarded Shop", domain: "guarded.example" },
        { slug: "unused-shop", name: "Unused Shop", domain: "unused.example" },
      ])
      .execute();
    // A report uploaded and read (by a worker of the test's own), so that its save can be asked for.
    const map = guessColumnMap(REVENUE_CSV.split("\n")[0]!.split(","));
    REVENUE_UPLOAD.id = await addUpload(test.db, { network: "Awin", reportUrl: null, startedBy: "owner@example.com" });
    await storeUploadFile(test.db, uploadsStorage(ctx.context.config, test.db), REVENUE_UPLOAD.id, new Blob([REVENUE_CSV]).stream());
    const readRun = await startReportRun(
      test.db,
      { id: REVENUE_UPLOAD.id, network: "Awin" },
      { phase: "read", uploadId: REVENUE_UPLOAD.id, map, href: "" },
      "owner@example.com",
    );
    const reader = startWorker(test.db, {
      name: workerName(),
      kinds: [commissionReportKind({ config: ctx.context.config, outbound: ctx.context.config.outbound })],
      bookkeeping: dialect === "sqlite" ? test.openAnother() : undefined,
      pollMs: 20,
    });
    const read = await waitForJob(test.db, readRun, 30_000);
    await reader.stop();
    REVENUE_UPLOAD.fingerprint = (read!.result as { plan: { fingerprint: string } }).plan.fingerprint;
    await test.db
      .insertInto("outbox")
      .values({
        message_id: "<failed@saunas.example>",
        recipient: "gone@example.com",
        subject: "Price drop",
        text_body: "Hello",
        headers: "{}",
        state: "failed",
        attempts: 3,
        created_at: Date.now(),
        next_attempt_at: Date.now(),
        failed_at: Date.now(),
        last_error: "550 No such mailbox",
      })
      .execute();
    userCookie = await signedInAs(ctx.auth, "reader@example.com", { admin: false });
    adminCookie = await signedInAs(ctx.auth, "boss@example.com", { admin: true });
  });
  afterAll(async () => {
    await ctx?.close();
    await test?.drop();
  });

  it("anonymous: every loader and action redirects to sign-in (pages) or answers 401 (endpoints), changing nothing", async () => {
    const before = await snapshot(test.db, ctx.dataDir);
    for (const call of calls()) {
      const request = await call.request({ ...SAME_SITE });
      const result = await outcome(() => callAdminRoute(call.handler, routeArgs(request, ctx.context)));
      if (call.kind === "api") {
        expect(result, call.name).toMatchObject({ status: 401, body: { ok: false } });
      } else {
        expect(result.status, call.name).toBe(302);
        expect(result.location, call.name).toMatch(/^\/auth(\?redirectTo=%2Fadmin.*)?$/);
      }
    }
    expect(await snapshot(test.db, ctx.dataDir)).toEqual(before);
  });

  it("redirects with the page to come back to", async () => {
    const request = new Request(`${TEST_BASE_URL}/admin/products?page=2`);
    expect(await outcome(() => callAdminRoute(products.loader, routeArgs(request, ctx.context) as never))).toMatchObject({
      status: 302,
      location: "/auth?redirectTo=%2Fadmin%2Fproducts%3Fpage%3D2",
    });
  });

  it("signed in without the admin role: every loader and action answers 403, changing nothing", async () => {
    const before = await snapshot(test.db, ctx.dataDir);
    for (const call of calls()) {
      const request = await call.request({ ...SAME_SITE, cookie: userCookie });
      const result = await outcome(() => callAdminRoute(call.handler, routeArgs(request, ctx.context)));
      expect(result.status, call.name).toBe(403);
      if (call.kind === "page") expect(result.body, call.name).toEqual({ reason: "not-admin", email: "reader@example.com" });
    }
    expect(await snapshot(test.db, ctx.dataDir)).toEqual(before);
  });

  it("an admin's POST from another site is refused too, changing nothing", async () => {
    const before = await snapshot(test.db, ctx.dataDir);
    for (const call of calls().filter((c) => c.changes)) {
      for (const headers of [{ origin: "https://evil.example" }, {}] as Record<string, string>[]) {
        const request = await call.request({ ...headers, cookie: adminCookie });
        const result = await outcome(() => callAdminRoute(call.handler, routeArgs(request, ctx.context)));
        expect(result.status, `${call.name} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect(await snapshot(test.db, ctx.dataDir)).toEqual(before);
  });

  it("the same calls work for an admin (so the refusals above are real)", async () => {
    const before = await snapshot(test.db, ctx.dataDir);
    // The imports are queued for the worker: one runs here, and each import's run is awaited.
    const runner = startImportRunner(test, { config: ctx.context.config });
    for (const call of calls()) {
      const request = await call.request({ ...SAME_SITE, cookie: adminCookie });
      const result = await outcome(() => callAdminRoute(call.handler, routeArgs(request, ctx.context)));
      // save-product answers with a redirect to the saved product, and a delete with one to the
      // list it came from (post/redirect/get); what to tell the admin goes in the flash cookie.
      // An import answers 202 with its run (the endpoints), or 303 to the run's page (the forms).
      expect([200, 202, 302, 303], `${call.name}: ${JSON.stringify(result)}`).toContain(result.status);
      const queued =
        result.status === 202
          ? (result.body as { run: { id: number } }).run.id
          : result.status === 303
            ? Number(/^\/admin\/runs\/(\d+)$/.exec(result.location ?? "")?.[1])
            : null;
      if (queued !== null) {
        const { job } = await runner.wait(queued);
        expect(job.state, `${call.name}: ${job.error}`).toBe("done");
        continue;
      }
      if (result.status === 302 && /^\/admin\/revenue\?upload=[A-Za-z0-9_-]{16}$/.test(result.location ?? "")) {
        // The revenue page's upload and save: the page of that upload shows its run.
        expect(result.setCookie, call.name).toBeUndefined();
      } else if (
        result.status === 302 &&
        /^\/admin\/(merchants|revenue|mail\?state=failed|products\?edit=\d+#product-offers)$/.test(result.location ?? "")
      ) {
        // The merchants page, the revenue report, the mail list and the product screen's offers: done, said in the flash.
        expect(result.setCookie, call.name).toMatch(/^flash=[^;]+; Max-Age=300; Path=\/; HttpOnly; SameSite=Lax/);
      } else if (result.status === 302) {
        expect(result.location, call.name).toMatch(/^\/admin\/products(\?edit=\d+#product-form)?$/);
        expect(result.setCookie, call.name).toMatch(/^flash=[^;]+; Max-Age=300; Path=\/; HttpOnly; SameSite=Lax/);
        const { flash } = await readFlash(
          new Request(`${TEST_BASE_URL}/admin/products`, { headers: { cookie: result.setCookie!.split(";")[0]! } }),
          ctx.context.config,
        );
        expect(flash, call.name).toEqual(
          result.location === "/admin/products"
            ? { notice: { title: "Deleted", text: "Deleted 1 product. The public pages no longer show it." } }
            : {
                toast: { kind: "success", title: "Product saved", description: "The product page shows the change now." },
                notes: expect.any(Array),
              },
        );
      }
    }
    await runner.stop();
    const after = await snapshot(test.db, ctx.dataDir);
    expect(after.outbox.map((row) => [row.state, Number(row.attempts)])).toEqual([["waiting", 0]]);
    expect(after.products.map((p) => p.slug).sort()).toEqual(["guarded-api", "guarded-sauna", "hand-made", "hand-made-2"]);
    expect(after.collections.map((c) => c.slug).sort()).toEqual(["barrel-saunas", "guarded-api-list", "guarded-list"]);
    expect(after.linkChecks).toEqual([{ kind: "link-check", state: "queued" }]);
    // The upload's read and its save are queued for the worker (none runs here): nothing saved yet.
    expect(after.commissions).toEqual([]);
    expect(after.commissionRuns).toEqual([
      { kind: "commission-report", state: "done" },
      { kind: "commission-report", state: "queued" },
      { kind: "commission-report", state: "queued" },
    ]);
    // The merchant form added one and deleted 'unused-shop' (product saves may add the maker's shop).
    expect(after.merchants.map((m) => m.slug)).toEqual(expect.arrayContaining(["guarded-shop", "guarded-shop-2"]));
    expect(after.merchants.map((m) => m.slug)).not.toContain("unused-shop");
    // The offers CSV's offer stays; the product form's offer went with 'existing', which the last call deletes.
    // (Product saves with a price make primary offers of their own, source "form".)
    const csvOffers = after.offers.filter((o) => o.source === "csv");
    expect(csvOffers.map((o) => [o.product_id, o.merchant_id, Number(o.price_minor), o.source])).toEqual([
      [expect.any(Number), 1, 90_000, "csv"],
    ]);
    expect(before.files).toEqual(["(no bucket)"]);
    expect(after.files).toEqual(["guarded.png"]);
  });
});
