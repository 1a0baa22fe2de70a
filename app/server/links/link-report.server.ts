import { sql, type RawBuilder } from "kysely";
import { isLinkOutcome } from "~/lib/links/link-outcomes";
import { type LinkKind, type LinkReportRow, type LinkState, type LinkStateCounts, type StoredLinkResult } from "~/lib/links/link-report";
import type { DB } from "../db/connection.server";
import { offLoopHandle } from "../db/off-loop-reads.server";
import { toIsoString } from "../db/timestamps";
import { publishedArticleLinks } from "../articles/published-articles.server";

/**
 * /admin/links's report, counted and paged by the database. A catalog of 20,000 products with
 * five offers each has over 100,000 links: building every row in the web process to show 500
 * held its event loop for five seconds, and the statement alone still takes hundreds of
 * milliseconds, so on SQLite it runs on a thread of its own (docs/decisions/0114). The rules
 * are the ones of `linkReport` (link-report.ts): a link's state comes from the check of its
 * current address only; the primary offer that
 * carries the product's own affiliate link is that link, listed once; broken first, then not
 * checked, then working, by product name.
 */

interface ReportRow {
  product_id: number | string;
  product_name: string;
  link: LinkKind;
  offer_id: number | string | null;
  merchant_name: string | null;
  url: string;
  state: LinkState;
  r_url: string | null;
  r_outcome: string | null;
  r_status_code: number | null;
  r_final_url: string | null;
  r_error: string | null;
  r_checked_at: Date | string | null;
  r_duration_ms: number | null;
  matched: number | string;
}

/** Every shop link with its stored check and its state, as one derived table `s`. */
function stateOfEveryLink(): RawBuilder<unknown> {
  return sql`
    with t as (
      select p.id as product_id, p.name as product_name, 'affiliate' as link, 0 as link_order,
             cast(null as integer) as offer_id, cast(null as text) as merchant_name, trim(p.affiliate_link) as url
      from products p where trim(coalesce(p.affiliate_link, '')) <> ''
      union all
      select p.id, p.name, 'website', 1, null, null, trim(p.website)
      from products p where trim(coalesce(p.website, '')) <> ''
      union all
      select o.product_id, p.name, 'offer', 2, o.id, m.name, trim(o.link)
      from offers o join products p on p.id = o.product_id join merchants m on m.id = o.merchant_id
      where trim(coalesce(o.link, '')) <> ''
        and not (o.is_primary = ${true} and trim(o.link) = trim(coalesce(p.affiliate_link, '')))
    ), r as (
      select t.*,
             coalesce(lr.url, olr.url) as r_url, coalesce(lr.outcome, olr.outcome) as r_outcome,
             coalesce(lr.status_code, olr.status_code) as r_status_code, coalesce(lr.final_url, olr.final_url) as r_final_url,
             coalesce(lr.error, olr.error) as r_error, coalesce(lr.checked_at, olr.checked_at) as r_checked_at,
             coalesce(lr.duration_ms, olr.duration_ms) as r_duration_ms
      from t
      left join link_check_results lr on t.offer_id is null and lr.product_id = t.product_id and lr.link = t.link
      left join offer_link_results olr on t.offer_id is not null and olr.offer_id = t.offer_id
    ), s as (
      select r.*,
             case when r_url is null or r_url <> url then 'unchecked'
                  when r_outcome = 'ok' then 'ok'
                  when r_outcome in ('internal-address', 'port-not-allowed') then 'unchecked'
                  else 'broken' end as state
      from r
    )`;
}

