import type { ReactNode } from "react";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Link } from "~/components/ui/link";
import { auditActionLabel } from "~/lib/audit/audit-actions";
import type { EditorDashboard } from "~/lib/admin/editor-dashboard";

const utcMinute = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

function Panel({ id, title, empty, children }: { id: string; title: string; empty: string; children: ReactNode[] }) {
  return (
    <section aria-labelledby={id} className="rounded-card border border-line bg-surface p-5 shadow-card">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line text-sm">{children}</ul>
      )}
    </section>
  );
}

/** An editor's /admin: their drafts, what is scheduled, reviews due for a new look, their recent edits. */
export function EditorDashboardView({ dashboard }: { dashboard: EditorDashboard }) {
  const { drafts, scheduled, reviewsDue, recentEdits } = dashboard;
  const row = "flex min-h-11 flex-wrap items-center justify-between gap-x-4 py-2";
  return (
    <>
      <AdminPageHeader
        title="Your work"
        description="Your drafts, what goes live next, reviews due for another look and your latest edits."
      />
      <div className="grid gap-4 lg:grid-cols-2" data-testid="editor-dashboard">
        <Panel id="drafts-title" title="Your drafts" empty="No drafts of yours. Start one from Articles.">
          {drafts.map((draft) => (
            <li key={draft.id} className={row}>
              <Link to={`/admin/articles/${draft.id}`} className="font-semibold text-brand hover:underline">
                {draft.title || "Untitled draft"}
              </Link>
              <span className="text-ink-muted">saved {utcMinute(draft.updatedAt)}</span>
            </li>
          ))}
        </Panel>
        <Panel id="scheduled-title" title="Scheduled" empty="Nothing is scheduled.">
          {scheduled.map((article) => (
            <li key={article.id} className={row}>
              <Link to={`/admin/articles/${article.id}`} className="font-semibold text-brand hover:underline">
                {article.title}
              </Link>
              <span className="text-ink-muted">goes live {utcMinute(article.publishAt)}</span>
            </li>
          ))}
        </Panel>
        <Panel id="reviews-due-title" title="Reviews due for an update" empty="Every review was tested within the last 12 months.">
          {reviewsDue.map((review) => (
            <li key={review.id} className={row}>
              <Link to={`/admin/reviews/${review.id}`} className="font-semibold text-brand hover:underline">
                {review.name}
              </Link>
              <span className="text-ink-muted">{review.testedOn ? `tested ${review.testedOn}` : "no test date"}</span>
            </li>
          ))}
        </Panel>
        <Panel id="recent-edits-title" title="Your recent edits" empty="No edits yet.">
          {recentEdits.map((edit) => (
            <li key={edit.id} className={row}>
              <span>
                <span className="font-semibold">{auditActionLabel(edit.action)}</span>
                {edit.detail ? <span className="text-ink-muted">: {edit.detail}</span> : null}
              </span>
              <span className="text-ink-muted">{utcMinute(edit.at)}</span>
            </li>
          ))}
        </Panel>
      </div>
    </>
  );
}
