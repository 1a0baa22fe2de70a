import { requestContext } from "~/server/load-context";
import { describe, expect, it } from "vitest";
import * as merchants from "~/routes/admin/merchants";
import * as products from "~/routes/admin/products";
import { readMerchantForm } from "~/lib/offers/merchant-form";
import { SAME_SITE, signedInAs, TEST_BASE_URL } from "../../../tests/support/auth-fixtures";
import { testContextForBlock } from "../../../tests/support/block-databases";
import { testDialects } from "../../../tests/support/test-databases";
import { deleteMerchant, listMerchants, MerchantRefused, saveMerchant } from "./merchants-admin.server";
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

describe("the merchant form", () => {
  it("makes the slug from the name, reads the domain from a link, and the countries from a list", () => {
    expect(
      readMerchantForm({
        name: " Nordic Bath Supply ",
        domain: "https://www.Nordic.example/shop",
        countries: "us, ca\nde",
        affiliate_params: "?tag=site-20",
      }),
    ).toEqual({
      ok: true,
      merchant: {
        name: "Nordic Bath Supply",
        slug: "nordic-bath-supply",
        domain: "nordic.example",
        logoUrl: null,
        countries: ["US", "CA", "DE"],
        affiliateParams: "tag=site-20",
        subIdTemplate: null,
        trackingIds: null,
      },
    });
  });

  it("says what is wrong beside each field", () => {
    expect(
      readMerchantForm({
        name: "",
        domain: "not a domain",
        countries: "UK, Germany",
        affiliate_params: "tag mysite",
        logo_url: "javascript:x",
        slug: "Bad Slug!",
      }),
    ).toEqual({
      ok: false,
      errors: {
        name: "Enter the shop's name.",
        domain: "Write the shop's domain, e.g. shop.example.",
        logo_url: "Use an http(s) link or an uploaded file name.",
        countries: '"UK" (the code is GB), "Germany": not ISO 3166-1 two-letter country codes (e.g. US, DE, GB).',
        affiliate_params: "Write query parameters as name=value, joined with &, e.g. tag=mysite-20.",
      },
    });
  });
});

