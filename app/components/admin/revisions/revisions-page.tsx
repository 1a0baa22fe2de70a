import { AdminPageHeader } from "~/components/admin/page-header";
import { FlashNotice } from "~/components/ui/flash-notice";
import { Link } from "~/components/ui/link";
import { useResultToast } from "~/components/ui/use-result-toast";
import type { ResultToast } from "~/lib/forms/result-toast";
import type { RevisionsPageData } from "~/server/admin/revisions-page.server";
import { RevisionDiff, RevisionList } from "./revision-view";

/**
 * The revisions page of an article, a product or a review: every save (who, when, to the
 * second), what changed between two of them, and restoring one.
 */
export function RevisionsPage({ page, actionData }: { page: RevisionsPageData; actionData: { toast?: ResultToast | null } | undefined }) {
  const { title, editor, revisions, a, b, diff, flash } = page;
  useResultToast(flash);
  useResultToast(actionData);
  return (
    <>
      <AdminPageHeader title={title} description="Every save is kept, with who made it and when.">
        <Link to={editor} className="font-semibold text-brand underline">
          Back to the editor
        </Link>
      </AdminPageHeader>
      <FlashNotice flash={flash} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <RevisionList revisions={revisions} a={a} b={b} />
        {diff ? (
          <RevisionDiff diffs={diff.diffs} older={diff.older} newer={diff.newer} />
        ) : (
          <p className="text-sm text-ink-muted">
            {revisions.length === 0 ? "No revision yet: the next save keeps the first." : "One revision so far: nothing to compare yet."}
          </p>
        )}
      </div>
    </>
  );
}
