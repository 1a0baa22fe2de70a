import { data, redirect, type AppLoadContext, type Params } from "react-router";
import { describeFeedCounts } from "~/lib/feeds/feed-run";
import type { ResultToast } from "~/lib/forms/result-toast";
import { recordAdminAction } from "../audit/audit-log.server";
import type { DB } from "../db/connection.server";
import type { IntentTable } from "../forms/intents.server";
import { loadFeed, runFeed } from "./feed-run.server";
import { discardFeedRun, findProductByRef, linkFeedItem, loadFeedRun, productChoices } from "./feeds-admin.server";
import { feedReadSettingsFrom } from "./read-feed.server";

/**
 * A feed run's screen, server half (docs/decisions/0064): what it loads (the run, its feed and
 * shop, the products to match unmatched items to) and its intents (save the previewed run,
 * discard it, say which product an unmatched item is), each recorded in the audit log. The caller
 * has checked the admin role.
 */

async function find(params: { feedId?: string; runId?: string }, db: DB) {
  const feedId = Number(params.feedId);
  const runId = Number(params.runId);
  if (!Number.isSafeInteger(feedId) || !Number.isSafeInteger(runId)) return null;
  const [feed, run] = await Promise.all([loadFeed(db, feedId), loadFeedRun(db, feedId, runId)]);
  return feed && run ? { feed, run } : null;
}

/** The run's screen, or null for a feed or run that does not exist. */
export async function loadFeedRunScreen(db: DB, params: Params) {
  const found = await find(params, db);
  if (!found) return null;
  const merchant = await db.selectFrom("merchants").select("name").where("id", "=", found.feed.merchantId).executeTakeFirst();
  const products = found.run.counts.unmatched > 0 && found.run.status === "previewed" ? await productChoices(db) : [];
  return { feed: { id: found.feed.id, name: found.feed.name, merchantName: merchant?.name ?? "" }, run: found.run, products };
}

export interface FeedRunActionResult {
  toast?: ResultToast;
}

const runOptions = (context: AppLoadContext) => ({
  dataDir: context.config.dataDir,
  read: feedReadSettingsFrom(context.config),
  prices: context.config.prices,
});

export const FEED_RUN_INTENTS = {
  "save-run": async ({ request, context, params }) => {
    const found = await find(params, context.db);
    if (!found || found.run.status !== "previewed" || !found.run.fingerprint) {
      return data<FeedRunActionResult>(
        { toast: { kind: "error", title: "Not saved", description: "This run is not a preview waiting to be saved." } },
        { status: 409 },
      );
    }
    const outcome = await runFeed(context.db, found.feed, {
      trigger: "manual",
      save: true,
      preview: { runId: found.run.id, fingerprint: found.run.fingerprint },
      ...runOptions(context),
    });
    await recordAdminAction(
      { request, context },
      "merchant-feed-run",
      `Saved feed ${found.feed.name} (id ${found.feed.id}): ${outcome.status === "failed" ? outcome.error : outcome.status === "plan-changed" ? "refused, the plan changed since the preview" : describeFeedCounts(outcome.counts)}`,
    );
    if (outcome.status === "plan-changed") {
      return data<FeedRunActionResult>(
        {
          toast: {
            kind: "error",
            title: "Nothing was saved",
            description: "The feed or the catalog changed since the preview. Check the updated preview below, then save again.",
          },
        },
        { status: 409 },
      );
    }
    throw redirect(`/admin/feeds/${found.feed.id}/runs/${outcome.runId}`);
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
    if (found.run.status === "previewed") await discardFeedRun(context.db, found.feed.id, found.run.id);
    const outcome = await runFeed(context.db, found.feed, { trigger: "manual", save: false, ...runOptions(context) });
    throw redirect(`/admin/feeds/${found.feed.id}/runs/${outcome.runId}`);
  },
} satisfies IntentTable;
