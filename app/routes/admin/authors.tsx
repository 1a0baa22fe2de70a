import { appContext } from "~/server/load-context";
import { Plus } from "lucide-react";
import { data, useNavigation } from "react-router";
import { EmptyTable, TableCard, TableHead } from "~/components/admin/admin-table";
import { AuthorForm } from "~/components/admin/articles/author-form";
import { AdminPageHeader } from "~/components/admin/page-header";
import { buttonClasses } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { useResultToast } from "~/components/ui/use-result-toast";
import { authorFormSchema } from "~/lib/admin/author-form";
import { authorFormValues } from "~/lib/admin/author-form-values";
import { formFailure, formValues, parseForm } from "~/lib/forms/parse-form";
import { EditConflictPanel } from "~/components/admin/edit-conflict-panel";
import { AuthorRefused, authorFormNow, listAuthors, saveAuthor } from "~/server/articles/authors.server";
import { saveUnlessNewer } from "~/server/forms/edit-conflict.server";
import { readFlash, redirectWithFlash } from "~/server/forms/flash.server";
import { dispatchIntent, type IntentTable } from "~/server/forms/intents.server";
import type { Route } from "./+types/authors";

/** /admin/authors: who writes the articles, and the form to add or change one. */

export const meta: Route.MetaFunction = () => [{ title: "Authors - Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const authors = await listAuthors(context.get(appContext).db);
  const edit = authors.find((author) => String(author.id) === url.searchParams.get("edit")) ?? null;
  const { flash, headers } = await readFlash(request, context.get(appContext).config);
  return data({ authors, edit, adding: url.searchParams.has("new"), flash }, { headers });
}

/** The author form's fields with the labels it shows, for a save conflict. */
const AUTHOR_FIELD_LABELS = [
  ["name", "Name"],
  ["slug", "Slug"],
  ["title", "Title"],
  ["credentials", "Credentials"],
  ["bio", "Bio"],
  ["image", "Photo"],
  ["imageAlt", "Photo description"],
  ["profileLinks", "Profile addresses"],
] as const;

const intents = {
  "save-author": async ({ form: sent, request, context }) => {
    const id = /^\d{1,9}$/.test(String(sent.get("id") ?? "")) ? Number(sent.get("id")) : null;
    const save = async (form: FormData, version: number) => {
      const parsed = parseForm(form, authorFormSchema);
      const refuse = (state: ReturnType<typeof formFailure>) => data({ form: { ...state, editingId: id } }, { status: 400 });
      if (!parsed.ok) return refuse(parsed);
      try {
        await saveAuthor(context.db, parsed.value, id, id === null ? undefined : version);
      } catch (error) {
        if (!(error instanceof AuthorRefused)) throw error;
        return refuse(formFailure(formValues(form), error.field ? { [error.field]: error.message } : {}, error.message));
      }
      throw await redirectWithFlash(request, context.config, "/admin/authors", {
        toast: { kind: "success", title: "Author saved", description: `${parsed.value.name} is saved.` },
      });
    };
    if (id === null) return save(sent, 0);
    return saveUnlessNewer({
      form: sent,
      labels: AUTHOR_FIELD_LABELS,
      current: () => authorFormNow(context.db, id),
      reloadTo: `/admin/authors?edit=${id}#author-form`,
      save,
    });
  },
} satisfies IntentTable;

export async function action(args: Route.ActionArgs) {
  return dispatchIntent(args, intents);
}

const COLUMNS = [{ label: "Name" }, { label: "Title" }, { label: "Articles" }, { label: "Page" }];

export default function AuthorsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { authors, edit, adding, flash } = loaderData;
  useResultToast(flash);
  const busy = useNavigation().state === "submitting";
  const sent = actionData && "form" in actionData ? actionData.form : null;
  const conflict = actionData && "conflict" in actionData ? actionData.conflict : null;
  const editingId = sent ? sent.editingId : (edit?.id ?? null);
  const saved = edit && authorFormValues(edit);
  const state = sent ?? (saved ? { values: saved } : adding ? { values: {} } : null);
  return (
    <>
      <AdminPageHeader title="Authors" description="Who writes the articles. Each author with a published article has a page.">
        <Link to="/admin/authors?new#author-form" className={buttonClasses()}>
          <Plus aria-hidden className="size-4" />
          Add author
        </Link>
      </AdminPageHeader>
      <div className="space-y-6">
        {conflict ? (
          <EditConflictPanel conflict={conflict} />
        ) : (
          state && <AuthorForm key={editingId ?? "new"} editingId={editingId} version={edit?.version} state={state} busy={busy} />
        )}
        {authors.length === 0 ? (
          <EmptyTable>No authors yet.</EmptyTable>
        ) : (
          <TableCard label="Authors, scrollable">
            <table className="w-full text-left text-sm" aria-label="Authors">
              <TableHead columns={COLUMNS} cell="px-4 py-3" />
              <tbody>
                {authors.map((author) => (
                  <tr key={author.id} className="border-t border-line">
                    <td className="px-4 py-2.5">
                      <Link to={`/admin/authors?edit=${author.id}#author-form`} className="font-semibold text-brand underline">
                        {author.name}
                      </Link>
                    </td>
                    <td className="px-4 py-2.5">{author.title || "-"}</td>
                    <td className="px-4 py-2.5 tabular-nums">{author.articles}</td>
                    <td className="px-4 py-2.5">/learn/author/{author.slug}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableCard>
        )}
      </div>
    </>
  );
}
