import { isBroken, isLinkOutcome, isNotChecked, OUTCOME_LABELS } from "~/lib/links/link-outcomes";
import type { LinkState, LinkStateCounts } from "~/lib/links/link-report";
import { chunks, IN_LIST_CHUNK } from "../db/chunks";
import type { DB } from "../db/connection.server";
import { toIsoString } from "../db/timestamps";
import { publishedArticleLinks } from "../articles/published-articles.server";

/**
 * /admin/links' "Links in articles": each off-site address the published articles link to
 * (those no offer stands behind), its last check, and the articles that use it; broken ones
 * first, then the ones not checked yet. Counted over every address, listed up to a limit.
 */

export interface ArticleLinkRow {
  url: string;
  state: LinkState;
  /** "Page missing or refused (404)", or null when not checked yet. */
  outcome: string | null;
  /** ISO-8601 of the last check, or null. */
  checkedAt: string | null;
  articles: { id: number; title: string }[];
}

export interface ArticleLinkReport {
  counts: LinkStateCounts;
  rows: ArticleLinkRow[];
  /** Rows left out past the limit. */
  hidden: number;
}

const ORDER: Record<LinkState, number> = { broken: 0, unchecked: 1, ok: 2 };

export async function articleLinkReport(db: DB, limit = 100): Promise<ArticleLinkReport> {
  const byUrl = new Map<string, ArticleLinkRow>();
  for (const article of await publishedArticleLinks(db)) {
    for (const link of article.links) {
      const url = link.url.trim();
      if (link.kind === "offer" || !/^https?:\/\//i.test(url)) continue;
      let row = byUrl.get(url);
      if (!row) byUrl.set(url, (row = { url, state: "unchecked", outcome: null, checkedAt: null, articles: [] }));
      if (!row.articles.some((entry) => entry.id === article.id)) row.articles.push({ id: article.id, title: article.title });
    }
  }
  for (const part of chunks([...byUrl.keys()], IN_LIST_CHUNK)) {
    const results = await db
      .selectFrom("article_link_results")
      .select(["url", "outcome", "status_code", "checked_at"])
      .where("url", "in", part)
      .execute();
    for (const result of results) {
      const row = byUrl.get(result.url)!;
      // An outcome this version does not know (written by a newer one) shows as broken.
      const outcome = isLinkOutcome(result.outcome) ? result.outcome : "unexpected-response";
      row.state = isNotChecked(outcome) ? "unchecked" : isBroken(outcome) ? "broken" : "ok";
      row.outcome = `${OUTCOME_LABELS[outcome]}${result.status_code !== null && outcome !== "ok" ? ` (${result.status_code})` : ""}`;
      row.checkedAt = toIsoString(result.checked_at);
    }
  }
  const all = [...byUrl.values()];
  const counts: LinkStateCounts = { broken: 0, unchecked: 0, ok: 0 };
  for (const row of all) counts[row.state]++;
  const listed = all.filter((row) => row.state !== "ok").sort((a, b) => ORDER[a.state] - ORDER[b.state] || a.url.localeCompare(b.url));
  return { counts, rows: listed.slice(0, limit), hidden: Math.max(0, listed.length - limit) };
}
