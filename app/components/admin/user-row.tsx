import { LogOut, PenLine, ShieldCheck, ShieldOff } from "lucide-react";
import { Form } from "~/components/ui/link";
import type { UserListing } from "~/server/auth/users.server";

/** One account on /admin/users: its state, and the buttons that change it (each a form of its own). */
export function UserRow({ user, me, lastAdmin, pending }: { user: UserListing; me: boolean; lastAdmin: boolean; pending: string | null }) {
  const busy = (intent: string) => pending === `${intent}:${user.id}`;
  return (
    <li className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card md:flex-row md:items-center md:justify-between">
      <div className="min-w-0">
        <p className="break-all font-medium text-ink">
          {user.email}
          {me && <span className="ml-2 text-xs font-normal text-ink-muted">(you)</span>}
        </p>
        <p className="mt-1 flex flex-wrap gap-2 text-xs">
          <span
            className={
              user.admin
                ? "rounded-full bg-brand-soft px-2 py-0.5 font-semibold text-brand-strong"
                : "rounded-full bg-sand px-2 py-0.5 text-ink"
            }
          >
            {user.admin ? "Admin" : "User"}
          </span>
          {user.editor && <span className="rounded-full bg-brand-soft px-2 py-0.5 font-semibold text-brand-strong">Editor</span>}
          <span
            className={
              user.verified ? "rounded-full bg-forest-soft px-2 py-0.5 text-ink" : "rounded-full bg-amber-50 px-2 py-0.5 text-amber-900"
            }
          >
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
              title={lastAdmin ? "The last confirmed admin keeps the role: make another account admin first." : undefined}
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
            value={user.editor ? "revoke-editor" : "grant-editor"}
            disabled={(!user.editor && !user.verified) || busy(user.editor ? "revoke-editor" : "grant-editor")}
            title={user.editor || user.verified ? undefined : "The account must confirm its address first."}
            className="inline-flex h-9 items-center gap-1.5 rounded-full border border-line px-3 text-sm font-semibold text-ink hover:bg-sand disabled:cursor-not-allowed disabled:opacity-50"
          >
            <PenLine aria-hidden className="size-4" />
            {user.editor ? "Revoke editor" : "Make editor"}
            <span className="sr-only">
              {user.editor ? " from" : ""} {user.email}
            </span>
          </button>
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
