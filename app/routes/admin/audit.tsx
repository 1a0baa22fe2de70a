import { appContext } from "~/server/load-context";
import { Download } from "lucide-react";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AuditTable } from "~/components/admin/audit-table";
import { buttonClasses } from "~/components/ui/button";
import { Form } from "~/components/ui/link";
import { auditActionLabel, auditQuery, auditSearch } from "~/lib/audit/audit-actions";
import { auditPage } from "~/server/audit/audit-log.server";
import type { Route } from "./+types/audit";

/**
 * /admin/audit: who did what in the admin area, when and from which address (sign-ins of admin
 * accounts, role changes, imports, deletions, saves, exports, link checks, and every other admin
 * request), newest first, filtered by person and action, exportable as CSV. Kept for
 * AUDIT_RETENTION_DAYS days.
 */

export const meta: Route.MetaFunction = () => [{ title: "Audit log - Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = auditQuery(new URL(request.url));
  return {
    query,
    log: await auditPage(context.get(appContext).db, query),
    retentionDays: context.get(appContext).config.auditRetentionDays,
  };
}

const selectClasses = "h-11 min-w-0 rounded-full border border-line bg-surface px-4 text-sm";

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { query, log, retentionDays } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Audit log"
        description={`Every admin action and every sign-in to an admin account: who, what, when and from which address. Entries are kept for ${retentionDays} days (AUDIT_RETENTION_DAYS).`}
      >
        <a
          href={`/admin/audit/export.csv${auditSearch({ email: query.email, action: query.action })}`}
          download
          className={buttonClasses({ variant: "secondary" })}
        >
          <Download aria-hidden className="size-4" />
          Export CSV
        </a>
      </AdminPageHeader>
      <Form method="get" className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Person
          <select name="email" defaultValue={query.email} className={selectClasses}>
            <option value="">Everyone</option>
            {log.people.map((email) => (
              <option key={email} value={email}>
                {email}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Action
          <select name="action" defaultValue={query.action} className={selectClasses}>
            <option value="">Every action</option>
            {log.actions.map((action) => (
              <option key={action} value={action}>
                {auditActionLabel(action)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClasses({ variant: "primary" })}>
          Filter
        </button>
      </Form>
      <AuditTable entries={log.entries} query={query} page={log.page} pageCount={log.pageCount} total={log.total} />
    </>
  );
}
