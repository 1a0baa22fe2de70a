import { TableCard, TableHead, TableNote, EmptyTable } from "~/components/admin/admin-table";
import { Link } from "~/components/ui/link";
import { auditActionLabel, auditSearch, type AuditEntry, type AuditQuery } from "~/lib/audit/audit-actions";

const COLUMNS = [{ label: "When (UTC)" }, { label: "Who" }, { label: "Action" }, { label: "Detail" }, { label: "From" }];

/** The audit log's rows, newest first, and the links to the pages before and after. */
export function AuditTable({
  entries,
  query,
  page,
  pageCount,
  total,
}: {
  entries: readonly AuditEntry[];
  query: AuditQuery;
  page: number;
  pageCount: number;
  total: number;
}) {
  if (entries.length === 0) {
    return <EmptyTable>{query.email || query.action ? "No entries match these filters." : "Nothing recorded yet."}</EmptyTable>;
  }
  return (
    // Its long entries make it scroll sideways even on a desktop: a scrolling region must take
    // keyboard focus, or keyboard users cannot scroll it.
    <TableCard label="Audit log, scrollable">
      <table className="w-full text-left text-sm" aria-label="Audit log">
        <TableHead columns={COLUMNS} cell="px-4 py-3" />
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-t border-line align-top">
              <td className="whitespace-nowrap px-4 py-2.5 tabular-nums">
                <time dateTime={entry.at}>{entry.at.slice(0, 19).replace("T", " ")}</time>
              </td>
              <td className="whitespace-nowrap px-4 py-2.5">{entry.email}</td>
              <td className="whitespace-nowrap px-4 py-2.5">{auditActionLabel(entry.action)}</td>
              <td className="min-w-48 px-4 py-2.5 break-words">{entry.detail}</td>
              <td className="whitespace-nowrap px-4 py-2.5 tabular-nums">{entry.address ?? "-"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <TableNote>
        <span className="flex flex-wrap items-center justify-between gap-3">
          <span>
            Page {page} of {pageCount} ({total.toLocaleString("en-US")} {total === 1 ? "entry" : "entries"})
          </span>
          <span className="flex gap-4">
            {page > 1 && <Link to={`/admin/audit${auditSearch({ ...query, page: page - 1 })}`}>Newer</Link>}
            {page < pageCount && <Link to={`/admin/audit${auditSearch({ ...query, page: page + 1 })}`}>Older</Link>}
          </span>
        </span>
      </TableNote>
    </TableCard>
  );
}
