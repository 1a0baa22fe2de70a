import type { AppServices } from "~/server/load-context";
import { data, redirect } from "react-router";
import { FEED_FORM_FIELDS, readFeedForm, readMappingForm, type FeedFormState, type FeedFormValues } from "~/lib/feeds/feed-form";
import { formValues } from "~/lib/forms/parse-form";
import type { ResultToast } from "~/lib/forms/result-toast";
import { recordAdminAction } from "../audit/audit-log.server";
import type { SignedInUser } from "../auth/guard.server";
import { readFlash, redirectWithFlash } from "../forms/flash.server";
import type { IntentTable } from "../forms/intents.server";
import { StoredFileTooLarge } from "../storage/storage.server";
import { describeBytes } from "~/lib/admin/upload-limits";
import { feedFiles, removeFeedUpload, storeFeedUpload } from "./feed-files.server";
import { enqueueFeedRun } from "./feed-run-jobs.server";
import { feedSourceOf, loadFeed } from "./feed-run.server";
import {
  deleteFeed,
  feedForm,
  feedFormNow,
  feedMappingNow,
  listFeeds,
  merchantChoices,
  saveFeed,
  saveFeedMapping,
} from "./feeds-admin.server";
import type { EditConflict } from "~/lib/admin/edit-conflict";
import { saveUnlessNewer, versionOf } from "../forms/edit-conflict.server";
import { FEED_FIELDS } from "~/lib/feeds/feed-item";
import { presetById, presetMapping, recognisePreset } from "~/lib/feeds/feed-presets";
import { feedReading, type FeedReading } from "~/lib/feeds/feed-reading";
import { FeedError, feedReadSettingsFrom, peekFeed } from "./read-feed.server";

/**
 * The /admin/feeds screen's server half (docs/decisions/0064), kept apart from its route: what
 * the screen loads, and its intents (save a feed, choose an "other CSV" feed's columns, preview
 * or run it, delete it), each recorded in the audit log. The caller has checked the admin role.
 * A run is queued for the worker (feed-run-jobs.server.ts): the form answers at once with the
 * run's page, which shows its progress.
 */

