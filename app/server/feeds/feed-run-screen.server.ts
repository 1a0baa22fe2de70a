import type { AppServices } from "~/server/load-context";
import { data, redirect, type Params } from "react-router";
import type { ResultToast } from "~/lib/forms/result-toast";
import { recordAdminAction } from "../audit/audit-log.server";
import type { DB } from "../db/connection.server";
import type { SignedInUser } from "../auth/guard.server";
import type { IntentTable } from "../forms/intents.server";
import { siteCancelMarkers, toRunView } from "../jobs/runs-screen.server";
import { enqueueFeedRun } from "./feed-run-jobs.server";
import { loadFeed } from "./feed-run.server";
import { discardFeedRun, findProductByRef, linkFeedItem, loadFeedRun, productChoices } from "./feeds-admin.server";

/**
 * A feed run's screen, server half (docs/decisions/0064): what it loads (the run, its feed and
 * shop, the products to match unmatched items to) and its intents (save the previewed run,
 * discard it, say which product an unmatched item is), each recorded in the audit log. The caller
 * has checked the admin role. Saving and previewing again are runs queued for the worker
 * (feed-run-jobs.server.ts); the page shows the run's progress while it goes on.
 */

async function find(params: { feedId?: string; runId?: string }, db: DB) {
  const feedId = Number(params.feedId);
  const runId = Number(params.runId);
  if (!Number.isSafeInteger(feedId) || !Number.isSafeInteger(runId)) return null;
  const [feed, run] = await Promise.all([loadFeed(db, feedId), loadFeedRun(db, feedId, runId)]);
  return feed && run ? { feed, run } : null;
}

/** The run's screen, or null for a feed or run that does not exist. */
export async function loadFeedRunScreen(db: DB, params: Params, config: AppServices["config"]) {
  const found = await find(params, db);
  if (!found) return null;
  const merchant = await db.selectFrom("merchants").select("name").where("id", "=", found.feed.merchantId).executeTakeFirst();
  const products = found.run.counts.unmatched > 0 && found.run.status === "previewed" ? await productChoices(db) : [];
  const { job, ...run } = found.run;
  return {
    feed: { id: found.feed.id, name: found.feed.name, merchantName: merchant?.name ?? "" },
    run,
    // The run of owner work behind it: its progress and Cancel while it goes on, how it ended after.
    job: job ? toRunView(job, siteCancelMarkers(config)) : null,
    products,
  };
}

export interface FeedRunActionResult {
  toast?: ResultToast;
}

const unfinished = (state: string | undefined) => state === "queued" || state === "running";

/** A feed run's intents, for the admin the admin layout let in (who starts a run). */
export const feedRunIntents = (admin: SignedInUser) =>
  ({
    "save-run": async ({ request, context, params }) => {
      const found = await find(params, context.db);
      if (!found || found.run.status !== "previewed" || !found.run.fingerprint) {
        return data<FeedRunActionResult>(
          { toast: { kind: "error", title: "Not saved", description: "This run is not a preview waiting to be saved." } },
          { status: 409 },
        );
      }
      if (unfinished(found.run.job?.state)) {
        return data<FeedRunActionResult>(
          { toast: { kind: "info", title: "Already saving", description: "This preview is being saved; its progress is shown below." } },
          { status: 409 },
        );
      }
      const startedBy = admin.email;
      const queued = await enqueueFeedRun(context.db, found.feed, {
        mode: "save-preview",
        trigger: "manual",
        startedBy,
        preview: { runId: found.run.id, fingerprint: found.run.fingerprint },
      });
      if (queued.already) {
        return data<FeedRunActionResult>(
          {
            toast: {
              kind: "error",
              title: "Not saved",
              description: "Another run of this feed is waiting or running; save once it has finished (see Runs).",
            },
          },
          { status: 409 },
        );
      }
      await recordAdminAction(
        { request, context },
        "merchant-feed-run",
        `Started saving the preview of feed ${found.feed.name} (id ${found.feed.id}), run ${queued.jobId}`,
      );
      throw redirect(`/admin/feeds/${found.feed.id}/runs/${found.run.id}`);
    },

    "discard-run": async ({ request, context, params }) => {
      const found = await find(params, context.db);
      if (!found)
        return data<FeedRunActionResult>(
          { toast: { kind: "error", title: "Nothing discarded", description: "No such run." } },
          { status: 404 },
        );
      await discardFeedRun(context.db, found.feed.id, found.run.id);
      await recordAdminAction(
        { request, context },
        "merchant-feed-run",
        `Discarded the preview of feed ${found.feed.name} (id ${found.feed.id})`,
      );
      throw redirect("/admin/feeds");
    },

    "match-item": async ({ form, request, context, params }) => {
      const found = await find(params, context.db);
      if (!found)
        return data<FeedRunActionResult>({ toast: { kind: "error", title: "Not matched", description: "No such run." } }, { status: 404 });
      const itemId = String(form.get("item_id") ?? "").trim();
      const ref = String(form.get("product") ?? "");
      const product = await findProductByRef(context.db, ref);
      if (!itemId || !product) {
        return data<FeedRunActionResult>(
          {
            toast: {
              kind: "error",
              title: "Not matched",
              description: `No product has the slug or name "${ref.trim()}". Pick one from the list.`,
            },
          },
          { status: 400 },
        );
      }
      await linkFeedItem(context.db, found.feed.id, itemId, product.id);
      await recordAdminAction(
        { request, context },
        "merchant-feed-item-matched",
        `Feed ${found.feed.name} (id ${found.feed.id}): item ${itemId} is ${product.name}`,
      );
      // The preview is planned again with the new answer; the old one can no longer be saved.
      if (found.run.status === "previewed" && !unfinished(found.run.job?.state))
        await discardFeedRun(context.db, found.feed.id, found.run.id);
      const queued = await enqueueFeedRun(context.db, found.feed, {
        mode: "preview",
        trigger: "manual",
        startedBy: admin.email,
      });
      throw redirect(`/admin/feeds/${found.feed.id}/runs/${queued.runId}`);
    },
  }) satisfies IntentTable;
