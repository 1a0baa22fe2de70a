import { appContext } from "~/server/load-context";
import { Plus } from "lucide-react";
import { data } from "react-router";
import { ArticleImportForm } from "~/components/admin/articles/article-import-form";
import { ArticleTable } from "~/components/admin/articles/article-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Button, buttonClasses } from "~/components/ui/button";
import { FlashNotice } from "~/components/ui/flash-notice";
import { Form } from "~/components/ui/link";
import { useResultToast } from "~/components/ui/use-result-toast";
import { ARTICLE_STATUS_LABELS, readArticleListFilters } from "~/lib/admin/article-list";
import { ARTICLE_CATEGORIES } from "~/lib/learn/articles";
import { ARTICLE_LIST_PAGE_SIZE, createDraft, listArticlesForAdmin } from "~/server/articles/article-admin.server";
import { listAuthors } from "~/server/articles/authors.server";
import { recordAdminAction } from "~/server/audit/audit-log.server";
import { adminUser } from "~/server/auth/guard.server";
import { readFlash, redirectWithFlash } from "~/server/forms/flash.server";
import { dispatchIntent, type IntentTable } from "~/server/forms/intents.server";
import type { Route } from "./+types/articles";

/**
 * /admin/articles: every article (draft, scheduled, published), most recently changed first,
 * searched by title or slug and filtered by status, category and author; "New article" starts a
 * draft and opens the editor.
 */

export const meta: Route.MetaFunction = () => [{ title: "Articles - Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = readArticleListFilters(new URL(request.url).searchParams);
  const [list, authors] = await Promise.all([
    listArticlesForAdmin(context.get(appContext).db, filters),
    listAuthors(context.get(appContext).db),
  ]);
  const { flash, headers } = await readFlash(request, context.get(appContext).config);
  const pageCount = Math.max(1, Math.ceil(list.total / ARTICLE_LIST_PAGE_SIZE));
  return data({ filters, ...list, pageCount, authors: authors.map(({ id, name }) => ({ id, name })), flash }, { headers });
}

export async function action(args: Route.ActionArgs) {
  const user = adminUser(args.context);
  return dispatchIntent(args, {
    "new-article": async ({ request, context }) => {
      const id = await createDraft(context.db, { id: user.id, email: user.email }, ARTICLE_CATEGORIES[0].slug, null);
      await recordAdminAction({ request, context }, "article-created", `Draft id ${id}`);
      throw await redirectWithFlash(request, context.config, `/admin/articles/${id}`, {
        toast: { kind: "success", title: "Draft started", description: "It saves on its own while you type." },
      });
    },
  } satisfies IntentTable);
}

const selectClasses = "h-11 min-w-0 rounded-full border border-line bg-surface px-4 text-sm";

export default function ArticlesPage({ loaderData }: Route.ComponentProps) {
  const { filters, rows, total, pageCount, authors, flash } = loaderData;
  useResultToast(flash);
  return (
    <>
      <AdminPageHeader title="Articles" description="The Knowledge Center: drafts, scheduled and published articles.">
        <Form method="post">
          <Button type="submit" name="intent" value="new-article" className="w-full">
            <Plus aria-hidden className="size-4" />
            New article
          </Button>
        </Form>
        <a href="/admin/articles/export" download className={buttonClasses({ variant: "secondary" })}>
          Export all (.zip)
        </a>
      </AdminPageHeader>
      <ArticleImportForm />
      <FlashNotice flash={flash} />
      <Form method="get" role="search" aria-label="Articles" className="mb-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Search
          <input type="search" name="q" defaultValue={filters.q} placeholder="Title or slug" className={selectClasses} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Status
          <select name="status" defaultValue={filters.status} className={selectClasses}>
            <option value="">Any status</option>
            {Object.entries(ARTICLE_STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Category
          <select name="category" defaultValue={filters.category} className={selectClasses}>
            <option value="">Every category</option>
            {ARTICLE_CATEGORIES.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Author
          <select name="author" defaultValue={filters.author ?? ""} className={selectClasses}>
            <option value="">Every author</option>
            {authors.map((author) => (
              <option key={author.id} value={author.id}>
                {author.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClasses({ variant: "primary" })}>
          Filter
        </button>
      </Form>
      <ArticleTable rows={rows} filters={filters} total={total} pageCount={pageCount} />
    </>
  );
}
