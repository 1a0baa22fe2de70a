import { appContext } from "~/server/load-context";
import { Lock } from "~/components/ui/icons";
import { useRef } from "react";
import { data, useNavigation } from "react-router";
import { useFloodChallenge } from "~/components/forms/use-flood-challenge";
import { Form, Link } from "~/components/ui/link";
import { FormField } from "~/components/ui/form-field";
import { Notice } from "~/components/ui/notice";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { forgotPasswordSchema } from "~/lib/auth/auth-forms";
import { fieldProps, formFailure, formValues, parseForm } from "~/lib/forms/parse-form";
import { FLOOD_TEXT } from "~/lib/forms/flood-challenge";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { assertSameSite } from "~/server/auth/origin.server";
import { AttemptLimiter, AUTH_LIMITS, limiterKeys } from "~/server/auth/rate-limit.server";
import { admitUnderFlood, challengeAnswerInit } from "~/server/flood/flood-challenge.server";
import { readFormUnderLimit } from "~/server/http/request-body.server";
import { requestPasswordReset } from "~/server/auth/password-reset.server";
import type { Route } from "./+types/auth-forgot";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/**
 * /auth/forgot: asks for the address and mails a one-time link to /auth/reset. Every address gets
 * the same answer, so the form cannot be used to find out who has an account.
 */

export const meta: Route.MetaFunction = () => [{ title: `Reset your password - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export function loader({ request }: Route.LoaderArgs) {
  return data({ email: new URL(request.url).searchParams.get("email") ?? "" }, { headers: { "Cache-Control": CACHE_CONTROL.noStore } });
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameSite(request, context.get(appContext).config.baseUrl);
  const form = await readFormUnderLimit(request);
  const parsed = parseForm(form, forgotPasswordSchema);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const client = context.get(appContext).clientAddress ?? null;
  const gate = await admitUnderFlood({
    db: context.get(appContext).db,
    authSecret: context.get(appContext).config.authSecret,
    form: "reset",
    body: form,
    clientChecks: client ? [{ key: limiterKeys.resetClient(client), rule: AUTH_LIMITS.resetPerClient }] : [],
  });
  if (!gate.admitted) return data({ ...formFailure(formValues(form), {}), challenge: gate.challenge }, challengeAnswerInit());
  const outcome = await requestPasswordReset(
    context.get(appContext).auth,
    parsed.value.email,
    new AttemptLimiter(context.get(appContext).db),
    client,
  );
  if (!outcome.ok) return data(formFailure(formValues(form), { email: outcome.error }), { status: 400 });
  return data({ ok: true as const, message: outcome.message });
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const challenge = actionData && "challenge" in actionData ? actionData.challenge : undefined;
  const challengeProblem = useFloodChallenge(formRef, challenge);
  return (
    <AuthCard icon={Lock} title="Reset your password" description="We will mail you a link to choose a new one.">
      {actionData?.ok ? (
        <Notice tone="green" title="Check your inbox" role="status">
          {actionData.message}
        </Notice>
      ) : (
        <Form method="post" className="space-y-4" aria-label="Ask for a reset link" ref={formRef}>
          {challenge && (
            <p role="status" className="rounded-lg bg-sand p-3 text-sm text-ink-muted">
              {challengeProblem ?? FLOOD_TEXT.confirming}
            </p>
          )}
          <FormField label="Email" type="email" autoComplete="email" {...fieldProps(actionData, "email", loaderData.email)} />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Sending…" : "Send reset link"}
          </Button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/auth" className="font-semibold text-brand hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
