import { requestContext } from "~/server/load-context";
import express from "express";
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";
import { IMPORT_MESSAGES } from "~/lib/csv/import-messages";
import { MAX_CSV_BYTES } from "~/lib/admin/upload-limits";
import * as collectionsImport from "~/routes/admin/collections-import";
import * as adminLayout from "~/routes/admin/layout";
import * as links from "~/routes/admin/links";
import * as offers from "~/routes/admin/offers";
import * as offersImport from "~/routes/admin/offers-import";
import * as products from "~/routes/admin/products";
import * as productsImport from "~/routes/admin/products-import";
import * as remove from "~/routes/admin/remove";
import * as users from "~/routes/admin/users";
import { makeAuthContext, signedInAs, TEST_BASE_URL, type AuthTestContext } from "../../../tests/support/auth-fixtures";
import { handWrittenBuild } from "../../../tests/support/server-build";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { withDatabaseOutageResponses } from "../database-outage-responses.server";
import { log } from "../log.server";
import { createPageServing } from "../page-cache/page-serving.server";
import { withBodyErrorResponses } from "./body-error-responses.server";

/**
 * Request bodies through the site's real path, on a real socket: Node request → Fetch request
 * (toFetchRequest, where the limit is applied) → React Router with the site's wrappers and its
 * handleError → the real admin actions → sendResponse. Only the document renderer is a stub.
 */

/** An action that forgets the readers and calls request.formData() itself. */
const forgetful = { action: async ({ request }: { request: Request }) => ({ fields: [...(await request.formData()).keys()] }) };
const ADMIN_ACTIONS = { "admin/users": users, "admin/remove": remove, "admin/links": links, "admin/forgetful": forgetful };
/** The CSV imports: the endpoints the page's script posts the file to, and the pages' own forms without JavaScript. */
const CSV_ENDPOINTS = {
  "admin/products/import": productsImport,
  "admin/collections/import": collectionsImport,
  "admin/offers/import": offersImport,
};
const CSV_PAGES = { "admin/products": products, "admin/offers": offers };

function buildOf(): ServerBuild {
  const routes: Record<string, unknown> = { root: { id: "root", path: "", module: { default: () => null } } };
  const assetRoutes: Record<string, unknown> = { root: { id: "root", path: "", module: "/root.js", hasAction: false, hasLoader: false } };
  // The admin routes under the admin layout, as in app/routes.ts: its middleware checks access first.
  const layoutId = "routes/admin/layout";
  routes[layoutId] = { id: layoutId, parentId: "root", path: "admin", module: { middleware: adminLayout.middleware } };
  assetRoutes[layoutId] = { id: layoutId, parentId: "root", path: "admin", module: `/${layoutId}.js`, hasAction: false, hasLoader: false };
  for (const [path, module] of Object.entries({ ...ADMIN_ACTIONS, ...CSV_ENDPOINTS, ...CSV_PAGES })) {
    const id = `routes/${path}`;
    const childPath = path.replace(/^admin\//, "");
    routes[id] = { id, parentId: layoutId, path: childPath, module };
    assetRoutes[id] = { id, parentId: layoutId, path: childPath, module: `/${id}.js`, hasAction: true, hasLoader: true };
  }
  return handWrittenBuild({
    entry: {
      // The page's errors and action data as JSON, in place of the document.
      default: (_request: Request, status: number, headers: Headers, context: { staticHandlerContext: Record<string, unknown> }) =>
        new Response(JSON.stringify({ errors: context.staticHandlerContext.errors, actionData: context.staticHandlerContext.actionData }), {
          status,
          headers,
        }),
      handleError,
    },
    routes,
    assets: { entry: { module: "/entry.js", imports: [] }, routes: assetRoutes, url: "/manifest.js" },
    // As the site: the admin layout's middleware runs.
    future: { v8_middleware: true },
  });
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Body bytes the client had handed to the socket when the answer came. */
  sent: number;
}

/**
 * A POST whose body is made on the fly, `total` bytes in 64 KB chunks, never held whole; sending
 * stops once the answer has come. `declared` sends a Content-Length instead of chunked encoding.
 */
function post(url: string, headers: Record<string, string>, body: { total: number; declared?: boolean } | string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const target = new URL(url);
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: {
          ...headers,
          ...(typeof body === "string"
            ? { "content-length": String(Buffer.byteLength(body)) }
            : body.declared
              ? { "content-length": String(body.total) }
              : {}),
        },
      },
      (response) => {
        answered = true;
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => parts.push(part));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts).toString(), sent }),
        );
        response.on("error", reject);
      },
    );
    // The server closes the connection under a body it will not read: not a failure once answered.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (typeof body === "string") return request.end(body);
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (!answered && !request.destroyed && sent < body.total) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (sent >= body.total) request.end();
    };
    pump();
  });
}

