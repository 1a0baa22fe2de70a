import { appContext } from "~/server/load-context";
import { data, useNavigation } from "react-router";
import { ImportDiff } from "~/components/admin/import-diff";
import { GoneOffers, RejectedItems, UnmatchedItems } from "~/components/admin/feed-run-lists";
import { runStatusWords } from "~/components/admin/feed-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { RunProgress } from "~/components/admin/run-progress";
import { Button } from "~/components/ui/button";
import { Form, Link } from "~/components/ui/link";
import { Notice } from "~/components/ui/notice";
import { useResultToast } from "~/components/ui/use-result-toast";
import { describeFeedCounts, describeUnmatched, unchangedOffersNote } from "~/lib/feeds/feed-run";
import { isRunFinished } from "~/lib/jobs/run-view";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { feedRunIntents, loadFeedRunScreen, type FeedRunActionResult } from "~/server/feeds/feed-run-screen.server";
import { dispatchIntent } from "~/server/forms/intents.server";
import { adminUser } from "~/server/auth/guard.server";
import type { Route } from "./+types/feed-run";

/**
 * /admin/feeds/:feedId/runs/:runId: one run of a feed (docs/decisions/0064). A preview shows the
 * counts, the same per-row diff as the imports, the rejected items with their reasons and the
 * unmatched items, each with "This is the product"; Save writes it all or nothing (refused when
 * the plan moved since), Discard drops it. A saved or failed run shows what it did or why not.
 * Every run is done by the worker (docs/decisions/0099): while it waits or runs, the page shows its
 * progress and Cancel, and shows its result once it has finished; the owner may leave meanwhile.
 */

export const meta: Route.MetaFunction = () => [{ title: `Feed run - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ context, params }: Route.LoaderArgs) {
  const screen = await loadFeedRunScreen(context.get(appContext).db, params, context.get(appContext).config);
  if (!screen) throw data("No such feed run", { status: 404 });
  return { ...screen, detailsDays: context.get(appContext).config.retention.feedRunDetailsDays };
}

export async function action(args: Route.ActionArgs) {
  return dispatchIntent(args, feedRunIntents(adminUser(args.context)));
}

export default function FeedRunPage({ loaderData, actionData }: Route.ComponentProps) {
  const { feed, run, job, products, detailsDays } = loaderData;
  const result = actionData as FeedRunActionResult | undefined;
  useResultToast(result);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-run";
  const { counts, details } = run;
  const working = job !== null && !isRunFinished(job.state);
  const waiting = run.status === "running";
  const preview = run.status === "previewed";
  // A save of this preview that failed or was cancelled: the preview stays, and the run says why.
  const saveStopped = preview && job !== null && isRunFinished(job.state) && job.state !== "done";

  return (
    <>
      <AdminPageHeader
        title={`${feed.name}: ${(job?.state === "queued" && waiting ? "Waiting" : runStatusWords(run.status)).toLowerCase()}`}
        description={`Offers at ${feed.merchantName}. ${new Date(run.startedAt).toISOString().slice(0, 16).replace("T", " ")} UTC${run.milliseconds !== null ? `, ${(run.milliseconds / 1000).toFixed(1)} s` : ""}.`}
      >
        <Link to="/admin/feeds" className="inline-flex h-11 items-center rounded-full px-5 font-semibold text-ink hover:bg-sand">
          All feeds
        </Link>
      </AdminPageHeader>
      <div className="space-y-6">
        {result?.toast?.kind === "error" && (
          <Notice tone="red" title={result.toast.title} role="alert">
            {result.toast.description}
          </Notice>
        )}
        {job && (working || saveStopped) && <RunProgress run={job} reloadTo={`/admin/feeds/${feed.id}/runs/${run.id}`} />}
        {waiting ? null : run.error ? (
          <Notice tone="red" title="The run failed" role="alert">
            {run.error}{" "}
            <Link to={`/admin/feeds?edit=${feed.id}#feed-form`} className="font-semibold text-brand underline">
              Edit the feed
            </Link>{" "}
            or{" "}
            <Link to={`/admin/feeds?map=${feed.id}#feed-mapping`} className="font-semibold text-brand underline">
              choose its columns
            </Link>
            .
          </Notice>
        ) : (
          <p
            className="rounded-card border border-line bg-surface p-3 text-sm font-semibold text-ink shadow-card"
            data-testid="feed-run-counts"
          >
            {describeFeedCounts(counts)}
          </p>
        )}
        {run.status === "saved" && (
          <Notice tone="blue" title="Saved" role="status">
            The offers, the products&apos; prices and their price history are updated.
          </Notice>
        )}
        {preview && !working && (
          <div className="flex flex-wrap items-center gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="save-run" />
              <Button type="submit" disabled={saving}>
                {saving ? "Saving…" : "Save these changes"}
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="discard-run" />
              <Button type="submit" variant="ghost">
                Discard
              </Button>
            </Form>
            <p className="text-sm text-ink-muted">Nothing is saved until you save: all of it, or nothing.</p>
          </div>
        )}
        {run.detailsCleared && (
          <Notice tone="blue" title="Item lists no longer kept" role="status">
            A run keeps its lists of items for {detailsDays} days (FEED_RUN_DETAILS_DAYS); the counts above are still true.
            {preview ? " Preview the feed again to see its items." : ""}
          </Notice>
        )}
        {preview && !working && !run.detailsCleared && (
          <UnmatchedItems items={details.unmatched} total={counts.unmatched} products={products} />
        )}
        {!preview && !waiting && counts.unmatched > 0 && (
          <p className="text-sm text-ink-muted">{describeUnmatched(counts.unmatched)}; preview a run to match them.</p>
        )}
        {!waiting && !run.detailsCleared && <RejectedItems items={details.rejected} total={counts.rejected} />}
        {!waiting && !run.detailsCleared && <GoneOffers offers={details.gone} total={counts.gone} />}
        {!run.error && details.rows.length > 0 && (
          <ImportDiff
            state={{
              phase: "ready",
              preview: {
                counts: { new: counts.new, changed: counts.changed, unchanged: counts.unchanged },
                rows: details.rows,
                fingerprint: run.fingerprint ?? "",
              },
            }}
            title={preview ? "Changes to the shop's offers" : "What the run changed"}
            noun="offers"
            unchangedNote={unchangedOffersNote(counts, !preview)}
          />
        )}
      </div>
    </>
  );
}
