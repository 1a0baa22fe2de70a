import { cn } from "~/components/ui/cn";

/**
 * The pieces every admin table repeats: the card it sits in, its header row (column names in small
 * capitals), the note under its rows, and the dashed box shown in place of a table with no rows.
 */

export interface TableColumn {
  label: React.ReactNode;
  /** Only for screen readers (a column of buttons or links). */
  srOnly?: boolean;
  /** Classes of this column's header cell, after the table's `cell` padding. */
  className?: string;
}

export function TableHead({
  columns,
  cell,
  className = "bg-sand text-xs uppercase tracking-wider text-ink-muted",
}: {
  columns: readonly TableColumn[];
  /** The padding of every header cell, e.g. "px-4 py-3". */
  cell: string;
  className?: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column, index) =>
          column.srOnly ? (
            <th key={index} scope="col" className={cn(cell, column.className)}>
              <span className="sr-only">{column.label}</span>
            </th>
          ) : (
            <th key={index} scope="col" className={cn(cell, column.className, "font-semibold")}>
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/** In place of a table with no rows: what is missing and how to add it. */
export function EmptyTable({ children }: { children: React.ReactNode }) {
  return <p className="rounded-card border border-dashed border-line bg-surface p-6 text-center text-ink-muted">{children}</p>;
}

/**
 * The card a table sits in. `scroll` is how it scrolls: sideways by default, so a table wider than
 * the screen scrolls inside its card rather than widening the page.
 */
export function TableCard({
  scroll = "overflow-x-auto",
  className,
  children,
  label,
  ...props
}: React.ComponentProps<"div"> & {
  scroll?: string;
  /**
   * For a table known to scroll sideways: the card becomes a labelled section (a region) that a
   * keyboard can focus, or keyboard users could not scroll it.
   */
  label?: string;
}) {
  // relative: what is positioned inside (a screen-reader-only label) stays inside the scroller,
  // rather than widening the page from where the table would have put it.
  const classes = cn(scroll, "relative rounded-card border border-line bg-surface shadow-card", className);
  if (label) {
    return (
      // A scroll container is focusable so the arrow keys scroll it (WCAG 2.1.1); it does nothing else.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      <section tabIndex={0} aria-label={label} className={classes}>
        {children}
      </section>
    );
  }
  return (
    <div className={classes} {...props}>
      {children}
    </div>
  );
}

/** A line under a table's rows, inside its card: what the table leaves out and how to see it. */
export function TableNote({ children }: { children: React.ReactNode }) {
  return <p className="border-t border-line px-4 py-2.5 text-sm text-ink-muted">{children}</p>;
}
