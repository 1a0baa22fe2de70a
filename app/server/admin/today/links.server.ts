import { isBroken, isLinkOutcome, OUTCOME_LABELS } from "~/lib/links/link-outcomes";
import type { TodayItem } from "~/lib/today/today-items";
import { publishedArticleLinks } from "../../articles/published-articles.server";
import type { DB } from "../../db/connection.server";

/**
 * The Today rules about dead links, from the link checker's last results: a result counts only
 * while it is of the address the link has now (an edited link waits for its next check), and
 * only when its outcome is broken (the checker's own judgement: lib/links/link-outcomes.ts).
 */

const BROKEN_OUTCOMES_EXCLUDED = ["ok", "internal-address", "port-not-allowed"];
const label = (outcome: string) => (isLinkOutcome(outcome) ? OUTCOME_LABELS[outcome] : outcome);
const described = (outcome: string, status: number | null) => `${label(outcome)}${status ? ` (HTTP ${status})` : ""}`;

/** Rule: a shop link (an offer's, or a product's own affiliate link) whose last check found it dead. */
export async function deadOfferLinks(db: DB): Promise<(TodayItem & { productId: number })[]> {
  const [offers, own] = await Promise.all([
    db
      .selectFrom("offer_link_results as r")
      .innerJoin("offers as o", "o.id", "r.offer_id")
      .innerJoin("products as p", "p.id", "o.product_id")
      .innerJoin("merchants as m", "m.id", "o.merchant_id")
      .select(["r.offer_id", "r.outcome", "r.status_code", "r.url", "o.link", "p.id as product_id", "p.name", "m.name as merchant_name"])
      .where("r.outcome", "not in", BROKEN_OUTCOMES_EXCLUDED)
      .execute(),
    db
      .selectFrom("link_check_results as r")
      .innerJoin("products as p", "p.id", "r.product_id")
      .select(["r.outcome", "r.status_code", "r.url", "p.affiliate_link", "p.id as product_id", "p.name"])
      .where("r.link", "=", "affiliate")
      .where("r.outcome", "not in", BROKEN_OUTCOMES_EXCLUDED)
      .execute(),
  ]);
  const items: (TodayItem & { productId: number })[] = [];
  for (const row of offers) {
    if (!isLinkOutcome(row.outcome) || !isBroken(row.outcome) || (row.link ?? "").trim() !== row.url) continue;
    items.push({
      rule: "dead-offer-link",
      subject: `offer:${Number(row.offer_id)}`,
      title: `${row.name} at ${row.merchant_name}`,
      detail: `The shop link is dead: ${described(row.outcome, row.status_code)}.`,
      href: `/admin/products?edit=${Number(row.product_id)}`,
      fix: "Edit offers",
      since: null,
      money: null,
      productId: Number(row.product_id),
    });
  }
  for (const row of own) {
    if (!isLinkOutcome(row.outcome) || !isBroken(row.outcome) || (row.affiliate_link ?? "").trim() !== row.url) continue;
    items.push({
      rule: "dead-offer-link",
      subject: `product-link:${Number(row.product_id)}`,
      title: row.name,
      detail: `The product's shop link is dead: ${described(row.outcome, row.status_code)}.`,
      href: `/admin/products?edit=${Number(row.product_id)}`,
      fix: "Edit offers",
      since: null,
      money: null,
      productId: Number(row.product_id),
    });
  }
  return items;
}

/** Rule: a published article linking to an address the link checker found dead. */
export async function deadArticleLinks(db: DB): Promise<(TodayItem & { source: string })[]> {
  const [offerResults, ownResults, articles] = await Promise.all([
    db
      .selectFrom("offer_link_results")
      .select(["url", "outcome", "status_code"])
      .where("outcome", "not in", BROKEN_OUTCOMES_EXCLUDED)
      .execute(),
    db
      .selectFrom("link_check_results")
      .select(["url", "outcome", "status_code"])
      .where("outcome", "not in", BROKEN_OUTCOMES_EXCLUDED)
      .execute(),
    publishedArticleLinks(db),
  ]);
  const dead = new Map<string, string>();
  for (const row of [...offerResults, ...ownResults]) {
    if (isLinkOutcome(row.outcome) && isBroken(row.outcome)) dead.set(row.url, described(row.outcome, row.status_code));
  }
  if (dead.size === 0) return [];
  return articles.flatMap((article) => {
    const found = [...new Set(article.links.map((link) => link.url.trim()))].filter((url) => dead.has(url));
    if (found.length === 0) return [];
    return [
      {
        rule: "dead-article-link" as const,
        subject: `article:${article.id}`,
        title: article.title,
        detail:
          found.length === 1
            ? `Links to a dead address: ${found[0]} (${dead.get(found[0]!)}).`
            : `Links to ${found.length} dead addresses, e.g. ${found[0]} (${dead.get(found[0]!)}).`,
        href: `/admin/articles/${article.id}`,
        fix: "Edit the article",
        since: null,
        money: null,
        source: `article:${article.slug}`,
      },
    ];
  });
}
