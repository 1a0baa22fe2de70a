import { appContext } from "~/server/load-context";
import { csvLine } from "~/lib/csv/csv-writer";
import { STATUS_LABELS, subscriberQuery } from "~/lib/newsletter/newsletter";
import { recordAdminAction } from "~/server/audit/audit-log.server";
import { csvDownload } from "~/server/http/csv-download.server";
import { allSubscribers } from "~/server/newsletter/subscribers.server";
import type { Route } from "./+types/subscribers-export";

/**
 * /admin/subscribers/export: the subscribers the list page shows (same search and state), as a
 * CSV download, streamed in chunks. Every cell is formula-safe, since an address is typed by
 * strangers and the file is opened in spreadsheets.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = subscriberQuery(new URL(request.url));
  await recordAdminAction(
    { request, context: context.get(appContext) },
    "subscribers-exported",
    [query.search && `search "${query.search}"`, query.status && `state ${query.status}`].filter(Boolean).join(", ") || "all subscribers",
  );
  async function* lines() {
    yield csvLine(["email", "state", "signed_up_at", "confirmed_at", "unsubscribed_at"]);
    for await (const s of allSubscribers(context.get(appContext).db, query))
      yield csvLine([s.email, STATUS_LABELS[s.status], s.createdAt, s.confirmedAt ?? "", s.unsubscribedAt ?? ""]);
  }
  return csvDownload(lines(), `subscribers-${new Date().toISOString().slice(0, 10)}.csv`);
}