/** How many links are broken, not checked and working. */
export async function countLinkStates(db: DB): Promise<LinkStateCounts> {
  const { rows } = await sql<{ state: LinkState; n: number | string }>`
    ${stateOfEveryLink()} select state, count(*) as n from s group by state`.execute(offLoopHandle(db));
  const counts: LinkStateCounts = { broken: 0, unchecked: 0, ok: 0 };
  for (const row of rows) counts[row.state] = Number(row.n);
  return counts;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * `limit` rows from `offset` for ?show= and ?q= (a product name, an address or a shop, ignoring
 * case), and how many match in all (0 when the offset is past the last row).
 */
export async function linkReportPage(
  db: DB,
  { show, search, limit, offset = 0 }: { show: LinkState | null; search: string; limit: number; offset?: number },
): Promise<{ rows: LinkReportRow[]; matched: number }> {
  const term = search.trim().toLowerCase();
  const pattern = `%${escapeLike(term)}%`;
  const { rows } = await sql<ReportRow>`
    ${stateOfEveryLink()}
    select s.*, count(*) over () as matched from s
    where ${show === null ? sql`1 = 1` : sql`state = ${show}`}
      and ${
        term === ""
          ? sql`1 = 1`
          : sql`(lower(product_name) like ${pattern} escape '\\' or lower(url) like ${pattern} escape '\\'
                 or lower(coalesce(merchant_name, '')) like ${pattern} escape '\\')`
      }
    order by case state when 'broken' then 0 when 'unchecked' then 1 else 2 end,
             lower(product_name), product_id, link_order, coalesce(offer_id, 0)
    limit ${limit} offset ${offset}`.execute(offLoopHandle(db));
  const report = rows.map(toReportRow);
  await addWhereUsed(db, report);
  return { rows: report, matched: rows.length === 0 ? 0 : Number(rows[0]!.matched) };
}

/**
 * Where readers meet each listed link: its product's page (every offer is in its where-to-buy,
 * the product's own link behind its buy button), and for an offer the published articles that
 * send readers through it. Read for the page's rows only.
 */
async function addWhereUsed(db: DB, rows: LinkReportRow[]): Promise<void> {
  if (rows.length === 0) return;
  const productIds = [...new Set(rows.map((row) => row.productId))];
  const offerIds = rows.flatMap((row) => (row.offerId === undefined ? [] : [row.offerId]));
  const [products, offers, articles] = await Promise.all([
    db.selectFrom("products").select(["id", "slug"]).where("id", "in", productIds).execute(),
    offerIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom("offers")
          .innerJoin("merchants", "merchants.id", "offers.merchant_id")
          .select(["offers.id", "merchants.slug"])
          .where("offers.id", "in", offerIds)
          .execute(),
    publishedArticleLinks(db),
  ]);
  const slugOf = new Map(products.map((product) => [Number(product.id), product.slug]));
  const shopOf = new Map(offers.map((offer) => [Number(offer.id), offer.slug]));
  const articlesOf = new Map<string, { id: number; title: string }[]>();
  for (const article of articles)
    for (const link of article.links) {
      if (link.kind !== "offer" || !link.productSlug || !link.merchantSlug) continue;
      const key = `${link.productSlug}|${link.merchantSlug}`;
      const list = articlesOf.get(key) ?? [];
      if (!list.some((entry) => entry.id === article.id)) list.push({ id: article.id, title: article.title });
      articlesOf.set(key, list);
    }
  for (const row of rows) {
    const productSlug = slugOf.get(row.productId);
    if (productSlug === undefined) continue;
    const shop = row.offerId === undefined ? undefined : shopOf.get(row.offerId);
    row.usedOn = { productSlug, articles: shop === undefined ? [] : (articlesOf.get(`${productSlug}|${shop}`) ?? []) };
  }
}

function toReportRow(row: ReportRow): LinkReportRow {
  const offerId = row.offer_id === null ? undefined : Number(row.offer_id);
  const stored: StoredLinkResult | null =
    row.r_url === null
      ? null
      : {
          productId: Number(row.product_id),
          link: row.link,
          ...(offerId === undefined ? {} : { offerId }),
          url: row.r_url,
          // An outcome this version does not know (written by a newer one) shows as broken.
          outcome: isLinkOutcome(row.r_outcome ?? "") ? (row.r_outcome as StoredLinkResult["outcome"]) : "unexpected-response",
          statusCode: row.r_status_code,
          finalUrl: row.r_final_url,
          error: row.r_error,
          checkedAt: toIsoString(row.r_checked_at!),
          durationMs: Number(row.r_duration_ms),
        };
  const current = stored !== null && stored.url === row.url;
  return {
    productId: Number(row.product_id),
    productName: row.product_name,
    link: row.link,
    url: row.url,
    ...(offerId === undefined ? {} : { offerId, merchantName: row.merchant_name ?? undefined }),
    state: row.state,
    result: current ? stored : null,
    previous: current ? null : stored,
  };
}
