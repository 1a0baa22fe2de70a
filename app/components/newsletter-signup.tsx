import { Mail } from "~/components/ui/icons";
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { FetcherForm } from "~/components/ui/link";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { useFloodChallenge } from "~/components/forms/use-flood-challenge";
import type { SubscribeResult } from "~/lib/newsletter/newsletter";

/** Where the form posts; the route answers with a page of its own when JavaScript is off. */
export const NEWSLETTER_ACTION = "/newsletter";

/**
 * The 'Stay Updated' block. It posts to /newsletter: with JavaScript the answer appears in place
 * (a fetcher, the page stays); without it the browser goes to /newsletter, which shows the answer.
 * `result` is the answer to show when the page itself is that answer.
 */
export function NewsletterSignup({ result }: { result?: SubscribeResult }) {
  const headingId = useId();
  const inputId = useId();
  const messageId = useId();
  const fetcher = useFetcher<SubscribeResult>({ key: "newsletter-signup" });
  const answer = fetcher.data ?? result;
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  // Under a flood of sign-ups the answer may be a challenge: solved here, then the form goes again.
  const challengeProblem = useFloodChallenge(
    formRef,
    fetcher.data && !fetcher.data.ok && fetcher.data.field === "challenge" ? fetcher.data.challenge : undefined,
  );

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);

  return (
    <section aria-labelledby={headingId} className="rounded-card border border-line bg-brand-soft px-6 py-8 md:px-10 md:py-10">
      <div className="grid items-center gap-6 lg:grid-cols-[1fr_minmax(0,28rem)] lg:gap-12">
        <div className="flex gap-4">
          <span className="hidden size-12 shrink-0 items-center justify-center rounded-full bg-surface text-brand ring-1 ring-line sm:flex">
            <Mail aria-hidden className="size-6" />
          </span>
          <div>
            <h2 id={headingId} className="text-2xl font-semibold tracking-tight md:text-[1.75rem]">
              Stay Updated
            </h2>
            <p className="mt-2 text-ink-muted">Subscribe for exclusive sauna reviews, price drops, and expert guides</p>
          </div>
        </div>
        <div>
          <FetcherForm
            fetcher={fetcher}
            ref={formRef}
            method="post"
            action={NEWSLETTER_ACTION}
            className="flex flex-col gap-3 sm:flex-row"
            data-testid="newsletter-form"
          >
            <label htmlFor={inputId} className="sr-only">
              Email address
            </label>
            <input
              id={inputId}
              name="email"
              type="email"
              required
              autoComplete="email"
              placeholder="Your email address"
              defaultValue={answer && !answer.ok ? answer.email : undefined}
              aria-invalid={answer && !answer.ok && answer.field === "email" ? true : undefined}
              aria-describedby={answer ? messageId : undefined}
              className="h-11 w-full min-w-0 rounded-full border border-line bg-surface px-5 text-[0.95rem] text-ink placeholder:text-ink-muted focus-visible:border-brand sm:flex-1"
            />
            <Button type="submit" disabled={busy}>
              {busy ? "Subscribing…" : "Subscribe"}
            </Button>
          </FetcherForm>
          <p
            id={messageId}
            role="status"
            aria-live="polite"
            data-testid="newsletter-message"
            className={cn("mt-3 text-sm empty:hidden", answer?.ok ? "font-medium text-forest" : "text-red-700")}
          >
            {challengeProblem ?? answer?.message}
          </p>
        </div>
      </div>
    </section>
  );
}
