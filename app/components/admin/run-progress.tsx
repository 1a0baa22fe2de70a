import { useEffect, useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { ProgressBar } from "~/components/admin/progress-bar";
import { Button } from "~/components/ui/button";
import { Form, Link } from "~/components/ui/link";
import { Notice } from "~/components/ui/notice";
import { isRunFinished, runDurationText, runFraction, runProgressText, runStateText, type RunView } from "~/lib/jobs/run-view";
import { formatDateTimeUtc } from "~/lib/text/dates";

const POLL_MS = 1000;

/**
 * While a run is waiting or running, asks /admin/runs/:id/progress every second and returns its
 * newest state; when it has finished, reloads the page's data once, so the page shows what the run
 * did. Without JavaScript nothing polls: the page offers a Reload link instead.
 */
export function useRunProgress(fromLoader: RunView): RunView {
  const fetcher = useFetcher<{ run: RunView | null }>();
  const revalidator = useRevalidator();
  const polled = fetcher.data?.run;
  const current = polled && polled.id === fromLoader.id ? polled : fromLoader;
  const finished = isRunFinished(current.state);
  const load = useRef(fetcher.load);
  load.current = fetcher.load;

  useEffect(() => {
    if (finished) return;
    const timer = setInterval(() => void load.current(`/admin/runs/${fromLoader.id}/progress`), POLL_MS);
    return () => clearInterval(timer);
  }, [finished, fromLoader.id]);

  const revalidated = useRef<number | null>(null);
  useEffect(() => {
    if (!finished || isRunFinished(fromLoader.state) || revalidated.current === current.id) return;
    revalidated.current = current.id;
    void revalidator.revalidate();
  }, [finished, fromLoader.state, current.id, revalidator]);

  return current;
}

/**
 * A run in progress: what it is doing, how far it has got (a bar when the total is known), since
 * when, and Cancel. Once it has finished, how it ended. The page can be left: the run goes on, and
 * its progress is there when the owner comes back (here, or under Runs).
 */
export function RunProgress({ run: fromLoader, reloadTo }: { run: RunView; reloadTo: string }) {
  return <RunProgressView run={useRunProgress(fromLoader)} reloadTo={reloadTo} />;
}

/** RunProgress for a run whose state the caller follows itself (an import page's preview and save). */
export function RunProgressView({ run, reloadTo }: { run: RunView; reloadTo: string }) {
  const finished = isRunFinished(run.state);
  const progressText = runProgressText(run.progress);
  if (finished) {
    if (run.state === "done") return null;
    return (
      <Notice
        tone={run.state === "failed" ? "red" : "blue"}
        title={run.state === "failed" ? "The run failed" : "The run was cancelled"}
        role="alert"
      >
        {run.error ?? "Nothing was changed."}
      </Notice>
    );
  }
  const now = new Date().toISOString();
  return (
    <section
      aria-labelledby={`run-${run.id}-title`}
      className="space-y-3 rounded-card border border-line bg-surface p-4 shadow-card md:p-5"
      data-testid="run-progress"
    >
      <h2 id={`run-${run.id}-title`} className="font-semibold">
        {run.label}: {runStateText(run).toLowerCase()}
      </h2>
      <ProgressBar
        label={run.state === "queued" ? "Waiting for a worker" : progressText || "Starting"}
        fraction={run.state === "queued" ? undefined : runFraction(run.progress)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-ink-muted">
          {run.startedAt ? `Started ${formatDateTimeUtc(run.startedAt)}, ${runDurationText(run.startedAt, now)} ago.` : "Queued."} You can
          leave this page: the run goes on, and its progress is under{" "}
          <Link to="/admin/runs" className="font-semibold text-brand underline">
            Runs
          </Link>
          .{" "}
          <noscript>
            {/* Without scripts nothing polls: the page reloads itself every few seconds until the run ends. */}
            <meta httpEquiv="refresh" content="3" />
            <Link to={reloadTo} className="font-semibold text-brand underline">
              Reload
            </Link>{" "}
            to see how far it has got.
          </noscript>
        </p>
        {!run.cancelRequested && (
          <Form method="post" action={`/admin/runs/${run.id}`} navigate={false} fetcherKey={`cancel-run-${run.id}`}>
            <input type="hidden" name="intent" value="cancel" />
            <Button type="submit" variant="secondary">
              Cancel
            </Button>
          </Form>
        )}
      </div>
    </section>
  );
}
