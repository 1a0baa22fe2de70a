import { LogOut, Search, ShieldCheck, ShieldOff } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { Notice } from "~/components/ui/notice";
import { AdminPageHeader } from "~/components/admin/page-header";
import { inputClasses } from "~/components/ui/form-field";
import { useResultToast } from "~/components/ui/use-result-toast";
import { userActionSchema } from "~/lib/admin/user-forms";
import { parseForm } from "~/lib/forms/parse-form";
import type { ResultToast } from "~/lib/result-toast";
import { SITE_NAME } from "~/lib/site-navigation";
import { requireAdmin, type SignedInUser } from "~/server/auth/guard.server";
import { dispatchIntent, UNKNOWN_INTENT_TOAST, type IntentArgs, type IntentTable } from "~/server/forms/intents.server";
import { log } from "~/server/log.server";
import { listUsers, setAdminRole, signOutEverywhere, UserChangeRefused, type UserListing } from "~/server/auth/users.server";
import type { Route } from "./+types/users";

/**
 * /admin/users: every account, whether it confirmed its address, who is an admin and how many
 * sessions it has open; an admin grants or revokes the role (never the last admin's) and can
 * sign an account out everywhere. Sign-up never makes anyone an admin; this page or create-admin does.
 */

export const meta: Route.MetaFunction = () => [{ title: `Users - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireAdmin(request, context);
  const search = new URL(request.url).searchParams.get("q") ?? "";
  return { users: await listUsers(context.db, search), search, myEmail: me.email };
}

/**
 * The intents table: one entry per button. Each changes the account the form names and answers
 * with a toast, logged under the admin who made the change.
 */
function accountIntents(me: SignedInUser) {
  const forAccount = (change: (db: IntentArgs["context"]["db"], userId: string) => Promise<ResultToast>) => async ({ form, context }: IntentArgs) => {
    const parsed = parseForm(form, userActionSchema);
    if (!parsed.ok) return data({ toast: UNKNOWN_INTENT_TOAST }, { status: 400 });
    try {
      const toast = await change(context.db, parsed.value.userId);
      log.info(`${me.email}: ${toast.title} (${toast.description})`);
      return data({ toast });
    } catch (error) {
      if (error instanceof UserChangeRefused) {
        return data({ toast: { kind: "error", title: "Not changed", description: error.message } as ResultToast }, { status: 409 });
      }
      throw error;
    }
  };
  return {
    "grant-admin": forAccount(async (db, userId) => {
      const { email, changed } = await setAdminRole(db, userId, true);
      return { kind: "success", title: changed ? "Admin granted" : "Already an admin", description: `${email} can sign in to the admin area.` };
    }),
    "revoke-admin": forAccount(async (db, userId) => {
      const { email, changed } = await setAdminRole(db, userId, false);
      return { kind: "success", title: changed ? "Admin revoked" : "Not an admin", description: `${email} can no longer open the admin area.` };
    }),
    "sign-out": forAccount(async (db, userId) => {
      const ended = await signOutEverywhere(db, userId);
      return { kind: "success", title: "Signed out everywhere", description: `${ended} ${ended === 1 ? "session" : "sessions"} ended.` };
    }),
  } satisfies IntentTable;
}

export async function action(args: Route.ActionArgs) {
  const me = await requireAdmin(args.request, args.context);
  return dispatchIntent(args, accountIntents(me));
}

export default function UsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { users, search, myEmail } = loaderData;
  useResultToast(actionData);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? `${navigation.formData?.get("intent")}:${navigation.formData?.get("userId")}` : null;
  const admins = users.filter((user) => user.admin).length;

  return (
    <>
      <AdminPageHeader title="Users" description="Accounts on this site. Only admins can open the admin area; sign-up never makes anyone an admin." />
      {actionData?.toast?.kind === "error" && (
        <Notice tone="red" title={actionData.toast.title} role="alert" className="mb-5">
          {actionData.toast.description}
        </Notice>
      )}
      <Form method="get" role="search" className="mb-4 flex max-w-md gap-2">
        <label htmlFor="user-search" className="sr-only">
          Search users
        </label>
        <input id="user-search" name="q" defaultValue={search} placeholder="Email address" className={`${inputClasses} h-10 py-0`} />
        <button type="submit" className="inline-flex h-10 items-center gap-1.5 rounded-full border border-line bg-surface px-4 text-sm font-semibold hover:bg-sand">
          <Search aria-hidden className="size-4" />
          Search
        </button>
      </Form>
      {users.length === 0 ? (
        <p className="rounded-card border border-dashed border-line bg-surface p-6 text-center text-ink-muted">No accounts match.</p>
      ) : (
        <ul className="space-y-2" aria-label="Accounts">
          {users.map((user) => (
            <UserRow key={user.id} user={user} me={user.email === myEmail} lastAdmin={user.admin && admins <= 1 && !search} pending={pending} />
          ))}
        </ul>
      )}
    </>
  );
}

function UserRow({ user, me, lastAdmin, pending }: { user: UserListing; me: boolean; lastAdmin: boolean; pending: string | null }) {
  const busy = (intent: string) => pending === `${intent}:${user.id}`;
  return (
    <li className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card md:flex-row md:items-center md:justify-between">
      <div className="min-w-0">
        <p className="break-all font-medium text-ink">
          {user.email}
          {me && <span className="ml-2 text-xs font-normal text-ink-muted">(you)</span>}
        </p>
        <p className="mt-1 flex flex-wrap gap-2 text-xs">
          <span className={user.admin ? "rounded-full bg-brand-soft px-2 py-0.5 font-semibold text-brand-strong" : "rounded-full bg-sand px-2 py-0.5 text-ink"}>
            {user.admin ? "Admin" : "User"}
          </span>
          <span className={user.verified ? "rounded-full bg-forest-soft px-2 py-0.5 text-ink" : "rounded-full bg-amber-50 px-2 py-0.5 text-amber-900"}>
            {user.verified ? "Confirmed" : "Not confirmed"}
          </span>
          <span className="text-ink-muted">
            {user.sessions} open {user.sessions === 1 ? "session" : "sessions"} · joined {user.createdAt.slice(0, 10)}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="userId" value={user.id} />
          {user.admin ? (
            <button
              type="submit"
              name="intent"
              value="revoke-admin"
              disabled={lastAdmin || busy("revoke-admin")}
              title={lastAdmin ? "The only admin keeps the role: make another account admin first." : undefined}
              className="inline-flex h-9 items-center gap-1.5 rounded-full border border-line px-3 text-sm font-semibold text-ink hover:bg-sand disabled:cursor-not-allowed disabled:opacity-50"
            >
              <ShieldOff aria-hidden className="size-4" />
              Revoke admin<span className="sr-only"> from {user.email}</span>
            </button>
          ) : (
            <button
              type="submit"
              name="intent"
              value="grant-admin"
              disabled={!user.verified || busy("grant-admin")}
              title={user.verified ? undefined : "The account must confirm its address first."}
              className="inline-flex h-9 items-center gap-1.5 rounded-full border border-line px-3 text-sm font-semibold text-ink hover:bg-sand disabled:cursor-not-allowed disabled:opacity-50"
            >
              <ShieldCheck aria-hidden className="size-4" />
              Make admin<span className="sr-only"> {user.email}</span>
            </button>
          )}
        </Form>
        <Form method="post">
          <input type="hidden" name="userId" value={user.id} />
          <button
            type="submit"
            name="intent"
            value="sign-out"
            disabled={user.sessions === 0 || busy("sign-out")}
            className="inline-flex h-9 items-center gap-1.5 rounded-full border border-line px-3 text-sm font-semibold text-ink hover:bg-sand disabled:cursor-not-allowed disabled:opacity-50"
          >
            <LogOut aria-hidden className="size-4" />
            Sign out everywhere<span className="sr-only"> ({user.email})</span>
          </button>
        </Form>
      </div>
    </li>
  );
}
