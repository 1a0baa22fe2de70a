import { ARTICLE_CATEGORY_SLUGS } from "~/lib/learn/articles";

/** The /admin/articles list's filters, read from its query string, and the words for a status. */

export type ArticleStatusFilter = "" | "draft" | "scheduled" | "published";

export interface ArticleListFilters {
  q: string;
  status: ArticleStatusFilter;
  category: string;
  author: number | null;
  page: number;
}

export const ARTICLE_STATUS_LABELS = { draft: "Draft", scheduled: "Scheduled", published: "Published" } as const;

export function readArticleListFilters(params: URLSearchParams): ArticleListFilters {
  const status = params.get("status") ?? "";
  const category = params.get("category") ?? "";
  const author = params.get("author") ?? "";
  const page = Number(params.get("page") ?? "1");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    status: status === "draft" || status === "scheduled" || status === "published" ? status : "",
    category: (ARTICLE_CATEGORY_SLUGS as readonly string[]).includes(category) ? category : "",
    author: /^\d{1,9}$/.test(author) ? Number(author) : null,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** "?q=sauna&status=draft&page=2", leaving out what is not set. */
export function articleListSearch(filters: Partial<ArticleListFilters>): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.category) params.set("category", filters.category);
  if (filters.author !== null && filters.author !== undefined) params.set("author", String(filters.author));
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
