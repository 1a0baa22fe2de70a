import { data } from "react-router";
import type { FieldDiff } from "~/lib/admin/revision-diff";
import { revisionPair } from "~/lib/admin/revision-pair";
import type { Flash } from "~/lib/forms/flash";
import type { AppServices } from "~/server/load-context";
import { readFlash } from "../forms/flash.server";

/**
 * What a revisions page shows, for an article's revisions and a product's or a review's alike:
 * the list, the two compared (app/lib/admin/revision-pair.ts) and what changed between them.
 */

export interface RevisionRow {
  id: number;
  savedAt: number;
  by: string;
  autosave: boolean;
}

export interface RevisionsPageData {
  /** The page's heading. */
  title: string;
  /** Where "Back to the editor" goes. */
  editor: string;
  revisions: RevisionRow[];
  a: number | null;
  b: number | null;
  diff: { diffs: FieldDiff[]; older: RevisionRow; newer: RevisionRow } | null;
  flash: Flash | null;
}

/** A revision id from the address or a form: digits only, else null. */
export function revisionIdOf(value: string | null | undefined): number | null {
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/** The page's data and the flash cookie's headers, the two revisions compared read by `find`. */
export async function revisionsPage<R extends RevisionRow>(
  request: Request,
  context: AppServices,
  page: {
    title: string;
    editor: string;
    revisions: readonly RevisionRow[];
    find: (revisionId: number) => Promise<R | null>;
    diff: (older: R, newer: R) => FieldDiff[];
  },
) {
  const url = new URL(request.url);
  const { a, b } = revisionPair(
    page.revisions.map((revision) => revision.id),
    { a: revisionIdOf(url.searchParams.get("a")), b: revisionIdOf(url.searchParams.get("b")) },
  );
  const [older, newer] = await Promise.all([a === null ? null : page.find(a), b === null ? null : page.find(b)]);
  const row = ({ id, savedAt, by, autosave }: RevisionRow): RevisionRow => ({ id, savedAt, by, autosave });
  const { flash, headers } = await readFlash(request, context.config);
  const body: RevisionsPageData = {
    title: page.title,
    editor: page.editor,
    revisions: page.revisions.map(row),
    a,
    b,
    diff: older && newer ? { diffs: page.diff(older, newer), older: row(older), newer: row(newer) } : null,
    flash,
  };
  return data(body, { headers });
}
