import { Link } from "~/components/ui/link";
import { ProgressBar } from "~/components/admin/progress-bar";
import { formatDateTimeUtc } from "~/lib/text/dates";
import { formatDuration } from "~/lib/text/duration-text";
import type { LinkCheckRunView } from "~/lib/links/link-report";

/** The latest link check: its progress while it runs, its summary after, and the schedule. */
export function LinkRunPanel({
  run,
  intervalMs,
  timeoutMs,
}: {
  run: LinkCheckRunView | null;
  intervalMs: number | null;
  timeoutMs: number;
}) {
  const schedule =
    intervalMs === null ? "Automatic checks are off (LINK_CHECK_INTERVAL)." : `Checked automatically every ${formatDuration(intervalMs)}.`;
  return (
    <section
      aria-labelledby="link-run-title"
      className="mb-6 rounded-card border border-line bg-surface p-4 shadow-card md:p-5"
      data-testid="link-run"
    >
      <h2 id="link-run-title" className="sr-only">
        Latest check
      </h2>
      {run?.running ? (
        <div className="space-y-2">
          <ProgressBar
            label={`Checking links: ${run.checked} of ${run.total} checked`}
            fraction={run.total === 0 ? 0 : run.checked / run.total}
          />
          <p className="text-sm text-ink-muted">
            {run.total === 0 && run.checked === 0 ? "Listing the links to check. " : ""}
            {run.broken > 0 ? `${run.broken} broken so far. ` : ""}
            Started {formatDateTimeUtc(run.startedAt)}.{" "}
            <noscript>
              <Link to="/admin/links" className="font-semibold text-brand underline">
                Reload
              </Link>{" "}
              to see how far it has got.
            </noscript>
          </p>
        </div>
      ) : run ? (
        <p className="text-sm">
          <span className="font-semibold">Last check:</span> {formatDateTimeUtc(run.finishedAt ?? run.startedAt)} (
          {run.trigger === "schedule" ? "scheduled" : "by hand"}), {run.checked} of {run.total} links, {run.broken} broken.
          {run.deferred > 0 && (
            <span className="block text-ink-muted" data-testid="link-run-deferred">
              {run.deferred.toLocaleString("en-US")} {run.deferred === 1 ? "link waits" : "links wait"} for a later run: their shop&apos;s
              checks for the day were spent (LINK_CHECK_SHOP_DAILY). The links checked longest ago go first.
            </span>
          )}
          {run.error && <span className="block text-ink-muted">{run.error}.</span>}
        </p>
      ) : (
        <p className="text-sm">No check has run yet. “Check now” checks every link.</p>
      )}
      <p className="mt-2 text-xs text-ink-muted">
        {schedule} Each link gets {formatDuration(timeoutMs)} (LINK_CHECK_TIMEOUT).
      </p>
    </section>
  );
}
