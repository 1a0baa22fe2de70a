import { appContext } from "~/server/load-context";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { ArticleEditor } from "~/components/admin/articles/article-editor";
import { EditConflictPanel } from "~/components/admin/edit-conflict-panel";
import { AdminPageHeader } from "~/components/admin/page-header";
import { FlashNotice } from "~/components/ui/flash-notice";
import { Link } from "~/components/ui/link";
import { useResultToast } from "~/components/ui/use-result-toast";
import { findArticleForEdit, listKnownTags } from "~/server/articles/article-admin.server";
import { ARTICLE_EDITOR_INTENTS } from "~/server/articles/article-editor.server";
import { listAuthors } from "~/server/articles/authors.server";
import { listUpdateNotesForEditor } from "~/server/updates/update-notes.server";
import { readFlash } from "~/server/forms/flash.server";
import { dispatchIntent } from "~/server/forms/intents.server";
import type { Route } from "./+types/article-edit";
import "~/styles/article-prose.css";

/**
 * /admin/articles/{id}: the article editor. Save, publish now, schedule, unpublish and the
 * autosave of a draft all post here (article-editor.server.ts); every save keeps a revision.
 */

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData?.article.fields.title ?? "Article"} - Edit article - Admin` },
  { name: "robots", content: "noindex" },
];

function articleId(params: { articleId: string }): number {
  const id = Number(params.articleId);
  if (!Number.isSafeInteger(id) || id <= 0) throw data("Not found", { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = articleId(params);
  const [article, authors, knownTags, notes] = await Promise.all([
    findArticleForEdit(context.get(appContext).db, id),
    listAuthors(context.get(appContext).db),
    listKnownTags(context.get(appContext).db),
    listUpdateNotesForEditor(context.get(appContext).db, { type: "article", id }),
  ]);
  if (!article) throw data("Not found", { status: 404 });
  const { flash, headers } = await readFlash(request, context.get(appContext).config);
  return data({ article, authors: authors.map(({ id, name }) => ({ id, name })), knownTags, notes, flash }, { headers });
}

/** The autosave and an upload change nothing the page shows: reloading would reset the form mid-typing. */
export function shouldRevalidate({ formData, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "autosave") return false;
  if (formAction === "/admin/articles/images") return false;
  return defaultShouldRevalidate;
}

export async function action(args: Route.ActionArgs) {
  articleId(args.params);
  return dispatchIntent(args, ARTICLE_EDITOR_INTENTS);
}

export default function ArticleEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { article, authors, knownTags, notes, flash } = loaderData;
  useResultToast(flash);
  useResultToast(actionData);
  const conflict = actionData && "conflict" in actionData ? actionData.conflict : undefined;
  return (
    <>
      <AdminPageHeader title="Edit article" description="Write in Markdown; the preview shows it as readers will see it.">
        <Link to="/admin/articles" className="font-semibold text-brand underline">
          All articles
        </Link>
      </AdminPageHeader>
      <FlashNotice flash={flash} />
      {/* A save refused because someone saved first: the choice takes the editor's place. */}
      {conflict ? (
        <EditConflictPanel conflict={conflict} action={`/admin/articles/${article.id}`} />
      ) : (
        /* A new key after each save starts the form from what was saved. */
        <ArticleEditor
          key={`${article.id}:${article.updatedAt}`}
          article={article}
          authors={authors}
          knownTags={knownTags}
          answer={actionData}
          notes={notes}
        />
      )}
    </>
  );
}
