import { data, redirect } from "react-router";
import { SignInPage } from "~/components/auth/sign-in-page";
import type { AuthActionResult, AuthTab } from "~/lib/auth/auth-page";
import { safeRedirectPath } from "~/lib/auth/safe-redirect";
import { SITE_NAME } from "~/lib/site-navigation";
import { resendConfirmation, signInWithPassword, signOut, signUpWithPassword } from "~/server/auth/accounts.server";
import { getSignedInUser } from "~/server/auth/guard.server";
import { assertSameSite } from "~/server/auth/origin.server";
import { AttemptLimiter } from "~/server/auth/rate-limit.server";
import { AUTH_FORM_LIMIT_BYTES, readFormUnderLimit } from "~/server/http/request-body.server";
import type { Route } from "./+types/auth";

/**
 * /auth: the admin sign-in page. Plain HTML forms posting to this route's action: sign in, sign
 * up, resend the confirmation, sign out. Successful sign-in goes to a same-site redirectTo or to
 * /admin; every other answer is a toast (and, while an address waits for its link, a banner).
 */

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
      tab: (url.searchParams.get("tab") === "sign-up" ? "sign-up" : "sign-in") as AuthTab,
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
    return data<AuthActionResult>(
      { toast: outcome.toast, confirmationFor: outcome.needsConfirmation ? email : undefined, tab: "sign-in", email },
      { status: outcome.needsConfirmation ? 403 : 400 },
    );
  }
  if (intent === "sign-up") {
    const outcome = await signUpWithPassword(context.auth, { email, password }, limiter, client);
    return data<AuthActionResult>(
      { toast: outcome.toast, confirmationFor: outcome.ok ? email : undefined, tab: outcome.ok ? "sign-in" : "sign-up", email },
      { status: outcome.ok ? 200 : 400 },
    );
  }
  if (intent === "resend") {
    const outcome = await resendConfirmation(context.auth, email, limiter, client);
    // The banner stays up, with its field, whatever the answer: the next try happens there.
    return data<AuthActionResult>({ toast: outcome.toast, confirmationFor: email, tab: "sign-in", email }, { status: outcome.ok ? 200 : 400 });
  }
  return data<AuthActionResult>({ tab: "sign-in", email }, { status: 400 });
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SignInPage
      redirectTo={loaderData.redirectTo}
      initialTab={loaderData.tab}
      initialEmail={loaderData.email}
      passwordReset={loaderData.passwordReset}
      result={actionData as AuthActionResult | undefined}
    />
  );
}