describe.each(testDialects)("merchants on %s", (dialect) => {
  const { test, ctx } = testContextForBlock(dialect);
  const base = { logoUrl: null, countries: [], affiliateParams: null };

  it("adds and edits a merchant; a slug or domain another merchant has is refused with the field to fix", async () => {
    const { id } = await saveMerchant(test.db, { ...base, name: "Nordic Bath", slug: "nordic-bath", domain: "nordic.example" }, null);
    await saveMerchant(test.db, { ...base, name: "Sauna Depot", slug: "sauna-depot", domain: "depot.example" }, null);
    await saveMerchant(
      test.db,
      { ...base, name: "Nordic Bath Supply", slug: "nordic-bath", domain: "nordic.example", countries: ["US"] },
      id,
    );
    await expect(saveMerchant(test.db, { ...base, name: "Copy", slug: "sauna-depot", domain: null }, id)).rejects.toEqual(
      new MerchantRefused("Sauna Depot already has the slug sauna-depot.", "slug"),
    );
    await expect(saveMerchant(test.db, { ...base, name: "Copy", slug: "copy", domain: "depot.example" }, null)).rejects.toMatchObject({
      field: "domain",
      message: "Sauna Depot already has the domain depot.example: one merchant per shop.",
    });
    expect((await listMerchants(test.db)).map((m) => [m.name, m.slug, m.domain, m.countries, m.offerCount])).toEqual([
      ["Nordic Bath Supply", "nordic-bath", "nordic.example", ["US"], 0],
      ["Sauna Depot", "sauna-depot", "depot.example", [], 0],
    ]);
  });

  it("refuses to delete a merchant with offers, saying how many; deletes one without", async () => {
    await test.db.insertInto("products").values({ slug: "alpha", name: "Alpha", brand: "A" }).execute();
    const nordic = await test.db.selectFrom("merchants").select("id").where("slug", "=", "nordic-bath").executeTakeFirstOrThrow();
    const depot = await test.db.selectFrom("merchants").select("id").where("slug", "=", "sauna-depot").executeTakeFirstOrThrow();
    await test.db
      .insertInto("offers")
      .values({ product_id: 1, merchant_id: Number(nordic.id), price_minor: 100, currency: "USD", availability: "InStock", source: "form" })
      .execute();
    await expect(deleteMerchant(test.db, Number(nordic.id))).rejects.toEqual(
      new MerchantRefused("Nordic Bath Supply still has 1 offer; delete it on the products' pages or move it to another merchant first."),
    );
    expect(await test.db.selectFrom("merchants").select("slug").where("id", "=", Number(nordic.id)).executeTakeFirst()).toEqual({
      slug: "nordic-bath",
    });
    expect(await deleteMerchant(test.db, Number(depot.id))).toEqual({ name: "Sauna Depot" });
    expect((await listMerchants(test.db)).map((m) => [m.slug, m.offerCount])).toEqual([["nordic-bath", 1]]);
  });

  it("the page's actions: a refused delete answers 409 with the reason and is in the audit log; a save is too", async () => {
    const cookie = await signedInAs(ctx.auth, "owner@example.com", { admin: true });
    const post = (path: string, fields: Record<string, string>) =>
      new Request(`${TEST_BASE_URL}${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { ...SAME_SITE, cookie, "content-type": "application/x-www-form-urlencoded" },
      });
    const call = (handler: unknown, request: Request) =>
      answer(() => callAdminRoute(handler as Handler, { request, context: requestContext(ctx.context), params: {} }));
    const nordic = await test.db.selectFrom("merchants").select("id").where("slug", "=", "nordic-bath").executeTakeFirstOrThrow();

    const refused = await call(merchants.action, post("/admin/merchants", { intent: "delete-merchant", id: String(nordic.id) }));
    expect(refused).toMatchObject({ status: 409, body: { toast: { kind: "error", title: "Merchant not deleted" } } });
    const saved = await call(
      merchants.action,
      post("/admin/merchants", { intent: "save-merchant", name: "Saunahaus", domain: "saunahaus.example", countries: "DE, AT" }),
    );
    expect(saved).toMatchObject({ status: 302, location: "/admin/merchants" });
    const bad = await call(merchants.action, post("/admin/merchants", { intent: "save-merchant", name: "Again", slug: "saunahaus" }));
    expect(bad).toMatchObject({ status: 400, body: { form: { fieldErrors: { slug: "Saunahaus already has the slug saunahaus." } } } });

    // The product screen's offer form: an unknown currency is an error beside the field; a good save refreshes the
    // displayed price (below the other offer's $1, so it becomes the one shown).
    const saunahaus = await test.db.selectFrom("merchants").select("id").where("slug", "=", "saunahaus").executeTakeFirstOrThrow();
    const offer = {
      intent: "save-offer",
      product_id: "1",
      merchant_id: String(saunahaus.id),
      price: "0.75",
      availability: "InStock",
      countries: "US",
    };
    const wrong = await call(products.action, post("/admin/products?edit=1", { ...offer, currency: "EURO" }));
    expect(wrong).toMatchObject({
      status: 400,
      body: { offerForm: { key: "new", fieldErrors: { currency: expect.stringContaining('"EURO" is not an ISO 4217') } } },
    });
    const added = await call(products.action, post("/admin/products?edit=1", { ...offer, currency: "USD" }));
    expect(added).toMatchObject({ status: 302, location: "/admin/products?edit=1#product-offers" });
    expect(await test.db.selectFrom("products").select("price_cents").where("id", "=", 1).executeTakeFirstOrThrow()).toEqual({
      price_cents: 75,
    });
    const again = await call(products.action, post("/admin/products?edit=1", { ...offer, currency: "USD" }));
    expect(again).toMatchObject({
      status: 409,
      body: { toast: { description: "This product already has an offer from Saunahaus: edit that one." } },
    });

    const trail = await test.db.selectFrom("audit_log").select(["action", "detail"]).orderBy("id").execute();
    expect(trail).toEqual([
      { action: "merchant-deleted", detail: expect.stringMatching(/^Refused \(id \d+\): Nordic Bath Supply still has 1 offer/) },
      { action: "merchant-saved", detail: expect.stringMatching(/^Added saunahaus \(id \d+\): Saunahaus$/) },
      { action: "offer-saved", detail: expect.stringMatching(/^Added the offer of alpha at saunahaus \(id \d+\): \$0.75, InStock$/) },
    ]);
  });
});
