import { importProductStream } from "~/server/admin/csv-import.server";
import type { DB } from "~/server/db/connection.server";
import { seedSampleContent } from "~/server/seed/seed.server";
import { generatedProductCsv } from "../../scripts/perf/generated-catalog";

/**
 * A site that has grown: the sample content, `products` generated products imported the admin's
 * way, and a year's worth of what readers and the owner leave behind (clicks, page views, price
 * alerts, articles with revisions, commissions, an account). Every value is written the way the
 * site writes it on this dialect, so a move has each column kind to convert.
 */
export async function growSite(db: DB, products: number): Promise<void> {
  await seedSampleContent(db);
  const csv = generatedProductCsv(products);
  const result = await importProductStream(db, pieces(csv), { collectionChoice: "add" });
  if (!result.ok) throw new Error(`the generated import failed: ${result.toast.description}`);

  const ids = (await db.selectFrom("products").select("id").orderBy("id").execute()).map((row) => row.id);
  const pick = (i: number) => ids[(i * 7919) % ids.length]!;
  const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + (i % 330) * 86_400_000).toISOString().slice(0, 10);
  const at = (i: number) => Date.UTC(2026, 0, 1) + i * 61_000;

  await inBatches(
    30_000,
    (i) => ({
      clicked_at: at(i),
      product_id: pick(i),
      source: i % 3 === 0 ? "home" : `product:model-${i % 500}`,
      country: i % 4 === 0 ? null : "US",
      merchant_id: null,
    }),
    (rows) => db.insertInto("clicks").values(rows).execute(),
  );
  await inBatches(
    5_000,
    (i) => ({ day: day(i), product_id: pick(i + Math.floor(i / 330)), clicks: (i % 40) + 1 }),
    (rows) =>
      db
        .insertInto("click_product_days")
        .values(rows)
        .onConflict((c) => c.doNothing())
        .execute(),
  );
  await inBatches(
    8_000,
    (i) => ({ day: day(i), path: `/reviews/product/model-${i % 2_000}-${Math.floor(i / 330)}`, views: (i % 90) + 1 }),
    (rows) =>
      db
        .insertInto("page_view_days")
        .values(rows)
        .onConflict((c) => c.doNothing())
        .execute(),
  );
  await inBatches(
    3_000,
    (i) => ({
      email: `reader${i}@example.com`,
      product_id: pick(i),
      status: (["pending", "confirmed", "unsubscribed"] as const)[i % 3]!,
      target_price_minor: i % 2 === 0 ? null : 100_000 + i,
      currency: "USD",
      price_at_subscribe_minor: 120_000 + i,
      confirm_token_hash: i % 3 === 0 ? `hash-${i}` : null,
      confirmed_at: i % 3 === 1 ? new Date(at(i)).toISOString() : null,
      unsubscribed_at: i % 3 === 2 ? new Date(at(i) + 5_000).toISOString() : null,
    }),
    (rows) => db.insertInto("price_alerts").values(rows).execute(),
  );

  const author = await db.selectFrom("authors").select("id").executeTakeFirst();
  for (let i = 0; i < 150; i++) {
    const article = await db
      .insertInto("articles")
      .values({
        slug: `grown-article-${i}`,
        title: `Grown article ${i} — "quotes", commas, ünïcode`,
        excerpt: "An excerpt.",
        meta_title: null,
        meta_description: i % 2 ? "Meta" : null,
        category_slug: "buying-guides",
        tags: JSON.stringify(["heat", `tag ${i % 7}`]),
        author_id: author?.id ?? null,
        image: "/images/samples/article.webp",
        image_alt: "A sauna",
        featured: i % 10 === 0,
        body: `# Heading ${i}\n\nBody with a tab\tand a backslash \\ and a newline.\n`,
        read_time_minutes: (i % 12) + 1,
        status: i % 5 === 0 ? "draft" : "published",
        publish_at: i % 5 === 0 ? null : at(i),
        last_updated: i % 4 === 0 ? day(i) : null,
        is_sample: false,
        created_at: at(i),
        updated_at: at(i) + 1_000,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("article_revisions")
      .values(
        [1, 2, 3].map((n) => ({
          article_id: article.id,
          saved_at: at(i) + n,
          user_id: null,
          user_email: "owner@example.com",
          snapshot: JSON.stringify({ title: `v${n}`, body: "…" }),
        })),
      )
      .execute();
  }

  const network = await db
    .insertInto("commission_networks")
    .values({ name: "Grown Network", column_map: JSON.stringify({ order: "Order ID", sub: "SubID" }), report_url: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  await inBatches(
    4_000,
    (i) => ({
      network_id: network.id,
      order_id: `order-${i}`,
      sub_id: i % 3 ? `sub${i}` : null,
      ordered_at: at(i),
      sale_hundredths: 150_000 + i,
      commission_hundredths: 7_500 + i,
      currency: "USD",
      status: (["pending", "approved", "reversed"] as const)[i % 3]!,
      updated_at: at(i) + 9,
    }),
    (rows) => db.insertInto("commissions").values(rows).execute(),
  );

  const now = new Date(Date.UTC(2026, 10, 28, 12)).toISOString();
  await db
    .insertInto("user")
    .values({
      id: "owner-1",
      name: "Owner",
      email: "owner@example.com",
      emailVerified: true,
      image: null,
      createdAt: now,
      updatedAt: now,
      role: "admin",
      banned: false,
      banReason: null,
      banExpires: null,
    })
    .execute();
  await db
    .insertInto("audit_log")
    .values(
      [0, 1, 2].map((i) => ({
        at: at(i),
        user_id: "owner-1",
        user_email: "owner@example.com",
        action: "product.save",
        detail: `saved ${i}`,
        address: "192.0.2.1",
      })),
    )
    .execute();
}

async function inBatches<T>(count: number, make: (i: number) => T, write: (rows: T[]) => Promise<unknown>, size = 500) {
  for (let start = 0; start < count; start += size) {
    const rows: T[] = [];
    for (let i = start; i < Math.min(count, start + size); i++) rows.push(make(i));
    await write(rows);
  }
}

async function* pieces(text: string): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += 256 * 1024) yield text.slice(at, at + 256 * 1024);
}
