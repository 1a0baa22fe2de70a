import { Lock, MailCheck } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Tabs } from "radix-ui";
import { FormField } from "~/components/ui/form-field";
import { Notice } from "~/components/ui/notice";
import { useResultToast } from "~/components/ui/use-result-toast";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { AUTH_PAGE_TEXT, type AuthToast } from "~/lib/auth/auth-messages";
import { safeRedirectPath } from "~/lib/auth/safe-redirect";
import { SITE_NAME } from "~/lib/site-navigation";
import { resendConfirmation, signInWithPassword, signOut, signUpWithPassword } from "~/server/auth/accounts.server";
import { getSignedInUser } from "~/server/auth/guard.server";
import { assertSameSite } from "~/server/auth/origin.server";
import { AttemptLimiter } from "~/server/auth/rate-limit.server";
import { AUTH_FORM_LIMIT_BYTES, readFormUnderLimit } from "~/server/http/request-body.server";
import type { Route } from "./+types/auth";

/**
 * /auth (SPEC §2 "Auth page", §4 "Auth", §5 "Auth form", §8 "Auth toasts"). Plain HTML forms
 * posting to this route's action: sign in, sign up, resend the confirmation, sign out.
 * Successful sign-in goes to a same-site redirectTo or to /admin.
 */

type Tab = "sign-in" | "sign-up";

interface ActionResult {
  toast?: AuthToast;
  /** Show the 'confirmation required' banner for this address. */
  confirmationFor?: string;
  tab: Tab;
  email: string;
}

