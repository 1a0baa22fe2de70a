import { data } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { RevisionDiff, RevisionList } from "~/components/admin/articles/revision-view";
import { FlashNotice } from "~/components/ui/flash-notice";
import { Link } from "~/components/ui/link";
import { useResultToast } from "~/components/ui/use-result-toast";
import { revisionDiff } from "~/lib/admin/revision-diff";
import { findArticleForEdit } from "~/server/articles/article-admin.server";
import { findRevision, listRevisions, restoreRevision } from "~/server/articles/article-revisions.server";
import { recordAdminAction } from "~/server/audit/audit-log.server";
import { getSignedInUser, requireAdmin } from "~/server/auth/guard.server";
import { readFlash, redirectWithFlash } from "~/server/forms/flash.server";
import { dispatchIntent, type IntentTable } from "~/server/forms/intents.server";
import type { Route } from "./+types/article-revisions";

/**
 * /admin/articles/{id}/revisions: every save of the article (who, when), a readable diff between
 * any two, and restoring one in a click (a restore is a save: it can be undone the same way).
 */

export const meta: Route.MetaFunction = () => [{ title: "Revisions - Admin" }, { name: "robots", content: "noindex" }];

const idOf = (value: string | null | undefined) => (value && /^\d{1,15}$/.test(value) ? Number(value) : null);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = idOf(params.articleId);
  const article = id === null ? null : await findArticleForEdit(context.db, id);
  if (!article) throw data("Not found", { status: 404 });
  const revisions = await listRevisions(context.db, article.id);
  const url = new URL(request.url);
  const b = idOf(url.searchParams.get("b")) ?? revisions[0]?.id ?? null;
  const a = idOf(url.searchParams.get("a")) ?? revisions[1]?.id ?? null;
  const [older, newer] = await Promise.all([
    a === null ? null : findRevision(context.db, article.id, a),
    b === null ? null : findRevision(context.db, article.id, b),
  ]);
  const diff = older && newer ? { diffs: revisionDiff(older.fields, newer.fields), older, newer } : null;
  const { flash, headers } = await readFlash(request, context.config);
  return data({ article: { id: article.id, title: article.fields.title }, revisions, a, b, diff, flash }, { headers });
}

const intents = {
  restore: async ({ form, request, context, params }) => {
    const articleId = idOf(params.articleId);
    const revisionId = idOf(String(form.get("revision") ?? ""));
    const user = await getSignedInUser(request, context);
    const editor = { id: user?.id ?? null, email: user?.email ?? "unknown" };
    const restored = articleId !== null && revisionId !== null ? await restoreRevision(context.db, articleId, revisionId, editor) : null;
    if (!restored)
      return data(
        { toast: { kind: "error" as const, title: "Not restored", description: "That revision no longer exists." } },
        { status: 404 },
      );
    await recordAdminAction(
      { request, context },
      "article-revision-restored",
      `${restored.fields.slug} (id ${articleId}): revision ${revisionId} restored`,
    );
    throw await redirectWithFlash(request, context.config, `/admin/articles/${articleId}`, {
      toast: { kind: "success", title: "Revision restored", description: "The article is as it was then; the restore is a revision too." },
    });
  },
} satisfies IntentTable;

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args.request, args.context);
  return dispatchIntent(args, intents);
}

export default function ArticleRevisionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { article, revisions, a, b, diff, flash } = loaderData;
  useResultToast(flash);
  useResultToast(actionData);
  return (
    <>
      <AdminPageHeader title={`Revisions: ${article.title}`} description="Every save is kept, with who made it and when.">
        <Link to={`/admin/articles/${article.id}`} className="font-semibold text-brand underline">
          Back to the editor
        </Link>
      </AdminPageHeader>
      <FlashNotice flash={flash} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <RevisionList revisions={revisions} a={a} b={b} />
        {diff ? (
          <RevisionDiff diffs={diff.diffs} older={diff.older} newer={diff.newer} />
        ) : (
          <p className="text-sm text-ink-muted">One revision so far: nothing to compare yet.</p>
        )}
      </div>
    </>
  );
}
