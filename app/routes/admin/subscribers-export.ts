import { csvLine, STATUS_LABELS, subscriberQuery } from "~/lib/newsletter";
import { requireAdmin } from "~/server/auth/guard.server";
import { recordAdminAction } from "~/server/audit/audit-log.server";
import { allSubscribers } from "~/server/newsletter/subscribers.server";
import type { Route } from "./+types/subscribers-export";

/**
 * /admin/subscribers/export: the subscribers the list page shows (same search and state), as a
 * CSV download, streamed in chunks. Every cell is formula-safe, since an address is typed by
 * strangers and the file is opened in spreadsheets.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = subscriberQuery(new URL(request.url));
  await recordAdminAction(
    { request, context },
    "subscribers-exported",
    [query.search && `search "${query.search}"`, query.status && `state ${query.status}`].filter(Boolean).join(", ") || "all subscribers",
  );
  const encoder = new TextEncoder();
  const rows = allSubscribers(context.db, query);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLine(["email", "state", "signed_up_at", "confirmed_at", "unsubscribed_at"])));
    },
    async pull(controller) {
      const next = await rows.next();
      if (next.done) return controller.close();
      const s = next.value;
      controller.enqueue(
        encoder.encode(csvLine([s.email, STATUS_LABELS[s.status], s.createdAt, s.confirmedAt ?? "", s.unsubscribedAt ?? ""])),
      );
    },
  });
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscribers-${stamp}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