describe.each(testDialects)("request bodies through the real request path on %s", (dialect) => {
  let test: TestDatabase;
  let ctx: AuthTestContext;
  let server: Server;
  let origin: string;
  let admin: Record<string, string>;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    ctx = makeAuthContext(test);
    const cookie = await signedInAs(ctx.auth, "bodies-admin@example.com", { admin: true });
    const handle = createRequestHandler(withBodyErrorResponses(withDatabaseOutageResponses(buildOf())), "production");
    const pages = createPageServing({
      render: (request) => handle(request, requestContext(ctx.context)),
      baseUrl: TEST_BASE_URL,
      maxBytes: 0,
    });
    const app = express();
    app.use(pages.requestHandler);
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The site's public address is TEST_BASE_URL: the browser's Host and Origin say so.
    admin = { cookie, host: new URL(TEST_BASE_URL).host, origin: TEST_BASE_URL };
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await ctx?.close();
    await test?.drop();
  });

  it.each(Object.keys(ADMIN_ACTIONS))(
    "/%s: a 400 MB chunked body from a signed-in admin is refused with 413 after about 1 MB, and the connection closed",
    async (path) => {
      const before = process.memoryUsage().rss;
      const answer = await post(
        `${origin}/${path}`,
        { ...admin, "content-type": "application/x-www-form-urlencoded" },
        { total: 400 * 1024 * 1024 },
      );
      expect(answer.status).toBe(413);
      expect(answer.body).toContain("The request is larger than 1 MB.");
      expect(answer.headers.connection).toBe("close");
      // The limit, plus what the two sockets' buffers held when the answer came.
      expect(answer.sent).toBeLessThan(32 * 1024 * 1024);
      expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
    },
  );

  it("a declared 400 MB body is refused before any of it is read", async () => {
    const answer = await post(
      `${origin}/admin/users`,
      { ...admin, "content-type": "application/x-www-form-urlencoded" },
      {
        total: 400 * 1024 * 1024,
        declared: true,
      },
    );
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(answer.sent).toBeLessThan(32 * 1024 * 1024);
  });

  it.each(Object.keys(ADMIN_ACTIONS))("/%s: a malformed multipart body is a 400, with nothing logged as an error", async (path) => {
    const errors = vi.spyOn(log, "error");
    try {
      const answer = await post(
        `${origin}/${path}`,
        { ...admin, "content-type": "multipart/form-data; boundary=xyz" },
        '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\npromote',
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toContain("The form could not be read.");
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it.each(Object.keys(CSV_ENDPOINTS))(
    "/%s: a CSV past the limit, sent chunked, is answered 413 with the import's own words, the connection closed after it",
    async (path) => {
      const answer = await post(`${origin}/${path}`, { ...admin, "content-type": "text/csv" }, { total: 400 * 1024 * 1024 });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({
        ok: false,
        toast: { kind: "error", title: IMPORT_MESSAGES.fileTooLargeTitle, description: IMPORT_MESSAGES.fileOverLimit },
      });
      expect(answer.headers.connection).toBe("close");
      expect(answer.sent).toBeLessThan(MAX_CSV_BYTES + 32 * 1024 * 1024);
    },
  );

  it("a declared CSV past the limit is refused before it is read, saying how large it is", async () => {
    const total = MAX_CSV_BYTES + 1024 * 1024;
    const answer = await post(`${origin}/admin/offers/import`, { ...admin, "content-type": "text/csv" }, { total, declared: true });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).toast.description).toBe(IMPORT_MESSAGES.fileTooLarge(total));
    expect(answer.sent).toBeLessThan(32 * 1024 * 1024);
  });

  it.each(Object.keys(CSV_ENDPOINTS))("/%s: a 2 MB CSV, well under the import's limit, is read whole and queued", async (path) => {
    const row = `unknown-product,unknown-shop,https://shop.example/x,100\n`;
    const csv = `product_slug,merchant,link,price\n${row.repeat(Math.ceil((2 * 1024 * 1024) / row.length))}`;
    const answer = await post(`${origin}/${path}`, { ...admin, "content-type": "text/csv" }, csv);
    // Read whole and queued for the worker (which refuses it for what it says), not refused for its size.
    expect(answer.status).toBe(202);
    expect(answer.headers.connection).not.toBe("close");
  });

  it.each(Object.keys(CSV_PAGES))(
    "/%s without JavaScript: a file past the limit is answered 413 with the import's words, on the page",
    async (path) => {
      const answer = await post(
        `${origin}/${path}`,
        { ...admin, "content-type": "multipart/form-data; boundary=xyz" },
        { total: 400 * 1024 * 1024 },
      );
      expect(answer.status).toBe(413);
      const { actionData } = JSON.parse(answer.body) as { actionData: Record<string, { toast?: unknown }> };
      expect(actionData[`routes/${path}`]?.toast).toEqual({
        kind: "error",
        title: IMPORT_MESSAGES.fileTooLargeTitle,
        description: IMPORT_MESSAGES.fileOverLimit,
      });
      expect(answer.headers.connection).toBe("close");
    },
  );

  it("a form under the limit still reaches the action", async () => {
    const answer = await post(
      `${origin}/admin/users`,
      { ...admin, "content-type": "application/x-www-form-urlencoded" },
      "intent=no-such-intent",
    );
    // The action read the form and refused the intent it names.
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("Unknown action");
    expect(answer.headers.connection).not.toBe("close");
  });
});
