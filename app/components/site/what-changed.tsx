import { cn } from "~/components/ui/cn";
import { formatLongUsDate } from "~/lib/text/dates";
import type { UpdateNoteView } from "~/lib/updates/update-notes";

/** "What changed": the editors' dated update notes on a review or an article, newest first. */
export function WhatChanged({ notes, className }: { notes: readonly UpdateNoteView[]; className?: string }) {
  if (notes.length === 0) return null;
  return (
    <section aria-labelledby="what-changed-title" className={cn("max-w-[70ch]", className)} data-testid="what-changed">
      <h2 id="what-changed-title" className="text-2xl font-semibold">
        What changed
      </h2>
      <ul className="mt-4 space-y-3 border-l-2 border-line pl-4 text-[1rem] leading-relaxed">
        {notes.map((note, index) => (
          <li key={index}>
            <time dateTime={note.date} className="block text-sm font-semibold text-ink-muted">
              {formatLongUsDate(note.date)}
            </time>
            <span className="text-ink/90">{note.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
