import { requestContext } from "~/server/load-context";
import { data, type ServerBuild } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import * as auditExport from "~/routes/admin/audit-export";
import * as productsImport from "~/routes/admin/products-import";
import * as remove from "~/routes/admin/remove";
import * as users from "~/routes/admin/users";
import { readCsvFile } from "~/lib/csv/csv-table";
import { SAME_SITE, signedInAs, TEST_BASE_URL } from "../../../tests/support/auth-fixtures";
import { testContextForBlock } from "../../../tests/support/block-databases";
import { startImportRunner } from "../../../tests/support/import-runs";
import { testDialects } from "../../../tests/support/test-databases";
import { withAdminAudit } from "./admin-audit-build.server";
import { auditPage, recordAudit, recordSignIn } from "./audit-log.server";
import { callAdminRoute } from "../../../tests/support/admin-routes";

type Handler = (args: { request: Request; context: unknown; params: Record<string, string> }) => Promise<unknown>;

/** Runs a route handler; a thrown Response or data() is an answer like a returned one. */
async function answer(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

describe.each(testDialects)("the admin audit log on %s", (dialect) => {
  const { test, ctx } = testContextForBlock(dialect);
  let ownerCookie = "";
  let ownerId = "";

  const rows = () => test.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
  const idOf = async (email: string) =>
    (await test.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  const call = (handler: unknown, request: Request) =>
    answer(() =>
      callAdminRoute(handler as Handler, {
        request,
        context: requestContext({ ...ctx.context, clientAddress: "198.51.100.23" }),
        params: {},
      }),
    );
  const form = (path: string, fields: Record<string, string>, cookie = ownerCookie) =>
    new Request(`${TEST_BASE_URL}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { ...SAME_SITE, cookie, "content-type": "application/x-www-form-urlencoded" },
    });

  beforeEach(async () => {
    if (!ownerCookie) {
      ownerCookie = await signedInAs(ctx.auth, "owner@example.com", { admin: true });
      ownerId = await idOf("owner@example.com");
    }
    await test.db.deleteFrom("audit_log").execute();
  });

  it("a role change leaves a row: who (id and email), what, when, from which address; a refused one too", async () => {
    await signedInAs(ctx.auth, "helper@example.com", { admin: false });
    const helper = await idOf("helper@example.com");
    const before = Date.now();
    await call(users.action, form("/admin/users", { intent: "grant-admin", userId: helper }));
    await call(users.action, form("/admin/users", { intent: "revoke-admin", userId: helper }));
    // The owner is now the only admin: revoking the role is refused, and that is recorded too.
    await call(users.action, form("/admin/users", { intent: "revoke-admin", userId: ownerId }));
    const trail = await rows();
    expect(trail.map((row) => [row.user_id, row.user_email, row.action, row.address])).toEqual([
      [ownerId, "owner@example.com", "admin-granted", "198.51.100.23"],
      [ownerId, "owner@example.com", "admin-revoked", "198.51.100.23"],
      [ownerId, "owner@example.com", "admin-revoked", "198.51.100.23"],
    ]);
    expect(trail[0]!.detail).toContain("helper@example.com");
    expect(trail[2]!.detail).toMatch(/^Refused: owner@example.com is the (only|last) admin/);
    for (const row of trail) expect(Number(row.at)).toBeGreaterThanOrEqual(before);
  });

  it("an import leaves a row with its counts, and a removal one naming what went", async () => {
    const csv = "name,brand,slug\nAudit Barrel,Test,audit-barrel\nAudit Cube,Test,audit-cube\n";
    const imported = await call(
      productsImport.action,
      new Request(`${TEST_BASE_URL}/admin/products/import`, {
        method: "POST",
        body: csv,
        headers: { ...SAME_SITE, cookie: ownerCookie, "content-type": "text/csv", "content-length": String(csv.length) },
      }),
    );
    // Queued for the worker, which saves it and writes the row with its counts in the same transaction.
    expect((imported as Response).status).toBe(202);
    const runner = startImportRunner(test, { config: ctx.context.config });
    try {
      await runner.wait(((await (imported as Response).json()) as { run: { id: number } }).run.id);
    } finally {
      await runner.stop();
    }
    const id = (await test.db.selectFrom("products").select("id").where("slug", "=", "audit-cube").executeTakeFirstOrThrow()).id;
    const removed = await call(
      remove.action,
      form("/admin/remove", { intent: "remove", product: String(id), returnTo: "/admin/products" }),
    );
    expect((removed as Response).status).toBe(302);
    const trail = await rows();
    expect(trail.map((row) => [row.user_email, row.action, row.address])).toEqual([
      ["owner@example.com", "products-imported", "198.51.100.23"],
      ["owner@example.com", "catalog-removal", "198.51.100.23"],
    ]);
    expect(trail[0]!.detail).toMatch(/2 /);
    expect(trail[1]!.detail).toMatch(/^Deleted 1 product .*: audit-cube$/);
  });

  it("every other admin POST is recorded by the wrapper, once, and only for admins", async () => {
    const module = { action: async () => data({ ok: false }, { status: 400 }) };
    const build = { routes: { "routes/admin/features": { id: "routes/admin/features", module } } } as unknown as ServerBuild;
    const action = withAdminAudit(build).routes["routes/admin/features"]!.module.action!;
    const run = (cookie: string) =>
      answer(async () =>
        action({
          request: form("/admin/features", { anything: "1" }, cookie),
          context: requestContext({ ...ctx.context, clientAddress: "198.51.100.24" }),
          params: {},
        } as never),
      );
    await run(ownerCookie);
    await run(await signedInAs(ctx.auth, "visitor@example.com", { admin: false }));
    await run("");
    expect((await rows()).map((row) => [row.user_email, row.action, row.detail, row.address])).toEqual([
      ["owner@example.com", "admin-request", "POST /admin/features: answered 400", "198.51.100.24"],
    ]);
    // An action that recorded its own row gets no second one.
    const usersBuild = {
      routes: { "routes/admin/users": { id: "routes/admin/users", module: { action: users.action } } },
    } as unknown as ServerBuild;
    const helper = await idOf("helper@example.com");
    await answer(async () =>
      callAdminRoute(withAdminAudit(usersBuild).routes["routes/admin/users"]!.module.action!, {
        request: form("/admin/users", { intent: "sign-out", userId: helper }),
        context: requestContext(ctx.context),
        params: {},
      } as never),
    );
    expect((await rows()).map((row) => row.action)).toEqual(["admin-request", "signed-out-everywhere"]);
  });

  it("records sign-ins of admin accounts, allowed and refused, and nobody else's", async () => {
    await recordSignIn(test.db, { email: "Owner@Example.com", ok: true, address: "203.0.113.5" });
    await recordSignIn(test.db, { email: "owner@example.com", ok: false, address: "203.0.113.6", reason: "Invalid email or password" });
    await recordSignIn(test.db, { email: "visitor@example.com", ok: true, address: "203.0.113.7" });
    await recordSignIn(test.db, { email: "nobody@example.com", ok: false, address: "203.0.113.8" });
    expect((await rows()).map((row) => [row.user_id, row.action, row.detail, row.address])).toEqual([
      [ownerId, "sign-in", "with a password", "203.0.113.5"],
      [ownerId, "sign-in-refused", "Invalid email or password", "203.0.113.6"],
    ]);
    // A flood of guesses is recorded up to a cap per hour, not row for row for ever.
    for (let i = 0; i < 105; i++) await recordSignIn(test.db, { email: "owner@example.com", ok: false, address: "203.0.113.9" });
    expect((await rows()).filter((row) => row.action === "sign-in-refused")).toHaveLength(100);
  });

  it("pages newest first and filters by person and action", async () => {
    for (let i = 0; i < 60; i++) {
      await recordAudit(test.db, {
        userId: ownerId,
        email: i % 2 ? "owner@example.com" : "other@example.com",
        action: i % 3 ? "product-saved" : "catalog-removal",
        detail: `#${i}`,
        address: null,
        at: 1_000_000 + i,
      });
    }
    const first = await auditPage(test.db, { email: "", action: "", page: 1 });
    expect(first.total).toBe(60);
    expect(first.pageCount).toBe(2);
    expect(first.entries[0]!.detail).toBe("#59");
    expect(first.people).toEqual(["other@example.com", "owner@example.com"]);
    const second = await auditPage(test.db, { email: "", action: "", page: 2 });
    expect(second.entries.map((entry) => entry.detail)).toEqual(Array.from({ length: 10 }, (_, i) => `#${9 - i}`));
    const filtered = await auditPage(test.db, { email: "owner@example.com", action: "catalog-removal", page: 1 });
    expect(filtered.entries.map((entry) => entry.detail)).toEqual(["#57", "#51", "#45", "#39", "#33", "#27", "#21", "#15", "#9", "#3"]);
  });

  it("exports as CSV through the formula-safe writer, and records the export", async () => {
    await recordAudit(test.db, {
      userId: ownerId,
      email: "=cmd|' /C calc'!A0@example.com",
      action: "product-saved",
      detail: '=HYPERLINK("https://evil.example","Click")',
      address: "+1",
    });
    const response = (await call(
      auditExport.loader,
      new Request(`${TEST_BASE_URL}/admin/audit/export.csv`, { headers: { cookie: ownerCookie } }),
    )) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await response.text();
    const file = readCsvFile(text);
    if (!file.ok) throw new Error(file.error);
    const [header, ...records] = file.records.filter((record) => record.some((cell) => cell !== ""));
    expect(header).toEqual(["at", "user_id", "email", "action", "action_label", "detail", "address"]);
    // Newest first: the export's own entry, then the row above.
    expect(records.map((record) => record[3])).toEqual(["audit-exported", "product-saved"]);
    // In the file every such cell starts with an apostrophe, so a spreadsheet shows it as text...
    expect(text).toContain(`"'=cmd|' /C calc'!A0@example.com"`);
    expect(text).toContain(`"'=HYPERLINK(""https://evil.example"",""Click"")"`);
    expect(text).toContain(`"'+1"`);
    expect(text).not.toMatch(/(^|,)"[=+\-@\t\r]/m);
    // ...and reading the file back gives the text as it was recorded.
    const [, , email, , , detail, address] = records[1]!;
    expect([email, detail, address]).toEqual(["=cmd|' /C calc'!A0@example.com", '=HYPERLINK("https://evil.example","Click")', "+1"]);
  });
});
