import { useRef } from "react";
import { useFloodChallenge } from "~/components/forms/use-flood-challenge";
import { Form, Link } from "~/components/ui/link";
import { FormField } from "~/components/ui/form-field";
import { Button } from "~/components/ui/button";
import { AUTH_PAGE_TEXT } from "~/lib/auth/auth-messages";
import type { AuthTab } from "~/lib/auth/auth-page";
import { MIN_PASSWORD_LENGTH } from "~/lib/auth/password-rules";
import { FLOOD_TEXT, type FloodChallenge } from "~/lib/forms/flood-challenge";

export const CREDENTIAL_FORMS = {
  "sign-in": {
    tab: AUTH_PAGE_TEXT.signInTab,
    label: "Sign in",
    submit: "Sign In",
    busy: "Signing in…",
    password: "current-password",
    hint: undefined,
  },
  "sign-up": {
    tab: AUTH_PAGE_TEXT.signUpTab,
    label: "Sign up",
    submit: "Create account",
    busy: "Creating account…",
    password: "new-password",
    hint: `At least ${MIN_PASSWORD_LENGTH} characters. New accounts must confirm their email and be made admin by an administrator.`,
  },
} as const satisfies Record<
  AuthTab,
  { tab: string; label: string; submit: string; busy: string; password: string; hint: string | undefined }
>;

/** The sign-in or the sign-up form: email and password, posted to /auth with its intent. */
export function CredentialsForm({
  intent,
  email,
  redirectTo,
  busy,
  challenge,
}: {
  intent: AuthTab;
  email: string;
  redirectTo: string;
  busy: boolean;
  /** The site is flooded with sign-ups: solved in this browser, then the form is sent again. */
  challenge?: FloodChallenge;
}) {
  const text = CREDENTIAL_FORMS[intent];
  const formRef = useRef<HTMLFormElement>(null);
  const challengeProblem = useFloodChallenge(formRef, challenge);
  // No `required`: an empty field is answered by the 'Missing fields' toast.
  return (
    <Form method="post" className="space-y-4" aria-label={text.label} ref={formRef}>
      {challenge && (
        <p role="status" className="rounded-lg bg-sand p-3 text-sm text-ink-muted">
          {challengeProblem ?? FLOOD_TEXT.confirming}
        </p>
      )}
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormField label="Email" name="email" type="email" autoComplete="email" defaultValue={email} key={`${intent}-${email}`} />
      <FormField label="Password" name="password" type="password" autoComplete={text.password} hint={text.hint} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? text.busy : text.submit}
      </Button>
      {intent === "sign-in" && (
        <p className="text-center text-sm">
          <Link
            to={email ? `/auth/forgot?email=${encodeURIComponent(email)}` : "/auth/forgot"}
            className="font-semibold text-brand hover:underline"
          >
            Forgot your password?
          </Link>
        </p>
      )}
    </Form>
  );
}
