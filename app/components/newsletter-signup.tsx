import { Mail } from "~/components/ui/icons";
import { useId } from "react";
import { OptInEmailInput, OptInForm } from "~/components/mail-lists/opt-in-form";
import type { SubscribeResult } from "~/lib/newsletter/newsletter";

/** Where the form posts; the route answers with a page of its own when JavaScript is off. */
export const NEWSLETTER_ACTION = "/newsletter";

/**
 * The 'Stay Updated' block: the newsletter's sign-up, by the form every mail list shares
 * (mail-lists/opt-in-form.tsx). `result` is the answer to show when the page itself is that answer.
 */
export function NewsletterSignup({ result }: { result?: SubscribeResult }) {
  const headingId = useId();
  const inputId = useId();
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
          <OptInForm
            action={NEWSLETTER_ACTION}
            fetcherKey="newsletter-signup"
            result={result}
            testId="newsletter"
            className="flex flex-col gap-3 sm:flex-row"
            submit={{ idle: "Subscribe", busy: "Subscribing…" }}
          >
            {({ refused, describedBy }) => (
              <>
                <label htmlFor={inputId} className="sr-only">
                  Email address
                </label>
                <OptInEmailInput
                  id={inputId}
                  placeholder="Your email address"
                  refused={refused}
                  describedBy={describedBy}
                  className="sm:flex-1"
                />
              </>
            )}
          </OptInForm>
        </div>
      </div>
    </section>
  );
}
