import { Mail } from "~/components/ui/icons";
import { useId } from "react";
import { toast } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import { Button } from "~/components/ui/button";

/**
 * The 'Stay Updated' block (SPEC §2 "Newsletter block"). Nothing stores subscribers yet, so a
 * sign-up says exactly that instead of pretending to succeed. The button waits for JavaScript:
 * without it the form would put the address in a GET URL (and the server log) for nothing.
 */
export function NewsletterSignup() {
  const headingId = useId();
  const inputId = useId();
  const ready = useHydrated();

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    toast.info("Newsletter sign-ups open soon", {
      description: "We haven't saved your email address. Please check back in a few weeks.",
    });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card border border-line bg-brand-soft px-6 py-8 md:px-10 md:py-10"
    >
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
        <form onSubmit={handleSubmit} className="flex flex-col gap-3 sm:flex-row">
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
            className="h-11 w-full min-w-0 rounded-full sm:flex-1 border border-line bg-surface px-5 text-[0.95rem] text-ink placeholder:text-ink-muted focus-visible:border-brand"
          />
          <Button type="submit" disabled={!ready}>
            Subscribe
          </Button>
        </form>
      </div>
    </section>
  );
}
