import { RotateCcw } from "lucide-react";
import { EmptyTable, TableCard, TableHead } from "~/components/admin/admin-table";
import { Form } from "~/components/ui/link";
import { OUTBOX_STATE_LABELS, type OutboxState } from "~/lib/mail/outbox-view";
import { formatDateTimeUtc } from "~/lib/text/dates";

/** One message as /admin/mail lists it (times in milliseconds since 1970). */
export interface MailRow {
  id: number;
  to: string;
  subject: string;
  state: OutboxState;
  attempts: number;
  createdAt: number;
  nextAttemptAt: number;
  sentAt: number | null;
  failedAt: number | null;
  lastError: string | null;
}

const COLUMNS = [
  { label: "Queued" },
  { label: "To" },
  { label: "Subject" },
  { label: "State" },
  { label: "Attempts", className: "text-right" },
  { label: "Last error" },
  { label: "Actions", srOnly: true },
];

const at = (ms: number) => formatDateTimeUtc(new Date(ms).toISOString());

function stateText(row: MailRow): string {
  if (row.state === "sent" && row.sentAt !== null) return `Sent ${at(row.sentAt)}`;
  if (row.state === "failed" && row.failedAt !== null) return `Failed ${at(row.failedAt)}`;
  if (row.state === "waiting" && row.attempts > 0) return `Waiting: next try ${at(row.nextAttemptAt)}`;
  return OUTBOX_STATE_LABELS[row.state];
}

const STATE_CLASSES: Record<OutboxState, string> = {
  waiting: "text-ink",
  sending: "text-ink",
  sent: "text-forest",
  failed: "font-semibold text-red-700",
};

/** The outbox's messages, newest first, with Retry on those that failed. */
export function MailTable({ rows, filtered, busyId }: { rows: readonly MailRow[]; filtered: boolean; busyId: number | null }) {
  if (rows.length === 0) {
    return (
      <EmptyTable>
        {filtered ? "No messages in this state." : "No mail yet. Sign-ups, password resets and price alerts will show here."}
      </EmptyTable>
    );
  }
  // On a phone each message is a block of labelled lines (the address whole, on a line of its
  // own); from 768 px the table, which scrolls inside its card when the screen is narrower.
  const cell = "block px-4 py-1 md:table-cell md:py-2.5";
  const label = "mr-1 font-semibold text-ink-muted md:hidden";
  return (
    <TableCard label="Mail, scrollable" scroll="md:overflow-x-auto">
      <table className="block w-full text-left text-sm md:table md:min-w-[56rem]" aria-label="Mail">
        <TableHead columns={COLUMNS} cell="px-4 py-3" className="max-md:sr-only bg-sand text-xs uppercase tracking-wider text-ink-muted" />
        <tbody className="block divide-y divide-line md:table-row-group">
          {rows.map((row) => (
            <tr key={row.id} className="block py-2 align-top md:table-row md:py-0" data-testid="mail-row" data-state={row.state}>
              <td className={`${cell} tabular-nums md:whitespace-nowrap`}>
                <span className={label}>Queued:</span>
                {at(row.createdAt)}
              </td>
              {/* An address breaks only where it must (a long one on a phone), never letter by letter in a squeezed column. */}
              <td className={`${cell} font-semibold [overflow-wrap:anywhere] md:min-w-56 md:font-normal`}>
                <span className={label}>To:</span>
                {row.to}
              </td>
              <td className={`${cell} md:min-w-48`}>
                <span className={label}>Subject:</span>
                {row.subject}
              </td>
              <td className={`${cell} ${STATE_CLASSES[row.state]}`}>
                <span className={label}>State:</span>
                {stateText(row)}
              </td>
              <td className={`${cell} tabular-nums md:text-right`}>
                <span className={label}>Attempts:</span>
                {row.attempts}
              </td>
              <td className={`${cell} break-words text-ink-muted md:min-w-48 ${row.lastError ? "" : "max-md:hidden"}`}>
                <span className={label}>Last error:</span>
                {row.lastError ?? "—"}
              </td>
              <td className={`${cell} ${row.state === "failed" ? "max-md:pt-2" : "max-md:hidden"}`}>
                {row.state === "failed" && (
                  <Form method="post">
                    <input type="hidden" name="id" value={row.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="retry"
                      disabled={busyId === row.id}
                      className="inline-flex h-9 items-center gap-1.5 rounded-full border border-line px-3 text-sm font-semibold text-ink hover:bg-sand disabled:cursor-not-allowed disabled:opacity-50"
                    >
                      <RotateCcw aria-hidden className="size-4" />
                      Retry<span className="sr-only"> the mail to {row.to}</span>
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableCard>
  );
}
