import { STATUS_LABELS } from "~/lib/newsletter/newsletter";
import type { SubscriberRow } from "~/server/newsletter/subscribers.server";
import { EmptyTable, TableCard, TableHead, TableNote, type TableColumn } from "./admin-table";

const COLUMNS: TableColumn[] = [
  { label: "Email" },
  { label: "State" },
  { label: "Signed up" },
  { label: "Confirmed" },
  { label: "Unsubscribed" },
];

function formatDate(iso: string | null): string {
  return iso ? iso.slice(0, 10) : "—";
}

/**
 * The newsletter list on /admin/subscribers, newest first. `pageSize` is how many the page reads:
 * a full page says that older ones are left out.
 */
export function SubscriberTable({
  subscribers,
  pageSize,
  filtered,
}: {
  subscribers: readonly SubscriberRow[];
  pageSize: number;
  filtered: boolean;
}) {
  if (subscribers.length === 0) return <EmptyTable>{filtered ? "No subscriber matches." : "No one has signed up yet."}</EmptyTable>;
  return (
    <TableCard>
      <table className="w-full text-left text-sm">
        <TableHead cell="px-4 py-3" columns={COLUMNS} />
        <tbody className="divide-y divide-line">
          {subscribers.map((subscriber) => (
            <tr key={subscriber.id} data-testid="subscriber-row">
              <td className="break-all px-4 py-2.5 font-medium text-ink">{subscriber.email}</td>
              <td className="px-4 py-2.5">{STATUS_LABELS[subscriber.status]}</td>
              <td className="px-4 py-2.5 tabular-nums">{formatDate(subscriber.createdAt)}</td>
              <td className="px-4 py-2.5 tabular-nums">{formatDate(subscriber.confirmedAt)}</td>
              <td className="px-4 py-2.5 tabular-nums">{formatDate(subscriber.unsubscribedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {subscribers.length === pageSize && (
        <TableNote>Showing the newest {pageSize}. Search to narrow the list, or export all of it.</TableNote>
      )}
    </TableCard>
  );
}
