import { requestContext } from "~/server/load-context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EditConflict } from "~/lib/admin/edit-conflict";
import * as authors from "~/routes/admin/authors";
import * as feeds from "~/routes/admin/feeds";
import * as merchants from "~/routes/admin/merchants";
import * as products from "~/routes/admin/products";
import { callAdminRoute, answerOf, type AdminHandler } from "../../../tests/support/admin-routes";
import { makeAuthContext, SAME_SITE, signedInAs, TEST_BASE_URL, type AuthTestContext } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";

/**
 * The other edit forms under the same rule as the product, review and article
 * (edit-conflicts.server.test.ts): an author, a merchant, an offer and a feed saved by a second
 * admin over a newer save are refused with the difference, and keep mine / merge then save.
 */

type Values = Record<string, string>;

function post(url: string, cookie: string, values: Values): Request {
  const body = new URLSearchParams(values).toString();
  return new Request(url, {
    method: "POST",
    body,
    headers: { ...SAME_SITE, cookie, "content-type": "application/x-www-form-urlencoded", "content-length": String(body.length) },
  });
}

describe.each(testDialects)("the other edit forms refuse a save over a newer one (%s)", (dialect) => {
  let test: TestDatabase;
  let ctx: AuthTestContext;
  let cookie: string;
  let merchantId: number;
  let productId: number;
  let offerId: number;
  let feedId: number;
  let authorId: number;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    ctx = makeAuthContext(test);
    cookie = await signedInAs(ctx.auth, "aino@example.com", { admin: true });
    const now = new Date().toISOString();
    merchantId = Number(
      (
        await test.db
          .insertInto("merchants")
          .values({ slug: "nordic", name: "Nordic Bath", domain: "nordic.example" })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
    productId = Number(
      (
        await test.db
          .insertInto("products")
          .values({ slug: "tyyni-4", name: "Tyyni 4", brand: "Tyyni" })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
    offerId = Number(
      (
        await test.db
          .insertInto("offers")
          .values({
            product_id: productId,
            merchant_id: merchantId,
            is_primary: false,
            link: "https://nordic.example/tyyni-4",
            price_minor: 749900,
            currency: "USD",
            sale_price_minor: null,
            sale_ends_at: null,
            availability: "InStock",
            shipping_note: null,
            countries: "[]",
            source: "form",
            confirmed_at: now,
            price_changed_at: now,
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
    feedId = Number(
      (
        await test.db
          .insertInto("feeds")
          .values({
            name: "Nordic feed",
            merchant_id: merchantId,
            source_kind: "url",
            url: "https://nordic.example/feed.xml",
            upload_name: null,
            upload_original_name: null,
            format: "google-xml",
            mapping: null,
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
    const ms = Date.now();
    authorId = Number(
      (
        await test.db
          .insertInto("authors")
          .values({
            slug: "aino",
            name: "Aino",
            title: "Editor",
            bio: "",
            image: null,
            profile_links: "[]",
            is_sample: false,
            created_at: ms,
            updated_at: ms,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
  });
  afterAll(async () => {
    await ctx?.close();
    await test?.drop();
  });

  const run = (handler: unknown, request: Request) =>
    answerOf(() => callAdminRoute(handler as AdminHandler, { request, context: requestContext(ctx.context), params: {} }));

  /** Two saves from forms loaded at the same version: the first goes, the second is refused with its conflict. */
  async function secondRefused(url: string, loaded: Values, firstChange: Values, secondChange: Values, handler: unknown) {
    expect(await run(handler, post(url, cookie, { ...loaded, ...firstChange }))).toMatchObject({ status: 302 });
    const refused = await run(handler, post(url, cookie, { ...loaded, ...secondChange }));
    expect(refused.status).toBe(409);
    return (refused.data as { conflict: EditConflict }).conflict;
  }
  const resend = (conflict: EditConflict, extra: Values) => ({
    ...(conflict.values as Values),
    intent: conflict.intent,
    version: String(conflict.version),
    ...extra,
  });

  it("an author", async () => {
    const url = `${TEST_BASE_URL}/admin/authors?edit=${authorId}`;
    const { data } = await run(authors.loader, new Request(url, { headers: { cookie } }));
    const edit = (data as { edit: { version: number } }).edit;
    const loaded = {
      intent: "save-author",
      id: String(authorId),
      version: String(edit.version),
      name: "Aino",
      slug: "aino",
      title: "Editor",
      credentials: "",
      bio: "",
      image: "",
      imageAlt: "",
      profileLinks: "",
    };
    const conflict = await secondRefused(url, loaded, { title: "Senior Editor" }, { bio: "Tests saunas." }, authors.action);
    expect(conflict.fields.map((field) => [field.name, field.theirs, field.mine])).toEqual([
      ["title", "Senior Editor", "Editor"],
      ["bio", "", "Tests saunas."],
    ]);
    expect(await run(authors.action, post(url, cookie, resend(conflict, { resolve: "merge", "pick:title": "theirs" })))).toMatchObject({
      status: 302,
    });
    expect(await test.db.selectFrom("authors").select(["title", "bio"]).where("id", "=", authorId).executeTakeFirstOrThrow()).toEqual({
      title: "Senior Editor",
      bio: "Tests saunas.",
    });
  });

  it("a merchant", async () => {
    const url = `${TEST_BASE_URL}/admin/merchants?edit=${merchantId}`;
    const { data } = await run(merchants.loader, new Request(url, { headers: { cookie } }));
    const editing = (data as { editing: { version: number; values: Values } }).editing;
    const loaded = { ...editing.values, intent: "save-merchant", id: String(merchantId), version: String(editing.version) };
    const conflict = await secondRefused(url, loaded, { name: "Nordic Bath Supply" }, { countries: "US, CA" }, merchants.action);
    expect(conflict.fields.map((field) => field.name)).toEqual(["name", "countries"]);
    expect(await run(merchants.action, post(url, cookie, resend(conflict, { resolve: "mine" })))).toMatchObject({ status: 302 });
    expect(
      await test.db.selectFrom("merchants").select(["name", "countries"]).where("id", "=", merchantId).executeTakeFirstOrThrow(),
    ).toEqual({
      name: "Nordic Bath",
      countries: '["US","CA"]',
    });
  });

  it("an offer on the product screen, its conflict named as the offer's", async () => {
    const url = `${TEST_BASE_URL}/admin/products?edit=${productId}`;
    const { data } = await run(products.loader, new Request(url, { headers: { cookie } }));
    const offer = (data as { offers: { id: number; version: number; values: Values }[] }).offers.find((one) => one.id === offerId)!;
    const loaded = {
      ...offer.values,
      intent: "save-offer",
      product_id: String(productId),
      offer_id: String(offerId),
      version: String(offer.version),
    };
    const conflict = await secondRefused(url, loaded, { price: "7299.00" }, { shipping_note: "Free shipping" }, products.action);
    expect(conflict.scope).toBe(`offer:${offerId}`);
    expect(conflict.fields.map((field) => [field.name, field.theirs, field.mine])).toEqual([
      ["price", "7299.00", "7499.00"],
      ["shipping_note", "", "Free shipping"],
    ]);
    expect(await run(products.action, post(url, cookie, resend(conflict, { resolve: "merge", "pick:price": "theirs" })))).toMatchObject({
      status: 302,
    });
    expect(
      await test.db.selectFrom("offers").select(["price_minor", "shipping_note"]).where("id", "=", offerId).executeTakeFirstOrThrow(),
    ).toEqual({ price_minor: 729900, shipping_note: "Free shipping" });
  });

  it("the product form hears of its primary offer saved on the offer's own form", async () => {
    await test.db.updateTable("offers").set({ is_primary: true }).where("id", "=", offerId).execute();
    const url = `${TEST_BASE_URL}/admin/products?edit=${productId}`;
    const { data } = await run(products.loader, new Request(url, { headers: { cookie } }));
    const loaded = data as { editing: { version: number; values: Values }; offers: { id: number; version: number; values: Values }[] };
    const productForm = {
      ...loaded.editing.values,
      intent: "save-product",
      id: String(productId),
      version: String(loaded.editing.version),
    };
    expect(loaded.editing.values.affiliate_link).toBe("https://nordic.example/tyyni-4");
    const offer = loaded.offers.find((one) => one.id === offerId)!;
    const offerForm = {
      ...offer.values,
      intent: "save-offer",
      product_id: String(productId),
      offer_id: String(offerId),
      version: String(offer.version),
    };
    expect(await run(products.action, post(url, cookie, { ...offerForm, link: "https://nordic.example/tyyni-4-new" }))).toMatchObject({
      status: 302,
    });
    const refused = await run(products.action, post(url, cookie, { ...productForm, tagline: "Warm" }));
    expect(refused.status).toBe(409);
    expect((refused.data as { conflict: EditConflict }).conflict.fields.map((field) => [field.name, field.theirs, field.mine])).toEqual([
      ["tagline", "", "Warm"],
      ["affiliate_link", "https://nordic.example/tyyni-4-new", "https://nordic.example/tyyni-4"],
    ]);
    expect((await test.db.selectFrom("offers").select("link").where("id", "=", offerId).executeTakeFirstOrThrow()).link).toBe(
      "https://nordic.example/tyyni-4-new",
    );
  });

  it("the product form names its primary offer's version too, and the conflict page sends the new one", async () => {
    const url = `${TEST_BASE_URL}/admin/products?edit=${productId}`;
    const { data } = await run(products.loader, new Request(url, { headers: { cookie } }));
    const loaded = data as { editing: { version: number; offerVersion: number; values: Values } };
    const form = {
      ...loaded.editing.values,
      intent: "save-product",
      id: String(productId),
      version: String(loaded.editing.version),
      offer_version: String(loaded.editing.offerVersion),
    };
    // The offer moves on where the product form does not look (the product row stays as it was).
    await test.db.updateTable("offers").set({ shipping_note: "Ships in a week" }).where("id", "=", offerId).execute();
    const now = await test.db.selectFrom("offers").select("version").where("id", "=", offerId).executeTakeFirstOrThrow();
    const refused = await run(products.action, post(url, cookie, { ...form, tagline: "Quiet heat" }));
    expect(refused.status).toBe(409);
    const { conflict } = refused.data as { conflict: EditConflict };
    expect(conflict.version).toBe(loaded.editing.version);
    expect(conflict.controls).toEqual({ offer_version: String(now.version) });
    expect(conflict.fields.map((field) => field.name)).toEqual(["tagline"]);
    // Keep mine, with the offer's version now: saved, and the offer's own change kept.
    const kept = await run(products.action, post(url, cookie, { ...resend(conflict, { resolve: "mine" }), ...conflict.controls }));
    expect(kept).toMatchObject({ status: 302 });
    expect(await test.db.selectFrom("offers").select("shipping_note").where("id", "=", offerId).executeTakeFirstOrThrow()).toEqual({
      shipping_note: "Ships in a week",
    });
    expect((await test.db.selectFrom("products").select("tagline").where("id", "=", productId).executeTakeFirstOrThrow()).tagline).toBe(
      "Quiet heat",
    );
  });

  it("a feed", async () => {
    const url = `${TEST_BASE_URL}/admin/feeds?edit=${feedId}`;
    const { data } = await run(feeds.loader, new Request(url, { headers: { cookie } }));
    const editing = (data as { editing: { version: number; values: Values } }).editing;
    const loaded = { ...editing.values, intent: "save-feed", id: String(feedId), version: String(editing.version) };
    const conflict = await secondRefused(url, loaded, { schedule: "daily" }, { name: "Nordic XML" }, feeds.action);
    expect(conflict.fields.map((field) => [field.name, field.theirs, field.mine])).toEqual([
      ["name", "Nordic feed", "Nordic XML"],
      ["schedule", "daily", "off"],
    ]);
    expect(await run(feeds.action, post(url, cookie, resend(conflict, { resolve: "merge", "pick:schedule": "theirs" })))).toMatchObject({
      status: 302,
    });
    expect(await test.db.selectFrom("feeds").select(["name", "schedule"]).where("id", "=", feedId).executeTakeFirstOrThrow()).toEqual({
      name: "Nordic XML",
      schedule: "daily",
    });
  });
});
