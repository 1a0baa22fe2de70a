import { useRef } from "react";
import { useFloodChallenge } from "~/components/forms/use-flood-challenge";
import { Form } from "~/components/ui/link";
import { MailCheck } from "~/components/ui/icons";
import { Notice } from "~/components/ui/notice";
import { FLOOD_TEXT, type FloodChallenge } from "~/lib/forms/flood-challenge";

/** Shown after sign-up or a sign-in refused for want of confirmation: says where the link went and sends it again. */
export function ConfirmationBanner({ email, busy, challenge }: { email: string; busy: boolean; challenge?: FloodChallenge }) {
  const formRef = useRef<HTMLFormElement>(null);
  const challengeProblem = useFloodChallenge(formRef, challenge);
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
      <Form method="post" className="mt-3 flex flex-col gap-2" ref={formRef}>
        {challenge && <p className="text-sm">{challengeProblem ?? FLOOD_TEXT.confirming}</p>}
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
