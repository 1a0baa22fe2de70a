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
  return (
    <TableCard label="Mail, scrollable">
      <table className="w-full min-w-[56rem] text-left text-sm" aria-label="Mail">
        <TableHead columns={COLUMNS} cell="px-4 py-3" />
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.id} className="align-top" data-testid="mail-row" data-state={row.state}>
              <td className="whitespace-nowrap px-4 py-2.5 tabular-nums">{at(row.createdAt)}</td>
              <td className="px-4 py-2.5 break-all">{row.to}</td>
              <td className="min-w-48 px-4 py-2.5">{row.subject}</td>
              <td className={`px-4 py-2.5 ${STATE_CLASSES[row.state]}`}>{stateText(row)}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{row.attempts}</td>
              <td className="min-w-48 px-4 py-2.5 break-words text-ink-muted">{row.lastError ?? "—"}</td>
              <td className="px-4 py-2.5">
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
