import { requestContext } from "~/server/load-context";
import { describe, expect, it } from "vitest";
import * as picksRoute from "~/routes/admin/collection-picks";
import * as reviewRoute from "~/routes/admin/review";
import { reviewFormValues } from "~/lib/admin/product-form";
import { SAME_SITE, signedInAs, TEST_BASE_URL } from "../../../tests/support/auth-fixtures";
import { testContextForBlock } from "../../../tests/support/block-databases";
import { testDialects } from "../../../tests/support/test-databases";
import { readPickEntries } from "../catalog/collection-picks.server";
import { findProductBySlug } from "../products/products.server";
import { callAdminRoute } from "../../../tests/support/admin-routes";

type Handler = (args: { request: Request; context: unknown; params: Record<string, string> }) => Promise<unknown>;

/** A thrown Response or data() is an answer like a returned one. */
async function answer(run: () => Promise<unknown>): Promise<{ status: number; body?: unknown; location?: string | null }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location") };
  const init = value as { init?: ResponseInit | null; data?: unknown };
  return { status: init.init?.status ?? 200, body: init.data };
}

describe.each(testDialects)("the picks editor and the review's update note on %s", (dialect) => {
  const { test, ctx } = testContextForBlock(dialect, { seed: true });

  async function poster(email: string, admin: boolean) {
    const cookie = await signedInAs(ctx.auth, email, { admin });
    return (path: string, fields: [string, string][]) =>
      new Request(`${TEST_BASE_URL}${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { ...SAME_SITE, cookie, "content-type": "application/x-www-form-urlencoded" },
      });
  }
  const call = (handler: unknown, request: Request, params: Record<string, string>) =>
    answer(() => callAdminRoute(handler as Handler, { request, context: requestContext(ctx.context), params }));

  const entry = (product: string, role: string, reason: string, label = ""): [string, string][] => [
    ["product", product],
    ["role", role],
    ["label", label],
    ["reason", reason],
  ];

  it("saves the typed rows in order; a refused save keeps every row as typed, with each row's error, and changes nothing", async () => {
    const post = await poster("owner@example.com", true);
    const collection = await test.db.selectFrom("collections").select("id").where("slug", "=", "infrared-saunas").executeTakeFirstOrThrow();
    const id = Number(collection.id);
    const params = { collectionId: String(id) };
    const path = `/admin/collections/${id}/picks`;
    const before = await readPickEntries(test.db, id);
    expect(before.map((row) => row.role)).toEqual(["best-overall", "budget", "custom", "also-tested"]);

    const refused = await call(
      picksRoute.action,
      post(path, [
        ["intent", "save-picks"],
        ...entry("emberfold-quad-outdoor-infrared-sauna", "best-overall", "Roomy."),
        ...entry("emberfold-duo-outdoor-infrared-sauna", "best-overall", ""),
      ]),
      params,
    );
    expect(refused).toMatchObject({
      status: 400,
      body: {
        toast: { kind: "error", title: "Picks not saved" },
        rows: [
          { product: "emberfold-quad-outdoor-infrared-sauna", role: "best-overall", label: "", reason: "Roomy." },
          { product: "emberfold-duo-outdoor-infrared-sauna", role: "best-overall", label: "", reason: "" },
        ],
        rowErrors: { 1: { role: "Row 1 is already Best overall; a collection has one.", reason: "Write one line on why." } },
      },
    });
    expect(await readPickEntries(test.db, id)).toEqual(before);

    const saved = await call(
      picksRoute.action,
      post(path, [
        ["intent", "save-picks"],
        ...entry("emberfold-quad-outdoor-infrared-sauna", "best-overall", "Roomy, and the corners now warm up too."),
        ...entry("", "", ""),
        ...entry("emberfold-solo-infrared-pod", "also-tested", "Small, and it shows."),
      ]),
      params,
    );
    expect(saved).toMatchObject({ status: 302, location: path });
    expect((await readPickEntries(test.db, id)).map((row) => [row.productSlug, row.role])).toEqual([
      ["emberfold-quad-outdoor-infrared-sauna", "best-overall"],
      ["emberfold-solo-infrared-pod", "also-tested"],
    ]);
    const audit = await test.db.selectFrom("audit_log").select("detail").where("action", "=", "collection-picks-saved").execute();
    expect(audit.map((row) => row.detail)).toEqual([`Picks of infrared-saunas (id ${id}): 1 pick, 1 also tested`]);
  });

  it("the editor's page lists the stored entries, three spare rows and the page's saunas as suggestions; an unknown collection is 404", async () => {
    const cookie = await signedInAs(ctx.auth, "reader-of-picks@example.com", { admin: true });
    const get = (path: string) => new Request(`${TEST_BASE_URL}${path}`, { headers: { cookie } });
    const collection = await test.db.selectFrom("collections").select("id").where("slug", "=", "barrel-saunas").executeTakeFirstOrThrow();
    const id = String(collection.id);
    const loaded = await call(picksRoute.loader, get(`/admin/collections/${id}/picks`), { collectionId: id });
    const body = loaded.body as {
      collection: { slug: string };
      rows: { product: string; role: string }[];
      names: Record<string, string>;
      suggestions: { slug: string }[];
    };
    expect(body.collection.slug).toBe("barrel-saunas");
    expect(body.rows.map((row) => row.role)).toEqual([
      "best-overall",
      "runner-up",
      "budget",
      "upgrade",
      "also-tested",
      "also-tested",
      "",
      "",
      "",
    ]);
    expect(body.names["birchline-panorama-4-barrel-sauna"]).toBe("Panorama 4 Barrel Sauna");
    expect(body.suggestions.map((sauna) => sauna.slug)).toContain("birchline-panorama-4-barrel-sauna");
    expect(await call(picksRoute.loader, get("/admin/collections/999999/picks"), { collectionId: "999999" })).toMatchObject({
      status: 404,
    });
  });

  it("the review editor adds a dated update note with the save; a note over 300 characters saves nothing", async () => {
    const post = await poster("editor@example.com", true);
    const product = (await findProductBySlug(test.db, "lumo-works-valo-2-cube-sauna"))!;
    const values = Object.entries(reviewFormValues(product)).flatMap(([name, value]): [string, string][] =>
      Array.isArray(value) ? value.map((item): [string, string] => [name, item]) : [[name, value]],
    );
    const params = { productId: String(product.id) };
    const path = `/admin/reviews/${product.id}`;
    const notes = () =>
      test.db
        .selectFrom("update_notes")
        .select(["noted_on", "text", "author"])
        .where("subject_type", "=", "review")
        .where("subject_id", "=", product.id)
        .execute();

    const long = await call(
      reviewRoute.action,
      post(path, [
        ["intent", "save-review"],
        ...values.filter(([name]) => name !== "verdict"),
        ["verdict", "Changed."],
        ["update_note", "x".repeat(301)],
      ]),
      params,
    );
    expect(long).toMatchObject({
      status: 400,
      body: { form: { fieldErrors: { update_note: "Keep the update note to a sentence or two: 301 characters, at most 300." } } },
    });
    expect(await notes()).toEqual([]);
    expect((await findProductBySlug(test.db, product.slug))!.verdict).toBe(product.verdict);

    const saved = await call(
      reviewRoute.action,
      post(path, [["intent", "save-review"], ...values, ["update_note", "  Price dropped at two shops;\n retested heat-up.  "]]),
      params,
    );
    expect(saved).toMatchObject({ status: 302, location: path });
    expect(await notes()).toEqual([
      {
        noted_on: new Date().toISOString().slice(0, 10),
        text: "Price dropped at two shops; retested heat-up.",
        author: "editor@example.com",
      },
    ]);
    // No note typed: nothing added.
    await call(reviewRoute.action, post(path, [["intent", "save-review"], ...values, ["update_note", "  "]]), params);
    expect(await notes()).toHaveLength(1);

    // "Remove from the page" takes a note off with the save; another subject's note id removes nothing.
    const other = await test.db.selectFrom("update_notes").select("id").where("subject_type", "=", "article").executeTakeFirstOrThrow();
    const mine = await test.db
      .selectFrom("update_notes")
      .select("id")
      .where("subject_type", "=", "review")
      .where("subject_id", "=", product.id)
      .executeTakeFirstOrThrow();
    const removed = await call(
      reviewRoute.action,
      post(path, [["intent", "save-review"], ...values, ["remove_note", String(mine.id)], ["remove_note", String(other.id)]]),
      params,
    );
    expect(removed).toMatchObject({ status: 302 });
    expect(await notes()).toEqual([]);
    expect(await test.db.selectFrom("update_notes").select("id").where("id", "=", other.id).execute()).toHaveLength(1);
  });
});
