import { data, redirect, useNavigation } from "react-router";
import { Plus } from "lucide-react";
import { EmptyTable } from "~/components/admin/admin-table";
import { FeedForm, FeedMappingForm, type FeedFormState } from "~/components/admin/feed-form";
import { FeedTable } from "~/components/admin/feed-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { buttonClasses } from "~/components/ui/button";
import { FlashNotice } from "~/components/ui/flash-notice";
import { Link } from "~/components/ui/link";
import { Notice } from "~/components/ui/notice";
import { useResultToast } from "~/components/ui/use-result-toast";
import { readFeedForm, readMappingForm, type FeedFormValues } from "~/lib/feeds/feed-form";
import { describeFeedCounts } from "~/lib/feeds/feed-run";
import { formValues } from "~/lib/forms/parse-form";
import type { ResultToast } from "~/lib/result-toast";
import { SITE_NAME } from "~/lib/site-navigation";
import { recordAdminAction } from "~/server/audit/audit-log.server";
import { requireAdmin } from "~/server/auth/guard.server";
import { loadFeed, runFeed } from "~/server/feeds/feed-run.server";
import {
  deleteFeed,
  feedForm,
  listFeeds,
  merchantChoices,
  removeFeedUpload,
  saveFeed,
  saveFeedMapping,
  storeFeedUpload,
} from "~/server/feeds/feeds-admin.server";
import { FeedError, feedReadSettingsFrom, peekFeed } from "~/server/feeds/read-feed.server";
import { feedSourceOf } from "~/server/feeds/feed-run.server";
import { readFlash, redirectWithFlash } from "~/server/forms/flash.server";
import { dispatchIntent, type IntentTable } from "~/server/forms/intents.server";
import type { Route } from "./+types/feeds";

/**
 * /admin/feeds: the shops' product feeds (docs/decisions/0064), each with its source, schedule
 * and last run; the form to add or edit one (by address or upload); the column mapping of an
 * "other CSV" feed; and the buttons that preview a run (the owner then saves or discards it) or
 * run and save at once. Admins only (every loader and action checks the role on the server).
 */

export const meta: Route.MetaFunction = () => [{ title: `Feeds - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

const idOf = (text: string | null) => {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const editId = idOf(url.searchParams.get("edit"));
  const mapId = idOf(url.searchParams.get("map"));
  const [feeds, merchants, editing] = await Promise.all([
    listFeeds(context.db),
    merchantChoices(context.db),
    editId ? feedForm(context.db, editId) : Promise.resolve(null),
  ]);
  let mapping: {
    feedId: number;
    columns: string[];
    sample: string[][];
    current: Record<string, string> | null;
    error: string | null;
  } | null = null;
  if (mapId) {
    const feed = await loadFeed(context.db, mapId);
    if (feed) {
      try {
        const peek = await peekFeed(feedSourceOf(feed, context.config.dataDir), feedReadSettingsFrom(context.config));
        mapping = { feedId: feed.id, columns: peek.columns, sample: peek.sample, current: feed.mapping, error: null };
      } catch (error) {
        if (!(error instanceof FeedError)) throw error;
        mapping = { feedId: feed.id, columns: [], sample: [], current: feed.mapping, error: error.message };
      }
    }
  }
  const { flash, headers } = await readFlash(request, context.config);
  return data(
    {
      feeds,
      merchants,
      editing: editing
        ? {
            id: editing.id,
            uploadedName: editing.uploadOriginalName,
            values: {
              name: editing.name,
              merchant_id: String(editing.merchantId),
              source_kind: editing.sourceKind,
              url: editing.url ?? "",
              format: editing.format ?? "",
              schedule: editing.schedule,
            },
          }
        : null,
      adding: url.searchParams.has("new"),
      mapping,
      flash,
    },
    { headers },
  );
}

interface ActionResult {
  toast?: ResultToast;
  form?: FeedFormState & { editingId: number | null };
  mappingError?: string;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const intents = {
  "save-feed": async ({ form, request, context }) => {
    const editingId = idOf(text(form, "id"));
    const file = form.get("file");
    const upload = file instanceof File && file.size > 0 ? file : null;
    const existing = editingId ? await feedForm(context.db, editingId) : null;
    const values = Object.fromEntries(
      ["name", "merchant_id", "source_kind", "url", "format", "schedule"].map((name) => [name, text(form, name)]),
    ) as FeedFormValues;
    const read = readFeedForm(values, { hasUpload: upload !== null || Boolean(existing?.uploadOriginalName) });
    if (!read.ok) {
      return data<ActionResult>(
        {
          toast: { kind: "error", title: "Feed not saved", description: "Check the highlighted fields." },
          form: { values: formValues(form), fieldErrors: read.errors, editingId },
        },
        { status: 400 },
      );
    }
    const stored = upload && read.feed.sourceKind === "upload" ? await storeFeedUpload(context.config.dataDir, upload) : null;
    const { id, replacedUpload } = await saveFeed(context.db, editingId, read.feed, stored);
    await removeFeedUpload(context.config.dataDir, replacedUpload);
    await recordAdminAction(
      { request, context },
      "merchant-feed-saved",
      `${editingId ? "Changed" : "Added"} feed ${read.feed.name} (id ${id})`,
    );
    // A file with its own column names needs its mapping before it can run.
    let next = "/admin/feeds";
    if (read.feed.format === "csv-mapped" || read.feed.format === null) {
      const feed = await loadFeed(context.db, id);
      if (feed && !feed.mapping) {
        try {
          const peek = await peekFeed(feedSourceOf(feed, context.config.dataDir), feedReadSettingsFrom(context.config));
          if (peek.format === "needs-mapping") next = `/admin/feeds?map=${id}#feed-mapping`;
        } catch (error) {
          if (!(error instanceof FeedError)) throw error;
        }
      }
    }
    throw await redirectWithFlash(request, context.config, next, {
      toast: { kind: "success", title: "Feed saved", description: `${read.feed.name} is saved.` },
    });
  },

  "save-mapping": async ({ form, request, context }) => {
    const feed = await loadFeed(context.db, idOf(text(form, "id")) ?? 0);
    if (!feed)
      return data<ActionResult>(
        { toast: { kind: "error", title: "Not saved", description: "That feed no longer exists." } },
        { status: 404 },
      );
    const peek = await peekFeed(feedSourceOf(feed, context.config.dataDir), feedReadSettingsFrom(context.config));
    const values = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    const read = readMappingForm(values, peek.columns);
    if (!read.ok)
      return data<ActionResult>(
        { mappingError: read.error, toast: { kind: "error", title: "Columns not saved", description: read.error } },
        { status: 400 },
      );
    await saveFeedMapping(context.db, feed.id, read.mapping);
    await recordAdminAction({ request, context }, "merchant-feed-saved", `Chose the columns of feed ${feed.name} (id ${feed.id})`);
    throw await redirectWithFlash(request, context.config, "/admin/feeds", {
      toast: { kind: "success", title: "Columns saved", description: `${feed.name} can run now.` },
    });
  },

  "run-feed": async ({ form, request, context }) => {
    const feed = await loadFeed(context.db, idOf(text(form, "id")) ?? 0);
    if (!feed)
      return data<ActionResult>(
        { toast: { kind: "error", title: "Not run", description: "That feed no longer exists." } },
        { status: 404 },
      );
    const save = text(form, "mode") === "save";
    const outcome = await runFeed(context.db, feed, {
      trigger: "manual",
      save,
      dataDir: context.config.dataDir,
      read: feedReadSettingsFrom(context.config),
      prices: context.config.prices,
    });
    await recordAdminAction(
      { request, context },
      "merchant-feed-run",
      `${save ? "Ran and saved" : "Previewed"} feed ${feed.name} (id ${feed.id}): ${outcome.status === "failed" ? outcome.error : describeFeedCounts(outcome.counts)}`,
    );
    throw redirect(`/admin/feeds/${feed.id}/runs/${outcome.runId}`);
  },

  "delete-feed": async ({ form, request, context }) => {
    const id = idOf(text(form, "id"));
    const feed = id ? await loadFeed(context.db, id) : null;
    if (!feed || !(await deleteFeed(context.db, context.config.dataDir, feed.id))) {
      return data<ActionResult>(
        { toast: { kind: "error", title: "Nothing deleted", description: "That feed no longer exists." } },
        { status: 404 },
      );
    }
    await recordAdminAction({ request, context }, "merchant-feed-deleted", `Deleted feed ${feed.name} (id ${feed.id}); its offers stay`);
    throw await redirectWithFlash(request, context.config, "/admin/feeds", {
      toast: { kind: "success", title: "Feed deleted", description: `${feed.name} is deleted. Its offers stay at the shop.` },
    });
  },
} satisfies IntentTable;

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args.request, args.context);
  return dispatchIntent(args, intents);
}

