import { memo, useState } from "react";
import { cn } from "~/components/ui/cn";
import {
  describeCounts,
  PREVIEW_ROWS_PER_STATUS,
  type CollectionChoice,
  type FieldChange,
  type ImportPreview,
  type PlannedRow,
  type RowStatus,
} from "~/lib/csv/import-plan";
import { RuleListQuestion } from "./rule-list-question";

/**
 * The import's per-row diff against the database: the counts first, a filter, and for each row
 * a badge (new, changed, unchanged) with the fields that change, from what to what. The server
 * computes it with the save's own rules; unchanged rows are not written.
 */

type Filter = "all" | "changes" | "new" | "changed";

const FILTERS: { value: Filter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "changes", label: "Changes only" },
  { value: "new", label: "New" },
  { value: "changed", label: "Changed" },
];

const BADGES: Record<RowStatus, { label: string; className: string }> = {
  new: { label: "New", className: "bg-forest-soft text-forest border-forest/30" },
  changed: { label: "Changed", className: "bg-amber-50 text-amber-800 border-amber-300" },
  unchanged: { label: "Unchanged", className: "bg-sand text-ink-muted border-line" },
};

const shows = (filter: Filter, status: RowStatus) =>
  filter === "all" || (filter === "changes" ? status !== "unchanged" : filter === status);

/** Rows rendered at most for one filter (the server sends up to this many of each status). */
const SHOWN = PREVIEW_ROWS_PER_STATUS;

export type DiffState =
  | { phase: "loading" }
  /** With scripts, the answer to the preview's question (RuleListQuestion) is kept by the page. */
  | { phase: "ready"; preview: ImportPreview; choice?: CollectionChoice | null; choose?(choice: CollectionChoice): void }
  | { phase: "failed"; message: string };

export const ImportDiff = memo(function ImportDiff({
  state,
  title = "Changes against the database",
  noun,
  form,
  afterChoice,
  unchangedNote = "Every row matches the database: saving writes nothing.",
}: {
  state: DiffState;
  /** The line shown when no row is new or changed; null shows none (the caller says what else a save writes). */
  unchangedNote?: string | null;
  /** Where the question's answer is sent from, when not the upload form (see RuleListQuestion). */
  afterChoice?: string;
  title?: string;
  /** 'products' or 'collections'. */
  noun: string;
  /** The upload form the preview's question (if any) is answered in. */
  form?: string;
}) {
  const [filter, setFilter] = useState<Filter>("all");
  if (state.phase === "loading") {
    return (
      <p role="status" className="rounded-card border border-line bg-surface p-3 text-sm text-ink-muted shadow-card">
        Comparing the file with the {noun} in the database…
      </p>
    );
  }
  if (state.phase === "failed") {
    return (
      <p role="status" className="rounded-card border border-amber-300 bg-amber-50 p-3 text-sm text-ink">
        Could not compare the file with the database: {state.message} Saving still applies the same rules.
      </p>
    );
  }
  const { counts, rows } = state.preview;
  const visible = rows.filter((row) => shows(filter, row.status));
  const total =
    filter === "all" ? counts.new + counts.changed + counts.unchanged : filter === "changes" ? counts.new + counts.changed : counts[filter];
  return (
    <section aria-labelledby="import-diff-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="import-diff-title" className="text-xl font-semibold">
          {title}
        </h2>
        <p className="text-sm font-semibold text-ink" data-testid="import-diff-counts">
          {describeCounts(counts)}
        </p>
      </div>
      {/* The question while there is a form to answer it in; once saved, what the answer did. */}
      {(form || state.preview.collectionChoice) && (
        <RuleListQuestion
          preview={state.preview}
          form={form ?? ""}
          choice={state.choice}
          onChoose={state.choose}
          afterChoice={afterChoice}
        />
      )}
      {counts.new + counts.changed === 0 && unchangedNote && <p className="text-sm text-ink-muted">{unchangedNote}</p>}
      <div role="group" aria-label="Show rows" className="flex flex-wrap gap-2">
        {FILTERS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={filter === option.value}
            onClick={() => setFilter(option.value)}
            className={cn(
              "min-h-9 rounded-full border px-3 text-sm font-medium transition-colors",
              filter === option.value ? "border-brand bg-brand text-white" : "border-line bg-surface text-ink hover:bg-sand",
            )}
          >
            {option.label}
          </button>
        ))}
      </div>
      {visible.length === 0 ? (
        <p className="rounded-card border border-dashed border-line bg-surface p-4 text-center text-sm text-ink-muted">
          No rows of this kind.
        </p>
      ) : (
        <ul aria-label={`${title}: rows`} className="max-h-[600px] space-y-2 overflow-y-auto">
          {visible.slice(0, SHOWN).map((row) => (
            <DiffRow key={`${row.rowNumber}-${row.slug}`} row={row} />
          ))}
        </ul>
      )}
      {total > Math.min(visible.length, SHOWN) && (
        <p className="text-sm text-ink-muted">
          Showing {Math.min(visible.length, SHOWN).toLocaleString("en-US")} of {total.toLocaleString("en-US")} rows; the counts above cover
          the whole file.
        </p>
      )}
    </section>
  );
});

function DiffRow({ row }: { row: PlannedRow }) {
  const badge = BADGES[row.status];
  return (
    <li className="rounded-card border border-line bg-surface p-3 text-sm shadow-card" data-status={row.status}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className={cn("rounded-full border px-2 py-0.5 text-xs font-semibold", badge.className)}>{badge.label}</span>
        <span className="text-xs tabular-nums text-ink-muted">Row {row.rowNumber}</span>
        <span className="font-medium text-ink">{row.name}</span>
        <span className="break-all font-mono text-xs text-ink-muted">{row.slug}</span>
      </div>
      {row.changes.length > 0 && (
        <ul className="mt-2 space-y-1 border-t border-line pt-2">
          {row.changes.map((change) => (
            <li key={change.field} className="break-words">
              <span className="font-mono text-xs text-ink-muted">{change.field}</span> <ChangeText change={change} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The list of a collection's products or a product's images can be long: show its ends. */
function shortList(items: readonly string[]): string {
  if (items.length === 0) return "(empty)";
  return items.length > 12 ? `${items.slice(0, 12).join(", ")}, … (${items.length})` : items.join(", ");
}

function ChangeText({ change }: { change: FieldChange }) {
  if (change.kind === "value") {
    return (
      <span>
        <del className="text-ink-muted decoration-red-700/60">{change.from}</del> →{" "}
        <ins className="font-medium text-ink no-underline">{change.to}</ins>
      </span>
    );
  }
  return (
    <span className="space-x-2">
      {change.added.length > 0 && <span className="text-forest">added: {shortList(change.added)}</span>}
      {change.removed.length > 0 && <span className="text-red-800">removed: {shortList(change.removed)}</span>}
      {change.from && change.to && (
        <span>
          {change.reordered ? "order: " : ""}
          <del className="text-ink-muted">{shortList(change.from)}</del> → <ins className="no-underline">{shortList(change.to)}</ins>
        </span>
      )}
    </span>
  );
}
