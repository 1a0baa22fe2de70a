import { requestContext } from "~/server/load-context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as dashboard from "~/routes/admin/dashboard";
import { callAdminRoute, answerOf } from "../../../tests/support/admin-routes";
import { makeAuthContext, signedInAs, TEST_BASE_URL, type AuthTestContext } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { createDraft } from "../articles/article-admin.server";
import { recordAudit } from "../audit/audit-log.server";
import { setEditorRole } from "../auth/users.server";
import { reviewDueBefore } from "./editor-dashboard.server";

/**
 * /admin for an editor is their own work: their drafts (not another editor's), what is scheduled,
 * reviews due for another look and their own recent edits; and no figure of the business (clicks,
 * orders, commission, counts) is in its data, which is what a page's `.data` request sends.
 */

const NOW = Date.parse("2026-11-28T12:00:00Z");

describe("when a review is due", () => {
  it("is 12 months after its test date", () => {
    expect(reviewDueBefore(NOW)).toBe("2025-11-28");
  });
});

describe.each(testDialects)("the editor's dashboard on %s", (dialect) => {
  let test: TestDatabase;
  let ctx: AuthTestContext;
  let editorCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    ctx = makeAuthContext(test);
    editorCookie = await signedInAs(ctx.auth, "writer@example.com", { admin: false });
    const { id } = await test.db.selectFrom("user").select("id").where("email", "=", "writer@example.com").executeTakeFirstOrThrow();
    await setEditorRole(test.db, id, true);
    adminCookie = await signedInAs(ctx.auth, "owner@example.com", { admin: true });

    await createDraft(test.db, { id, email: "writer@example.com" }, "guides", null);
    await createDraft(test.db, { id: null, email: "other@example.com" }, "guides", null);
    const review = { brand: "B", rating: 4, verdict: "Solid." };
    await test.db
      .insertInto("products")
      .values([
        { slug: "old-review", name: "Old Review", ...review, tested_on: "2024-05-01" },
        { slug: "fresh-review", name: "Fresh Review", ...review, tested_on: new Date().toISOString().slice(0, 10) },
        { slug: "no-review", name: "No Review", brand: "B", rating: 3 },
      ])
      .execute();
    await recordAudit(test.db, { userId: id, email: "writer@example.com", action: "review-saved", detail: "Old Review", address: null });
    await recordAudit(test.db, {
      userId: null,
      email: "owner@example.com",
      action: "product-saved",
      detail: "Fresh Review",
      address: null,
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await test?.drop();
  });

  const load = (cookie: string, path = "/admin") =>
    answerOf(() =>
      callAdminRoute(dashboard.loader, {
        request: new Request(`${TEST_BASE_URL}${path}`, { headers: { cookie } }),
        context: requestContext(ctx.context),
        params: {},
      } as never),
    );

  it("shows an editor their own drafts, the reviews due and their own edits, and no figure of the business", async () => {
    for (const path of ["/admin", "/admin.data"]) {
      const answer = await load(editorCookie, path);
      expect(answer.status).toBe(200);
      const { role, editor } = answer.data as {
        role: string;
        editor: Record<string, { title?: string; name?: string; action?: string }[]>;
      };
      expect(role).toBe("editor");
      expect(editor.drafts).toHaveLength(1);
      expect(editor.reviewsDue!.map((review) => review.name)).toEqual(["Old Review"]);
      expect(editor.recentEdits!.map((edit) => edit.action)).toEqual(["review-saved"]);
      const sent = JSON.stringify(answer.data);
      for (const figure of ["earn", "commission", "orders", "clicks", "counts", "revenue", "brokenLinks"])
        expect(sent, figure).not.toContain(figure);
    }
  });

  it("shows an admin the business", async () => {
    const answer = await load(adminCookie);
    const { role, owner } = answer.data as { role: string; owner: { counts: { clicks: number }; earnings: unknown } };
    expect(role).toBe("admin");
    expect(typeof owner.counts.clicks).toBe("number");
    expect(owner.earnings).toBeDefined();
  });
});