export default function FeedsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { feeds, merchants, editing, adding, mapping, flash } = loaderData;
  const result = actionData as ActionResult | undefined;
  useResultToast(result);
  useResultToast(flash);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-feed";
  const formState =
    result?.form ?? (editing ? { values: editing.values, editingId: editing.id } : adding ? { values: {}, editingId: null } : null);

  return (
    <>
      <AdminPageHeader
        title="Feeds"
        description="Shops' product feeds (Google Merchant Center XML or TSV, or any CSV): each run updates that shop's offers, all together or not at all."
      >
        <Link to="/admin/feeds?new#feed-form" className={buttonClasses()}>
          <Plus aria-hidden className="size-4" />
          Add feed
        </Link>
      </AdminPageHeader>
      <FlashNotice flash={flash} />
      <div className="space-y-6">
        {result?.toast?.kind === "error" && !result.form && !result.mappingError && (
          <Notice tone="red" title={result.toast.title} role="alert">
            {result.toast.description}
          </Notice>
        )}
        {formState && (
          <FeedForm
            editingId={formState.editingId}
            state={formState}
            merchants={merchants}
            uploadedName={editing && editing.id === formState.editingId ? editing.uploadedName : null}
            busy={busy}
          />
        )}
        {mapping &&
          (mapping.error ? (
            <Notice tone="red" title="The feed could not be read" role="alert">
              {mapping.error}
            </Notice>
          ) : (
            <FeedMappingForm
              feedId={mapping.feedId}
              columns={mapping.columns}
              sample={mapping.sample}
              mapping={mapping.current}
              error={result?.mappingError}
            />
          ))}
        {feeds.length === 0 ? (
          <EmptyTable>No feeds yet. Add a shop&apos;s feed by its address or upload its file.</EmptyTable>
        ) : (
          <FeedTable rows={feeds} />
        )}
        <ul className="list-disc space-y-1 pl-5 text-sm text-ink-muted">
          <li>
            Items find their product by GTIN, then by MPN, then by your own choice on a run&apos;s page (&quot;This is product…&quot;).
          </li>
          <li>An item that leaves the feed marks its offer out of stock; offers are never deleted by a feed.</li>
          <li>Scheduled feeds run and save on their own; Preview run shows what would change before anything is saved.</li>
        </ul>
      </div>
    </>
  );
}