export const meta: Route.MetaFunction = () => [
  { title: `Admin sign in - ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (await getSignedInUser(request, context)) throw redirect(redirectTo);
  return data(
    {
      redirectTo,
      tab: (url.searchParams.get("tab") === "sign-up" ? "sign-up" : "sign-in") as Tab,
      passwordReset: url.searchParams.get("reset") === "1",
      email: url.searchParams.get("email") ?? "",
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameSite(request, context.config.baseUrl);
  const form = await readFormUnderLimit(request, AUTH_FORM_LIMIT_BYTES);
  const field = (name: string) => String(form.get(name) ?? "");
  const intent = field("intent");
  const email = field("email").trim();
  const password = field("password");
  const limiter = new AttemptLimiter(context.db);
  const client = context.clientAddress ?? null;

  if (intent === "sign-out") {
    throw redirect("/auth", { headers: await signOut(context.auth, request.headers) });
  }
  if (intent === "sign-in") {
    const outcome = await signInWithPassword(context.auth, { email, password }, request.headers, limiter, client);
    if (outcome.ok) throw redirect(safeRedirectPath(field("redirectTo")), { headers: outcome.headers });
    return data<ActionResult>(
      { toast: outcome.toast, confirmationFor: outcome.needsConfirmation ? email : undefined, tab: "sign-in", email },
      { status: outcome.needsConfirmation ? 403 : 400 },
    );
  }
  if (intent === "sign-up") {
    const outcome = await signUpWithPassword(context.auth, { email, password }, limiter, client);
    return data<ActionResult>(
      { toast: outcome.toast, confirmationFor: outcome.ok ? email : undefined, tab: outcome.ok ? "sign-in" : "sign-up", email },
      { status: outcome.ok ? 200 : 400 },
    );
  }
  if (intent === "resend") {
    const outcome = await resendConfirmation(context.auth, email, limiter, client);
    // The banner stays up, with its field, whatever the answer: the next try happens there.
    return data<ActionResult>({ toast: outcome.toast, confirmationFor: email, tab: "sign-in", email }, { status: outcome.ok ? 200 : 400 });
  }
  return data<ActionResult>({ tab: "sign-in", email }, { status: 400 });
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  useResultToast(result);
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;
  const [tab, setTab] = useState<Tab>(result?.tab ?? loaderData.tab);
  useEffect(() => {
    if (result?.tab) setTab(result.tab);
  }, [result]);
  const email = result?.email ?? loaderData.email;

  return (
    <main id="main" className="flex-1 bg-sand/60">
      <div className="page-container flex justify-center py-10 md:py-16">
        <div className="w-full max-w-md">
          <div className="rounded-card border border-line bg-surface p-6 shadow-card md:p-8">
            <div className="mb-6 text-center">
              <span className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand">
                <Lock aria-hidden className="size-6" />
              </span>
              <h1 className="text-3xl font-semibold">{AUTH_PAGE_TEXT.title}</h1>
              <p className="mt-2 text-sm text-ink-muted">{AUTH_PAGE_TEXT.protectedNotice}</p>
            </div>

            {loaderData.passwordReset && !result && (
              <Notice tone="green" title="Password changed" className="mb-5" role="status">
                Sign in with your new password.
              </Notice>
            )}
            {result?.confirmationFor !== undefined && <ConfirmationBanner email={result.confirmationFor} busy={busyIntent === "resend"} />}

            <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
              <Tabs.List aria-label="Sign in or sign up" className="mb-5 grid grid-cols-2 rounded-full bg-sand p-1">
                {TABS.map((value) => (
                  <Tabs.Trigger
                    key={value}
                    value={value}
                    className={cn(
                      "h-10 rounded-full text-sm font-semibold text-ink-muted transition-colors",
                      "data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm",
                    )}
                  >
                    {CREDENTIAL_FORMS[value].tab}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>

              {TABS.map((value) => (
                <Tabs.Content key={value} value={value}>
                  <CredentialsForm intent={value} email={email} redirectTo={loaderData.redirectTo} busy={busyIntent === value} />
                </Tabs.Content>
              ))}
            </Tabs.Root>
          </div>
        </div>
      </div>
    </main>
  );
}

const TABS = ["sign-in", "sign-up"] as const satisfies readonly Tab[];

const CREDENTIAL_FORMS = {
  "sign-in": { tab: AUTH_PAGE_TEXT.signInTab, label: "Sign in", submit: "Sign In", busy: "Signing in…", password: "current-password", hint: undefined },
  "sign-up": {
    tab: AUTH_PAGE_TEXT.signUpTab,
    label: "Sign up",
    submit: "Create account",
    busy: "Creating account…",
    password: "new-password",
    hint: "At least 8 characters. New accounts must confirm their email and be made admin by an administrator.",
  },
} as const satisfies Record<Tab, { tab: string; label: string; submit: string; busy: string; password: string; hint: string | undefined }>;

function CredentialsForm({ intent, email, redirectTo, busy }: { intent: Tab; email: string; redirectTo: string; busy: boolean }) {
  const text = CREDENTIAL_FORMS[intent];
  // No `required`: an empty field is answered by the spec's 'Missing fields' toast.
  return (
    <Form method="post" className="space-y-4" aria-label={text.label}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormField label="Email" name="email" type="email" autoComplete="email" defaultValue={email} key={`${intent}-${email}`} />
      <FormField label="Password" name="password" type="password" autoComplete={text.password} hint={text.hint} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? text.busy : text.submit}
      </Button>
      {intent === "sign-in" && (
        <p className="text-center text-sm">
          <Link to={email ? `/auth/forgot?email=${encodeURIComponent(email)}` : "/auth/forgot"} className="font-semibold text-brand hover:underline">
            Forgot your password?
          </Link>
        </p>
      )}
    </Form>
  );
}

function ConfirmationBanner({ email, busy }: { email: string; busy: boolean }) {
  return (
    <Notice tone="yellow" title="Confirmation required" className="mb-5" role="status">
      <p>
        {email ? (
          <>
            We sent a confirmation link to <strong>{email}</strong>.
          </>
        ) : (
          "We sent you a confirmation link."
        )}{" "}
        Open it to confirm your address, then sign in.
      </p>
      <Form method="post" className="mt-3 flex flex-col gap-2">
        <input type="hidden" name="intent" value="resend" />
        <label className="sr-only" htmlFor="resend-email">
          Email for the confirmation link
        </label>
        <input
          id="resend-email"
          name="email"
          type="email"
          defaultValue={email}
          autoComplete="email"
          className="min-w-0 flex-1 rounded-full border border-amber-300 bg-surface px-3 py-2 text-sm text-ink focus:outline-none focus:ring-2 focus:ring-brand/30"
        />
        <button
          type="submit"
          disabled={busy}
          className="inline-flex h-10 items-center justify-center gap-1.5 rounded-full bg-ink px-4 text-sm font-semibold text-white hover:bg-ink/85 disabled:opacity-50"
        >
          <MailCheck aria-hidden className="size-4" />
          {busy ? "Sending…" : "Resend email"}
        </button>
      </Form>
    </Notice>
  );
}
