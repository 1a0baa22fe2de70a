import { cn } from "~/components/ui/cn";

/**
 * The pieces every admin table repeats: its header row (column names in small capitals) and the
 * dashed box shown in place of a table with no rows.
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
