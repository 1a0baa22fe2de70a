import { useEffect, useId, useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { useFloodChallenge } from "~/components/forms/use-flood-challenge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { FetcherForm } from "~/components/ui/link";
import type { FloodChallenge } from "~/lib/forms/flood-challenge";
import type { OptInResult } from "~/lib/mail-lists/opt-in-result";

type AnyResult = OptInResult<string, object>;
type Refused<R extends AnyResult> = Extract<R, { ok: false }>;

const challengeOf = (answer: AnyResult | undefined): FloodChallenge | undefined =>
  answer && !answer.ok && answer.field === "challenge" ? (answer as { challenge: FloodChallenge }).challenge : undefined;

/** A mail list's text field: one size for every list's form (a 44 px touch target). */
export const OPT_IN_INPUT =
  "h-11 w-full min-w-0 rounded-full border border-line bg-surface px-5 text-[0.95rem] text-ink placeholder:text-ink-muted focus-visible:border-brand";

/** The address field of every list's form, holding what was typed after a refusal. */
export function OptInEmailInput({
  id,
  placeholder,
  refused,
  describedBy,
  className,
}: {
  id: string;
  placeholder: string;
  refused?: { field: string; email: string };
  describedBy?: string;
  className?: string;
}) {
  return (
    <input
      id={id}
      name="email"
      type="email"
      required
      autoComplete="email"
      placeholder={placeholder}
      defaultValue={refused?.email}
      aria-invalid={refused?.field === "email" ? true : undefined}
      aria-describedby={describedBy}
      className={cn(OPT_IN_INPUT, className)}
    />
  );
}

/**
 * A mail list's sign-up form, for every list (the newsletter, a price alert). It posts to the
 * list's route: with JavaScript the answer appears in place (a fetcher, the page stays) and the
 * form empties after a thanks; without it the browser goes to the route, whose page passes the
 * answer back in as `result`. Under a flood of sign-ups the answer may be a challenge, solved here
 * before the form goes again. The list's own fields are `children`, told what was refused.
 */
export function OptInForm<R extends AnyResult>({
  action,
  fetcherKey,
  result,
  testId,
  className,
  submit,
  children,
}: {
  action: string;
  /** One fetcher per form on the page, so two forms' answers never mix. */
  fetcherKey: string;
  result?: R;
  /** Names the form (`{testId}-form`) and its message (`{testId}-message`). */
  testId: string;
  className: string;
  submit: { idle: string; busy: string };
  children: (state: { refused?: Refused<R>; describedBy?: string }) => ReactNode;
}) {
  const messageId = useId();
  const fetcher = useFetcher<R>({ key: fetcherKey });
  const answer = fetcher.data ?? result;
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  const challengeProblem = useFloodChallenge(formRef, challengeOf(fetcher.data));
  const refused = answer && !answer.ok ? (answer as Refused<R>) : undefined;

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);

  return (
    <>
      <FetcherForm fetcher={fetcher} ref={formRef} method="post" action={action} className={className} data-testid={`${testId}-form`}>
        {children({ refused, describedBy: answer ? messageId : undefined })}
        <Button type="submit" disabled={busy}>
          {busy ? submit.busy : submit.idle}
        </Button>
      </FetcherForm>
      <p
        id={messageId}
        role="status"
        aria-live="polite"
        data-testid={`${testId}-message`}
        className={cn("mt-3 text-sm empty:hidden", answer?.ok ? "font-medium text-forest" : "text-red-700")}
      >
        {challengeProblem ?? answer?.message}
      </p>
    </>
  );
}
