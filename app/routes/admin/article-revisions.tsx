import { appContext } from "~/server/load-context";
import { data } from "react-router";
import { RevisionsPage } from "~/components/admin/revisions/revisions-page";
import { revisionDiff } from "~/lib/admin/revision-diff";
import { findArticleForEdit } from "~/server/articles/article-admin.server";
import { findRevision, listRevisions, restoreRevision } from "~/server/articles/article-revisions.server";
import { revisionIdOf, revisionsPage } from "~/server/admin/revisions-page.server";
import { recordAdminAction } from "~/server/audit/audit-log.server";
import { getSignedInUser } from "~/server/auth/guard.server";
import { redirectWithFlash } from "~/server/forms/flash.server";
import { dispatchIntent, type IntentTable } from "~/server/forms/intents.server";
import type { Route } from "./+types/article-revisions";

/**
 * /admin/articles/{id}/revisions: every save of the article (who, when), a readable diff between
 * any two, and restoring one in a click (a restore is a save: it can be undone the same way).
 */

export const meta: Route.MetaFunction = () => [{ title: "Revisions - Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = revisionIdOf(params.articleId);
  const article = id === null ? null : await findArticleForEdit(context.get(appContext).db, id);
  if (!article) throw data("There is no article with this number: it may have been deleted.", { status: 404 });
  return revisionsPage(request, context.get(appContext), {
    title: `Revisions: ${article.fields.title}`,
    editor: `/admin/articles/${article.id}`,
    revisions: await listRevisions(context.get(appContext).db, article.id),
    find: (revisionId) => findRevision(context.get(appContext).db, article.id, revisionId),
    diff: (older, newer) => revisionDiff(older.fields, newer.fields),
  });
}

const intents = {
  restore: async ({ form, request, context, params }) => {
    const articleId = revisionIdOf(params.articleId);
    const revisionId = revisionIdOf(String(form.get("revision") ?? ""));
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
  return dispatchIntent(args, intents);
}

export default function ArticleRevisionsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <RevisionsPage page={loaderData} actionData={actionData} />;
}
