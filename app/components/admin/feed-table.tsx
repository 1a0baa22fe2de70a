import { Button } from "~/components/ui/button";
import { Form, Link } from "~/components/ui/link";
import { FEED_SCHEDULE_LABELS, readFeedSchedule } from "~/lib/feeds/feed-schedule";
import { describeFeedCounts } from "~/lib/feeds/feed-run";
import type { FeedListRow, FeedRunSummary } from "~/server/feeds/feeds-admin.server";
import { TableCard, TableHead } from "./admin-table";
import { RowLink, RowPostButton } from "./row-actions";

const COLUMNS = [{ label: "Feed" }, { label: "Shop" }, { label: "Schedule" }, { label: "Last run" }, { label: "Actions", srOnly: true }];

const STATUS_WORDS: Record<string, string> = {
  running: "Running",
  previewed: "Previewed, not saved",
  saved: "Saved",
  failed: "Failed",
  discarded: "Discarded",
};

export function runStatusWords(status: string): string {
  return STATUS_WORDS[status] ?? status;
}

/** A run in one line: when, how it ended, and its counts or its error. */
export function RunLine({ run, feedId }: { run: FeedRunSummary; feedId: number }) {
  return (
    <span className="block space-y-0.5">
      <Link to={`/admin/feeds/${feedId}/runs/${run.id}`} className="font-semibold text-brand underline-offset-2 hover:underline">
        {runStatusWords(run.status)}
      </Link>{" "}
      <span className="text-xs text-ink-muted">
        {new Date(run.startedAt).toISOString().slice(0, 16).replace("T", " ")} UTC{run.trigger === "schedule" ? ", scheduled" : ""}
      </span>
      <span className="block text-xs text-ink-muted">{run.error ?? describeFeedCounts(run.counts)}</span>
    </span>
  );
}

/** The feeds, each with its shop, source, schedule and last run, and the buttons to run, edit or delete it. */
export function FeedTable({ rows }: { rows: readonly FeedListRow[] }) {
  return (
    <TableCard>
      <table className="w-full min-w-[760px] text-left text-sm">
        <caption className="sr-only">Merchant feeds</caption>
        <TableHead columns={COLUMNS} cell="px-4 py-3" />
        <tbody className="divide-y divide-line">
          {rows.map((feed) => {
            const schedule = readFeedSchedule(feed.schedule);
            return (
              <tr key={feed.id}>
                <td className="px-4 py-3">
                  <span className="font-medium text-ink">{feed.name}</span>
                  <span className="block break-all text-xs text-ink-muted">{feed.source}</span>
                </td>
                <td className="px-4 py-3">{feed.merchantName}</td>
                <td className="px-4 py-3">{schedule ? FEED_SCHEDULE_LABELS[schedule] : feed.schedule}</td>
                <td className="max-w-72 px-4 py-3">{feed.lastRun ? <RunLine run={feed.lastRun} feedId={feed.id} /> : "Never run"}</td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap justify-end gap-2">
                    <Form method="post">
                      <input type="hidden" name="intent" value="run-feed" />
                      <input type="hidden" name="id" value={feed.id} />
                      <Button type="submit" size="md" name="mode" value="preview">
                        Preview run<span className="sr-only"> of {feed.name}</span>
                      </Button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="run-feed" />
                      <input type="hidden" name="id" value={feed.id} />
                      <Button type="submit" variant="secondary" name="mode" value="save">
                        Run now and save<span className="sr-only"> {feed.name}</span>
                      </Button>
                    </Form>
                    <RowLink to={`/admin/feeds?edit=${feed.id}#feed-form`} label="Edit" about={feed.name} />
                    {(feed.hasMapping || feed.format === "csv-mapped") && (
                      <RowLink to={`/admin/feeds?map=${feed.id}#feed-mapping`} label="Columns" about={`of ${feed.name}`} />
                    )}
                    <RowPostButton intent="delete-feed" fields={{ id: feed.id }} label="Delete" about={feed.name} danger />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableCard>
  );
}
