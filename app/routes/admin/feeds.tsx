import { appContext } from "~/server/load-context";
import { EditConflictPanel } from "~/components/admin/edit-conflict-panel";
import { useNavigation } from "react-router";
import { Plus } from "lucide-react";
import { EmptyTable } from "~/components/admin/admin-table";
import { FeedForm, FeedMappingForm } from "~/components/admin/feed-form";
import { FeedTable } from "~/components/admin/feed-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { buttonClasses } from "~/components/ui/button";
import { FlashNotice } from "~/components/ui/flash-notice";
import { Link } from "~/components/ui/link";
import { Notice } from "~/components/ui/notice";
import { useResultToast } from "~/components/ui/use-result-toast";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { feedIntents, loadFeedsScreen, type FeedsActionResult } from "~/server/feeds/feed-screen.server";
import { dispatchIntent } from "~/server/forms/intents.server";
import { adminUser } from "~/server/auth/guard.server";
import type { Route } from "./+types/feeds";

/**
 * /admin/feeds: the shops' product feeds (docs/decisions/0064), each with its source, schedule
 * and last run; the form to add or edit one (by address or upload); the column mapping of an
 * "other CSV" feed; and the buttons that preview a run (the owner then saves or discards it) or
 * run and save at once, each queued for the worker (docs/decisions/0099). Admins only (the
 * admin layout's middleware checks the role on the server before any loader or action).
 */

export const meta: Route.MetaFunction = () => [{ title: `Feeds - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadFeedsScreen(request, context.get(appContext));
}

export async function action(args: Route.ActionArgs) {
  return dispatchIntent(args, feedIntents(adminUser(args.context)));
}

export default function FeedsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { feeds, merchants, editing, adding, mapping, flash } = loaderData;
  const result = actionData as FeedsActionResult | undefined;
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
        {result?.toast?.kind === "error" && !result.form && !result.mappingError && !result.conflict && (
          <Notice tone="red" title={result.toast.title} role="alert">
            {result.toast.description}
          </Notice>
        )}
        {result?.conflict ? (
          <EditConflictPanel conflict={result.conflict} />
        ) : (
          formState && (
            <FeedForm
              editingId={formState.editingId}
              version={editing?.version}
              state={formState}
              merchants={merchants}
              uploadedName={editing && editing.id === formState.editingId ? editing.uploadedName : null}
              busy={busy}
            />
          )
        )}
        {mapping &&
          result?.conflict?.intent !== "save-mapping" &&
          (mapping.error ? (
            <Notice tone="red" title="The feed could not be read" role="alert">
              {mapping.error}
            </Notice>
          ) : (
            <FeedMappingForm
              feedId={mapping.feedId}
              version={mapping.version}
              columns={mapping.columns}
              sample={mapping.sample}
              mapping={mapping.current}
              preset={mapping.preset}
              reading={result?.mappingReading !== undefined ? result.mappingReading : mapping.reading}
              currency={mapping.currency}
              error={result?.mappingError}
              sent={result?.mappingValues}
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
          <li>Every run goes on in the background: its page shows its progress and Cancel, and it is listed under Runs.</li>
        </ul>
      </div>
    </>
  );
}
