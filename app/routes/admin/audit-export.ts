import { appContext } from "~/server/load-context";
import { auditActionLabel, auditQuery } from "~/lib/audit/audit-actions";
import { csvLine } from "~/lib/csv/csv-writer";
import { allAuditEntries, recordAdminAction } from "~/server/audit/audit-log.server";
import { csvDownload } from "~/server/http/csv-download.server";
import type { Route } from "./+types/audit-export";

/**
 * /admin/audit/export.csv: the audit log with the page's filters, newest first, streamed. Every
 * cell goes through the formula-safe writer: an email address or a detail (a product name, a
 * refused sign-in's words) can be typed by anyone, and the file is opened in spreadsheets.
 * The export is itself recorded: the file holds addresses.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { email, action } = auditQuery(new URL(request.url));
  const entries = allAuditEntries(context.get(appContext).db, { email, action });
  await recordAdminAction(
    { request, context: context.get(appContext) },
    "audit-exported",
    [email, action].filter(Boolean).join(", ") || "every entry",
  );
  async function* lines() {
    yield csvLine(["at", "user_id", "email", "action", "action_label", "detail", "address"]);
    for await (const e of entries)
      yield csvLine([e.at, e.userId ?? "", e.email, e.action, auditActionLabel(e.action), e.detail, e.address ?? ""]);
  }
  return csvDownload(lines(), `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
}
