import { data } from "react-router";
import { articleFormSchema, articleReadyProblems } from "~/lib/admin/article-form";
import { formFailure, formValues, parseForm, type FieldErrors } from "~/lib/forms/parse-form";
import type { ResultToast } from "~/lib/forms/result-toast";
import {
  noteIdsToRemove,
  tidyUpdateNote,
  UPDATE_NOTE_FIELD,
  UPDATE_NOTE_REMOVE_FIELD,
  updateNoteProblem,
} from "~/lib/updates/update-notes";
import type { AuditAction } from "~/lib/audit/audit-actions";
import { recordAdminAction, recordAdminActionOnce } from "../audit/audit-log.server";
import { getSignedInUser } from "../auth/guard.server";
import { redirectWithFlash } from "../forms/flash.server";
import type { IntentArgs, IntentTable } from "../forms/intents.server";
import { ARTICLE_FIELD_LABELS, articleFormValues } from "~/lib/admin/article-form-values";
import type { EditConflict } from "~/lib/admin/edit-conflict";
import { saveUnlessNewer } from "../forms/edit-conflict.server";
import { ArticleRefused, findArticleForEdit, saveArticle, type Publication } from "./article-admin.server";

/**
 * The article editor's actions, one per button: Save, Publish now, Schedule, Unpublish, and the
 * autosave the editor sends while a draft is typed. Each reads the whole form, so nothing typed
 * is lost when a save is refused: the form comes back with its text and the field at fault.
 */

export interface ArticleEditorAnswer {
  toast?: ResultToast;
  fieldErrors?: FieldErrors;
  formError?: string | null;
  values?: Record<string, string | string[]>;
  /** An autosave's time, for "Saved at …". */
  autosavedAt?: number;
  /** The article's version after an autosave: the editor's next save names it. */
  version?: number;
  /** Someone saved the article after this editor loaded it: what differs, and the form to send again. */
  conflict?: EditConflict;
}

/** The schedule's moment: the browser's own reading of the local time it shows (publishAtMs), else the typed value as UTC. */
function scheduledAt(form: FormData): number | null {
  const ms = Number(form.get("publishAtMs"));
  if (Number.isSafeInteger(ms) && ms > 0) return ms;
  const typed = String(form.get("publishAt") ?? "");
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(typed)) return null;
  const parsed = Date.parse(`${typed}:00Z`);
  return Number.isNaN(parsed) ? null : parsed;
}

const DONE: Record<Publication["kind"], (slug: string) => ResultToast> = {
  keep: () => ({ kind: "success", title: "Saved", description: "A revision of this save is kept." }),
  "publish-now": (slug) => ({ kind: "success", title: "Published", description: `It is live at /learn/${slug}.` }),
  schedule: () => ({ kind: "success", title: "Scheduled", description: "It goes live on its own at the time you chose." }),
  unpublish: () => ({ kind: "success", title: "Unpublished", description: "It is a draft again; its page has left the site." }),
};

/** The audit log's name for each button's save. */
const AUDITED: Record<Publication["kind"], AuditAction> = {
  keep: "article-saved",
  "publish-now": "article-published",
  schedule: "article-scheduled",
  unpublish: "article-unpublished",
};

/** Autosaves of one draft by one editor within this long are one entry, as they are one revision. */
const AUTOSAVE_AUDIT_WINDOW_MS = 10 * 60_000;

function notSaved(form: FormData, fieldErrors: FieldErrors, formError: string | null, status = 400) {
  return data<ArticleEditorAnswer>(
    {
      ...formFailure(formValues(form), fieldErrors, formError),
      toast: { kind: "error", title: "Not saved", description: formError ?? "Check the highlighted fields." },
    },
    { status },
  );
}

async function save(args: IntentArgs, publication: Publication | "schedule", autosave = false) {
  const id = Number(args.params.articleId);
  return saveUnlessNewer({
    form: args.form,
    labels: ARTICLE_FIELD_LABELS,
    current: async () => {
      const article = await findArticleForEdit(args.context.db, id);
      return article && { version: article.version, values: articleFormValues(article.fields) };
    },
    reloadTo: `/admin/articles/${id}`,
    save: (form, version) => saveAt({ ...args, form }, version, publication, autosave),
  });
}

async function saveAt(
  { form, request, context, params }: IntentArgs,
  version: number,
  publication: Publication | "schedule",
  autosave: boolean,
) {
  const id = Number(params.articleId);
  const parsed = parseForm(form, articleFormSchema);
  // The autosave never carries a note: a note is published only by pressing a button.
  const note = autosave ? null : tidyUpdateNote(form.get(UPDATE_NOTE_FIELD));
  const noteProblem = updateNoteProblem(note);
  if (!parsed.ok || noteProblem) {
    const fieldErrors = parsed.ok ? {} : parsed.fieldErrors;
    return notSaved(
      form,
      noteProblem ? { ...fieldErrors, [UPDATE_NOTE_FIELD]: noteProblem } : fieldErrors,
      parsed.ok ? null : parsed.formError,
    );
  }
  let chosen: Publication;
  if (publication === "schedule") {
    const at = scheduledAt(form);
    if (at === null) return notSaved(form, { publishAt: "Choose the date and time to publish it." }, null);
    chosen = { kind: "schedule", at };
  } else chosen = publication;
  if (chosen.kind === "publish-now" || chosen.kind === "schedule") {
    const problems = articleReadyProblems(parsed.value);
    if (Object.keys(problems).length > 0) return notSaved(form, problems, "Not ready to go live: fill in the highlighted fields.");
  }
  const user = await getSignedInUser(request, context);
  const editor = { id: user?.id ?? null, email: user?.email ?? "unknown" };
  try {
    const saved = await saveArticle(context.db, id, parsed.value, {
      editor,
      publication: chosen,
      markUpdated: form.get("markUpdated") === "true",
      autosave,
      version,
      updateNote: note,
      removeNotes: autosave ? [] : noteIdsToRemove(form.getAll(UPDATE_NOTE_REMOVE_FIELD)),
    });
    const what = `${saved.fields.slug} (id ${id})`;
    if (autosave) {
      await recordAdminActionOnce({ request, context }, "article-autosaved", what, AUTOSAVE_AUDIT_WINDOW_MS);
      return data<ArticleEditorAnswer>({ autosavedAt: saved.updatedAt, version: saved.version });
    }
    await recordAdminAction(
      { request, context },
      AUDITED[chosen.kind],
      chosen.kind === "schedule" ? `${what}: goes live ${new Date(chosen.at).toISOString().slice(0, 16).replace("T", " ")} UTC` : what,
    );
    throw await redirectWithFlash(request, context.config, `/admin/articles/${id}`, { toast: DONE[chosen.kind](saved.fields.slug) });
  } catch (error) {
    if (!(error instanceof ArticleRefused)) throw error;
    return notSaved(form, error.field ? { [error.field]: error.message } : {}, error.field ? null : error.message, autosave ? 409 : 400);
  }
}

export const ARTICLE_EDITOR_INTENTS = {
  save: (args) => save(args, { kind: "keep" }),
  autosave: (args) => save(args, { kind: "keep" }, true),
  publish: (args) => save(args, { kind: "publish-now" }),
  schedule: (args) => save(args, "schedule"),
  unpublish: (args) => save(args, { kind: "unpublish" }),
} satisfies IntentTable;
