import { appContext } from "~/server/load-context";
import { data, useNavigation } from "react-router";
import { Notice } from "~/components/ui/notice";
import { AdminSearchForm } from "~/components/admin/admin-search-form";
import { EmptyTable } from "~/components/admin/admin-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { UserRow } from "~/components/admin/user-row";
import { useResultToast } from "~/components/ui/use-result-toast";
import { userActionSchema } from "~/lib/admin/user-forms";
import { parseForm } from "~/lib/forms/parse-form";
import type { ResultToast } from "~/lib/forms/result-toast";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { adminUser, type SignedInUser } from "~/server/auth/guard.server";
import { dispatchIntent, UNKNOWN_INTENT_TOAST, type IntentArgs, type IntentTable } from "~/server/forms/intents.server";
import { log } from "~/server/log.server";
import type { AuditAction } from "~/lib/audit/audit-actions";
import { recordAdminAction } from "~/server/audit/audit-log.server";
import { listUsers, setAdminRole, setEditorRole, signOutEverywhere, UserChangeRefused } from "~/server/auth/users.server";
import type { Route } from "./+types/users";

/**
 * /admin/users: every account, whether it confirmed its address, who is an admin and how many
 * sessions it has open; an admin grants or revokes the admin role (never the last admin's) and the
 * editor role, and can sign an account out everywhere. Sign-up never makes anyone an admin; this page or create-admin does.
 */

export const meta: Route.MetaFunction = () => [{ title: `Users - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = adminUser(context);
  const search = new URL(request.url).searchParams.get("q") ?? "";
  return { users: await listUsers(context.get(appContext).db, search), search, myEmail: me.email };
}

/**
 * The intents table: one entry per button. Each changes the account the form names and answers
 * with a toast, logged under the admin who made the change.
 */
function accountIntents(me: SignedInUser) {
  const forAccount =
    (audit: AuditAction, change: (db: IntentArgs["context"]["db"], userId: string) => Promise<ResultToast>) =>
    async ({ form, request, context }: IntentArgs) => {
      const parsed = parseForm(form, userActionSchema);
      if (!parsed.ok) return data({ toast: UNKNOWN_INTENT_TOAST }, { status: 400 });
      const account = `[account ${parsed.value.userId}]`;
      try {
        const toast = await change(context.db, parsed.value.userId);
        log.info(`${me.email}: ${toast.title} (${toast.description})`);
        await recordAdminAction({ request, context }, audit, `${toast.title}: ${toast.description} ${account}`);
        return data({ toast });
      } catch (error) {
        if (error instanceof UserChangeRefused) {
          log.warn(`${me.email}: ${audit} refused (${error.message})`);
          await recordAdminAction({ request, context }, audit, `Refused: ${error.message} ${account}`);
          return data({ toast: { kind: "error", title: "Not changed", description: error.message } as ResultToast }, { status: 409 });
        }
        throw error;
      }
    };
  return {
    "grant-admin": forAccount("admin-granted", async (db, userId) => {
      const { email, changed } = await setAdminRole(db, userId, true);
      return {
        kind: "success",
        title: changed ? "Admin granted" : "Already an admin",
        description: `${email} can sign in to the admin area.`,
      };
    }),
    "revoke-admin": forAccount("admin-revoked", async (db, userId) => {
      const { email, changed } = await setAdminRole(db, userId, false);
      return {
        kind: "success",
        title: changed ? "Admin revoked" : "Not an admin",
        description: `${email} can no longer open the admin area.`,
      };
    }),
    "grant-editor": forAccount("editor-granted", async (db, userId) => {
      const { email, changed } = await setEditorRole(db, userId, true);
      const title = changed ? "Editor granted" : "Already an editor";
      return { kind: "success", title, description: `${email} can write articles and edit reviews.` };
    }),
    "revoke-editor": forAccount("editor-revoked", async (db, userId) => {
      const { email, changed } = await setEditorRole(db, userId, false);
      const title = changed ? "Editor revoked" : "Not an editor";
      return { kind: "success", title, description: `${email} is no longer an editor.` };
    }),
    "sign-out": forAccount("signed-out-everywhere", async (db, userId) => {
      const ended = await signOutEverywhere(db, userId);
      return { kind: "success", title: "Signed out everywhere", description: `${ended} ${ended === 1 ? "session" : "sessions"} ended.` };
    }),
  } satisfies IntentTable;
}

export async function action(args: Route.ActionArgs) {
  const me = adminUser(args.context);
  return dispatchIntent(args, accountIntents(me));
}

export default function UsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { users, search, myEmail } = loaderData;
  useResultToast(actionData);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? `${navigation.formData?.get("intent")}:${navigation.formData?.get("userId")}` : null;
  // Only confirmed admins can sign in: the last of them cannot be demoted.
  const admins = users.filter((user) => user.admin && user.verified).length;

  return (
    <>
      <AdminPageHeader
        title="Users"
        description="Accounts on this site. Only admins can open the admin area; sign-up never makes anyone an admin."
      />
      {actionData?.toast?.kind === "error" && (
        <Notice tone="red" title={actionData.toast.title} role="alert" className="mb-5">
          {actionData.toast.description}
        </Notice>
      )}
      <AdminSearchForm id="user-search" label="Search users" placeholder="Email address" defaultValue={search} className="mb-4 max-w-md" />
      {users.length === 0 ? (
        <EmptyTable>No accounts match.</EmptyTable>
      ) : (
        <ul className="space-y-2" aria-label="Accounts">
          {users.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              me={user.email === myEmail}
              lastAdmin={user.admin && user.verified && admins <= 1 && !search}
              pending={pending}
            />
          ))}
        </ul>
      )}
    </>
  );
}