const idOf = (text: string | null) => {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** What /admin/feeds shows: the feeds, the shops to pick from, the feed being edited or added, and a mapping step. */
export async function loadFeedsScreen(request: Request, context: AppServices) {
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
    version: number;
    columns: string[];
    sample: string[][];
    current: Record<string, string> | null;
    /** The network whose documented columns filled the choices in, when they were. */
    preset: { id: string; network: string; label: string; note: string } | null;
    /** How the first rows read under the current (or filled-in) choices. */
    reading: FeedReading | null;
    currency: string | null;
    error: string | null;
  } | null = null;
  if (mapId) {
    const feed = await loadFeed(context.db, mapId);
    const version = await versionOf(context.db, "feeds", mapId);
    if (feed && version !== null) {
      try {
        const peek = await peekFeed(feedSourceOf(feed, feedFiles(context.config, context.db)), feedReadSettingsFrom(context.config));
        // A chosen preset fills the form in; with no mapping saved yet, a recognised one does.
        const asked = presetById(url.searchParams.get("preset"));
        const preset = asked ?? (feed.mapping ? null : recognisePreset(peek.columns));
        const current = preset ? presetMapping(preset, peek.columns, peek.sample) : feed.mapping;
        mapping = {
          feedId: feed.id,
          version,
          columns: peek.columns,
          sample: peek.sample,
          current,
          preset: preset && { id: preset.id, network: preset.network, label: preset.label, note: preset.note },
          reading: current
            ? feedReading(peek.columns, peek.sample, current, { currency: feed.currency, decimalMark: feed.decimalMark })
            : null,
          currency: feed.currency,
          error: null,
        };
      } catch (error) {
        if (!(error instanceof FeedError)) throw error;
        mapping = {
          feedId: feed.id,
          version,
          columns: [],
          sample: [],
          current: feed.mapping,
          preset: null,
          reading: null,
          currency: feed.currency,
          error: error.message,
        };
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
            version: editing.version,
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

export interface FeedsActionResult {
  toast?: ResultToast;
  /** Someone saved the feed after this form was loaded (docs/decisions/0103-no-silent-overwrite.md). */
  conflict?: EditConflict;
  form?: FeedFormState & { editingId: number | null };
  mappingError?: string;
  /** The refused (or only read) mapping form's choices, shown again as sent. */
  mappingValues?: Record<string, string>;
  /** "Show how the rows read": the first rows under the choices sent, nothing saved. */
  mappingReading?: FeedReading | null;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The feed form's fields with the labels it shows, for a save conflict (a chosen file is not compared). */
const FEED_FIELD_LABELS = [
  ["name", "Name"],
  ["merchant_id", "Shop"],
  ["source_kind", "Source"],
  ["url", "Feed address"],
  ["format", "Format"],
  ["schedule", "Schedule"],
  ["currency", "Prices' currency"],
  ["decimal_mark", "Decimal separator"],
] as const;

/** The mapping form's fields with the labels it shows, for a save conflict. */
const MAPPING_FIELD_LABELS = [
  ...FEED_FIELDS.map((field) => [`map_${field}`, `Column for ${field}`] as const),
  ["feed_currency", "Prices' currency"],
] as const;

/** The feeds page's intents, for the admin the admin layout let in (who starts a run). */
export const feedIntents = (admin: SignedInUser) =>
  ({
    "save-feed": async ({ form: sent, request, context }) => {
      const editingId = idOf(text(sent, "id"));
      const save = async (form: FormData, version: number) => {
        const file = form.get("file");
        const upload = file instanceof File && file.size > 0 ? file : null;
        const existing = editingId ? await feedForm(context.db, editingId) : null;
        const values = Object.fromEntries(FEED_FORM_FIELDS.map((name) => [name, text(form, name)])) as FeedFormValues;
        const read = readFeedForm(values, { hasUpload: upload !== null || Boolean(existing?.uploadOriginalName) });
        if (!read.ok) {
          return data<FeedsActionResult>(
            {
              toast: { kind: "error", title: "Feed not saved", description: "Check the highlighted fields." },
              form: { values: formValues(form), fieldErrors: read.errors, editingId },
            },
            { status: 400 },
          );
        }
        const files = feedFiles(context.config, context.db);
        let stored = null;
        if (upload && read.feed.sourceKind === "upload") {
          try {
            stored = await storeFeedUpload(files, upload, context.config.feedMaxBytes);
          } catch (error) {
            if (!(error instanceof StoredFileTooLarge)) throw error;
            return data<FeedsActionResult>(
              {
                toast: {
                  kind: "error",
                  title: "Feed not saved",
                  description: `The file is larger than ${describeBytes(context.config.feedMaxBytes)} (FEED_MAX_MB), so it was not kept and nothing changed.`,
                },
                form: { values: formValues(form), fieldErrors: {}, editingId },
              },
              { status: 413 },
            );
          }
        }
        let saved: { id: number; replacedUpload: string | null };
        try {
          saved = await saveFeed(context.db, editingId, read.feed, stored, editingId === null ? undefined : version);
        } catch (error) {
          // Refused (someone saved the feed first): the file just stored is nobody's.
          if (stored) await removeFeedUpload(files, stored.storedName);
          throw error;
        }
        const { id, replacedUpload } = saved;
        await removeFeedUpload(files, replacedUpload);
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
              const peek = await peekFeed(feedSourceOf(feed, files), feedReadSettingsFrom(context.config));
              if (peek.format === "needs-mapping") next = `/admin/feeds?map=${id}#feed-mapping`;
            } catch (error) {
              if (!(error instanceof FeedError)) throw error;
            }
          }
        }
        throw await redirectWithFlash(request, context.config, next, {
          toast: { kind: "success", title: "Feed saved", description: `${read.feed.name} is saved.` },
        });
      };
      if (editingId === null) return save(sent, 0);
      return saveUnlessNewer({
        form: sent,
        labels: FEED_FIELD_LABELS,
        current: () => feedFormNow(context.db, editingId),
        reloadTo: `/admin/feeds?edit=${editingId}#feed-form`,
        save,
      });
    },

    "save-mapping": async ({ form: sent, request, context }) => {
      const feed = await loadFeed(context.db, idOf(text(sent, "id")) ?? 0);
      if (!feed)
        return data<FeedsActionResult>(
          { toast: { kind: "error", title: "Not saved", description: "That feed no longer exists." } },
          { status: 404 },
        );
      const peek = await peekFeed(feedSourceOf(feed, feedFiles(context.config, context.db)), feedReadSettingsFrom(context.config));
      const save = async (form: FormData, version: number) => {
        const values = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
        const read = readMappingForm(values, peek.columns, peek.sample);
        if (!read.ok)
          return data<FeedsActionResult>(
            {
              mappingError: read.error,
              mappingValues: values,
              toast: { kind: "error", title: "Columns not saved", description: read.error },
            },
            { status: 400 },
          );
        await saveFeedMapping(context.db, feed.id, read.mapping, read.currency, version);
        await recordAdminAction({ request, context }, "merchant-feed-saved", `Chose the columns of feed ${feed.name} (id ${feed.id})`);
        throw await redirectWithFlash(request, context.config, "/admin/feeds", {
          toast: { kind: "success", title: "Columns saved", description: `${feed.name} can run now.` },
        });
      };
      return saveUnlessNewer({
        form: sent,
        labels: MAPPING_FIELD_LABELS,
        current: () => feedMappingNow(context.db, feed.id),
        reloadTo: `/admin/feeds?map=${feed.id}#feed-mapping`,
        save,
      });
    },

    "read-mapping": async ({ form, context }) => {
      const feed = await loadFeed(context.db, idOf(text(form, "id")) ?? 0);
      if (!feed)
        return data<FeedsActionResult>(
          { toast: { kind: "error", title: "Not read", description: "That feed no longer exists." } },
          { status: 404 },
        );
      const peek = await peekFeed(feedSourceOf(feed, feedFiles(context.config, context.db)), feedReadSettingsFrom(context.config));
      const values = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
      const read = readMappingForm(values, peek.columns, peek.sample);
      if (!read.ok) return data<FeedsActionResult>({ mappingError: read.error, mappingValues: values }, { status: 400 });
      return data<FeedsActionResult>({
        mappingValues: values,
        mappingReading: feedReading(peek.columns, peek.sample, read.mapping, { currency: read.currency, decimalMark: feed.decimalMark }),
      });
    },

    "run-feed": async ({ form, request, context }) => {
      const feed = await loadFeed(context.db, idOf(text(form, "id")) ?? 0);
      if (!feed)
        return data<FeedsActionResult>(
          { toast: { kind: "error", title: "Not run", description: "That feed no longer exists." } },
          { status: 404 },
        );
      const save = text(form, "mode") === "save";
      const startedBy = admin.email;
      const queued = await enqueueFeedRun(context.db, feed, { mode: save ? "save" : "preview", trigger: "manual", startedBy });
      if (!queued.already) {
        await recordAdminAction(
          { request, context },
          "merchant-feed-run",
          `${save ? "Started a run and save of" : "Started a preview of"} feed ${feed.name} (id ${feed.id}), run ${queued.jobId}`,
        );
      }
      throw redirect(`/admin/feeds/${feed.id}/runs/${queued.runId}`);
    },

    "delete-feed": async ({ form, request, context }) => {
      const id = idOf(text(form, "id"));
      const feed = id ? await loadFeed(context.db, id) : null;
      if (!feed || !(await deleteFeed(context.db, feedFiles(context.config, context.db), feed.id))) {
        return data<FeedsActionResult>(
          { toast: { kind: "error", title: "Nothing deleted", description: "That feed no longer exists." } },
          { status: 404 },
        );
      }
      await recordAdminAction({ request, context }, "merchant-feed-deleted", `Deleted feed ${feed.name} (id ${feed.id}); its offers stay`);
      throw await redirectWithFlash(request, context.config, "/admin/feeds", {
        toast: { kind: "success", title: "Feed deleted", description: `${feed.name} is deleted. Its offers stay at the shop.` },
      });
    },
  }) satisfies IntentTable;
