import { History } from "lucide-react";
import { useState } from "react";
import type { Blocker } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { Link } from "~/components/ui/link";
import { ARTICLE_STATUS_LABELS } from "~/lib/admin/article-list";
import type { EditorArticle } from "./article-editor";

function localInputValue(ms: number): string {
  const date = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
}

function statusLine(article: EditorArticle): string {
  if (article.status === "scheduled" && article.publishAt !== null) return `Scheduled for ${new Date(article.publishAt).toLocaleString()}`;
  if (article.status === "published" && article.publishAt !== null)
    return `Published ${new Date(article.publishAt).toISOString().slice(0, 10)}${article.lastUpdated ? `, updated ${article.lastUpdated}` : ""}`;
  return ARTICLE_STATUS_LABELS[article.status];
}

/**
 * Save, publish now, schedule (a local date and time, sent as the moment it means) and unpublish;
 * the autosave's state; "Mark as updated" for a substantive edit of a live article.
 */
export function PublishBar({
  article,
  autosave,
  error,
}: {
  article: EditorArticle;
  autosave: { dirty: boolean; autosaving: boolean; autosavedAt: number | null; autosaveError: string | null };
  error?: string;
}) {
  const [when, setWhen] = useState(() => (article.status === "scheduled" && article.publishAt ? localInputValue(article.publishAt) : ""));
  const at = when ? new Date(when).getTime() : NaN;
  const live = article.status === "published";
  return (
    <section
      aria-label="Publishing"
      className="z-10 space-y-3 lg:sticky lg:bottom-0 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <strong>{statusLine(article)}</strong>
        <span className="text-ink-muted" aria-live="polite">
          {autosave.autosaveError
            ? `Not saved: ${autosave.autosaveError}`
            : autosave.autosaving
              ? "Saving…"
              : autosave.dirty
                ? "Unsaved changes"
                : autosave.autosavedAt
                  ? `Saved at ${new Date(autosave.autosavedAt).toLocaleTimeString()}`
                  : "All changes saved"}
        </span>
        <Link to={`/admin/articles/${article.id}/revisions`} className="inline-flex items-center gap-1 font-semibold text-brand underline">
          <History aria-hidden className="size-4" />
          Revisions
        </Link>
        {live && (
          <a href={`/learn/${article.fields.slug}`} className="font-semibold text-brand underline">
            View on the site
          </a>
        )}
        <a href={`/admin/articles/export?id=${article.id}`} download className="font-semibold text-brand underline">
          Export (.md)
        </a>
      </p>
      <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-end">
        <Button type="submit" name="intent" value="save" variant={live ? "primary" : "secondary"}>
          {live ? "Save changes" : "Save draft"}
        </Button>
        {!live && (
          <Button type="submit" name="intent" value="publish">
            Publish now
          </Button>
        )}
        {live && (
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" name="markUpdated" value="true" className="size-4 accent-brand" />
            Mark as updated (shows today as the updated date)
          </label>
        )}
        {!live && (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <label className="block space-y-1.5 text-sm font-medium">
              Publish at (your local time)
              <input
                type="datetime-local"
                name="publishAt"
                value={when}
                onChange={(event) => setWhen(event.currentTarget.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "publish-at-error" : undefined}
                className={inputClasses}
              />
            </label>
            <input type="hidden" name="publishAtMs" value={Number.isNaN(at) ? "" : String(at)} />
            <Button type="submit" name="intent" value="schedule" variant="secondary">
              Schedule
            </Button>
          </div>
        )}
        {article.status !== "draft" && (
          <Button type="submit" name="intent" value="unpublish" variant="secondary">
            {live ? "Unpublish" : "Cancel the schedule"}
          </Button>
        )}
      </div>
      {error && (
        <p id="publish-at-error" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}

/** "Leave without saving?" when a link inside the site would drop unsaved changes. */
export function LeavePrompt({ blocker }: { blocker: Blocker }) {
  if (blocker.state !== "blocked") return null;
  return (
    <div
      role="alertdialog"
      aria-labelledby="leave-title"
      className="fixed inset-x-4 bottom-4 z-20 mx-auto max-w-md rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <h2 id="leave-title" className="font-semibold">
        Leave without saving?
      </h2>
      <p className="mt-1 text-sm text-ink-muted">Your latest changes are not saved yet.</p>
      <div className="mt-3 flex gap-2">
        <Button type="button" onClick={() => blocker.reset()}>
          Stay
        </Button>
        <Button type="button" variant="secondary" onClick={() => blocker.proceed()}>
          Leave
        </Button>
      </div>
    </div>
  );
}
