import { appContext } from "~/server/load-context";
import { data, redirect } from "react-router";
import { SignInPage } from "~/components/auth/sign-in-page";
import { credentialsSchema, resendSchema } from "~/lib/auth/auth-forms";
import type { AuthActionResult, AuthTab } from "~/lib/auth/auth-page";
import { parseForm } from "~/lib/forms/parse-form";
import { safeRedirectPath } from "~/lib/auth/safe-redirect";
import { landingAfterSignIn, landingFor } from "~/server/auth/landing.server";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { resendConfirmation, signInWithPassword, signOut, signUpWithPassword } from "~/server/auth/accounts.server";
import { getSignedInUser } from "~/server/auth/guard.server";
import { recordSignIn } from "~/server/audit/audit-log.server";
import { assertSameSite } from "~/server/auth/origin.server";
import { AttemptLimiter, AUTH_LIMITS, limiterKeys } from "~/server/auth/rate-limit.server";
import { admitUnderFlood, challengeAnswerInit } from "~/server/flood/flood-challenge.server";
import { readFlash } from "~/server/forms/flash.server";
import { dispatchIntent, type IntentTable } from "~/server/forms/intents.server";
import { readFormUnderLimit } from "~/server/http/request-body.server";
import type { Route } from "./+types/auth";

/**
 * /auth: the admin sign-in page. Plain HTML forms posting to this route's action: sign in, sign
 * up, resend the confirmation, sign out. Successful sign-in goes to a same-site redirectTo or to
 * the account's first screen (Today for an admin, the dashboard for an editor); every other
 * answer is a toast (and, while an address waits for its link, a banner).
 */

export const meta: Route.MetaFunction = () => [{ title: `Admin sign in - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Empty when no page on this site was asked for: the sign-in then goes to the account's first screen.
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), "");
  const user = await getSignedInUser(request, context.get(appContext));
  if (user) throw redirect(redirectTo || landingFor(user.role));
  // A flash comes from the reset form ("Password changed"); reading it clears its cookie.
  const { flash, headers } = await readFlash(request, context.get(appContext).config);
  headers.set("Cache-Control", "no-store");
  return data(
    {
      redirectTo,
      tab: (url.searchParams.get("tab") === "sign-up" ? "sign-up" : "sign-in") as AuthTab,
      flash,
      email: url.searchParams.get("email") ?? "",
    },
    { headers },
  );
}

/** The answer to a credentials form whose fields could not be read as text. */
const unreadable = (tab: AuthTab) => data<AuthActionResult>({ tab, email: "" }, { status: 400 });

const intents = {
  "sign-out": async ({ request, context }) => {
    throw redirect("/auth", { headers: await signOut(context.auth, request.headers) });
  },
  "sign-in": async ({ form, request, context }) => {
    const parsed = parseForm(form, credentialsSchema);
    if (!parsed.ok) return unreadable("sign-in");
    const { email, password, redirectTo } = parsed.value;
    const outcome = await signInWithPassword(
      context.auth,
      { email, password },
      request.headers,
      new AttemptLimiter(context.db),
      context.clientAddress ?? null,
    );
    // Admin accounts only: the audit log is a trail of admin actions (docs/decisions/0056).
    await recordSignIn(context.db, {
      email,
      ok: outcome.ok,
      address: context.clientAddress ?? null,
      reason: outcome.ok ? undefined : outcome.toast.description,
    });
    if (outcome.ok) throw redirect(await landingAfterSignIn(context.db, email, redirectTo), { headers: outcome.headers });
    return data<AuthActionResult>(
      { toast: outcome.toast, confirmationFor: outcome.needsConfirmation ? email : undefined, tab: "sign-in", email },
      { status: outcome.needsConfirmation ? 403 : 400 },
    );
  },
  "sign-up": async ({ form, context }) => {
    const parsed = parseForm(form, credentialsSchema);
    if (!parsed.ok) return unreadable("sign-up");
    const { email, password } = parsed.value;
    const client = context.clientAddress ?? null;
    const gate = await admitUnderFlood({
      db: context.db,
      authSecret: context.config.authSecret,
      form: "sign-up",
      body: form,
      clientChecks: client ? [{ key: limiterKeys.signUpClient(client), rule: AUTH_LIMITS.signUpPerClient }] : [],
    });
    if (!gate.admitted) {
      return data<AuthActionResult>(
        { tab: "sign-up", email, challenge: { intent: "sign-up", challenge: gate.challenge } },
        challengeAnswerInit(),
      );
    }
    const outcome = await signUpWithPassword(
      context.auth,
      { email, password },
      new AttemptLimiter(context.db),
      context.clientAddress ?? null,
    );
    return data<AuthActionResult>(
      { toast: outcome.toast, confirmationFor: outcome.ok ? email : undefined, tab: outcome.ok ? "sign-in" : "sign-up", email },
      { status: outcome.ok ? 200 : 400 },
    );
  },
  resend: async ({ form, context }) => {
    const parsed = parseForm(form, resendSchema);
    if (!parsed.ok) return unreadable("sign-in");
    const { email } = parsed.value;
    const client = context.clientAddress ?? null;
    // A resend is a mail like a sign-up's: the two count as one flood.
    const gate = await admitUnderFlood({
      db: context.db,
      authSecret: context.config.authSecret,
      form: "sign-up",
      body: form,
      clientChecks: client ? [{ key: limiterKeys.resendClient(client), rule: AUTH_LIMITS.resendPerClient }] : [],
    });
    if (!gate.admitted) {
      return data<AuthActionResult>(
        { confirmationFor: email, tab: "sign-in", email, challenge: { intent: "resend", challenge: gate.challenge } },
        challengeAnswerInit(),
      );
    }
    const outcome = await resendConfirmation(context.auth, email, new AttemptLimiter(context.db), context.clientAddress ?? null);
    // The banner stays up, with its field, whatever the answer: the next try happens there.
    return data<AuthActionResult>(
      { toast: outcome.toast, confirmationFor: email, tab: "sign-in", email },
      { status: outcome.ok ? 200 : 400 },
    );
  },
} satisfies IntentTable;

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  assertSameSite(request, context.get(appContext).config.baseUrl);
  return dispatchIntent(args, intents, { form: await readFormUnderLimit(request) });
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SignInPage
      redirectTo={loaderData.redirectTo}
      initialTab={loaderData.tab}
      initialEmail={loaderData.email}
      flash={loaderData.flash}
      result={actionData}
    />
  );
}
