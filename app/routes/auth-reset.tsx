import { appContext } from "~/server/load-context";
import { Lock } from "~/components/ui/icons";
import { data, useNavigation } from "react-router";
import { Form, Link } from "~/components/ui/link";
import { FormField } from "~/components/ui/form-field";
import { Notice } from "~/components/ui/notice";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { resetPasswordSchema } from "~/lib/auth/auth-forms";
import { MIN_PASSWORD_LENGTH } from "~/lib/auth/password-rules";
import { formFailure, parseForm } from "~/lib/forms/parse-form";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { assertSameSite } from "~/server/auth/origin.server";
import { AttemptLimiter } from "~/server/auth/rate-limit.server";
import { redirectWithFlash } from "~/server/forms/flash.server";
import { readFormUnderLimit } from "~/server/http/request-body.server";
import { resetPassword } from "~/server/auth/password-reset.server";
import type { Route } from "./+types/auth-reset";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/**
 * /auth/reset?token=…: where the reset mail's link lands. The new password replaces the old one,
 * every session of the account is signed out, and the form sends the user to sign in.
 */

export const meta: Route.MetaFunction = () => [{ title: `Choose a new password - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export function loader({ request }: Route.LoaderArgs) {
  // The token is in the URL: keep the page out of every cache.
  return data(
    { token: new URL(request.url).searchParams.get("token") ?? "" },
    { headers: { "Cache-Control": CACHE_CONTROL.noStore, "Referrer-Policy": "no-referrer" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameSite(request, context.get(appContext).config.baseUrl);
  const form = await readFormUnderLimit(request);
  const parsed = parseForm(form, resetPasswordSchema);
  // Passwords are never sent back: the answer keeps no typed value.
  if (!parsed.ok) return data(formFailure({}, parsed.fieldErrors, parsed.formError), { status: 400 });
  const outcome = await resetPassword(
    context.get(appContext).auth,
    parsed.value,
    new AttemptLimiter(context.get(appContext).db),
    context.get(appContext).clientAddress ?? null,
  );
  if (outcome.ok) {
    throw await redirectWithFlash(request, context.get(appContext).config, "/auth", {
      notice: { title: "Password changed", text: "Sign in with your new password." },
    });
  }
  return data(formFailure({}, outcome.field ? { [outcome.field]: outcome.error } : {}, outcome.field ? null : outcome.error), {
    status: 400,
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const fieldErrors = actionData?.fieldErrors ?? {};
  // A link problem, or one the form cannot point at (too many attempts, a failure), shows above the form.
  const linkError = fieldErrors.token ?? actionData?.formError;
  const tokenProblem = !loaderData.token || fieldErrors.token !== undefined;
  return (
    <AuthCard
      icon={Lock}
      title="Choose a new password"
      description={`At least ${MIN_PASSWORD_LENGTH} characters. You will be signed out everywhere else.`}
    >
      {linkError && (
        <Notice tone="red" title="Password not changed" role="alert" className="mb-5">
          {linkError}
        </Notice>
      )}
      {!loaderData.token ? (
        <Notice tone="red" title="Link not valid" role="alert">
          This page needs the whole link from the reset email.
        </Notice>
      ) : (
        <Form method="post" className="space-y-4" aria-label="Choose a new password">
          <input type="hidden" name="token" value={loaderData.token} />
          <FormField label="New password" name="password" type="password" autoComplete="new-password" error={fieldErrors.password} />
          <FormField label="New password again" name="confirm" type="password" autoComplete="new-password" error={fieldErrors.confirm} />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Saving…" : "Save new password"}
          </Button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={tokenProblem ? "/auth/forgot" : "/auth"} className="font-semibold text-brand hover:underline">
          {tokenProblem ? "Ask for a new link" : "Back to sign in"}
        </Link>
      </p>
    </AuthCard>
  );
}
