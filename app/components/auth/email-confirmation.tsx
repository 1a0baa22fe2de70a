import { useNavigation } from "react-router";
import { Form } from "~/components/ui/link";
import { ButtonLink } from "~/components/ui/button";
import { CheckCircle2, Clock, XCircle } from "~/components/ui/icons";
import type { ConfirmOutcome } from "~/lib/auth/email-confirmation";

const text = {
  confirmed: { title: "Email confirmed", body: "Your address is confirmed. You can sign in now." },
  "already-confirmed": {
    title: "Link already used",
    body: "This confirmation link was used before: your address is already confirmed. You can sign in.",
  },
  expired: { title: "Link expired", body: "This confirmation link has expired. Ask for a new one below; it is valid for 24 hours." },
  invalid: {
    title: "Link not valid",
    body: "This confirmation link is not valid. Check that you opened the whole link from the email, or ask for a new one from the sign-in page.",
  },
} as const;

/** What the confirmation link did, with the way on: sign in, or ask for a new link. */
export function EmailConfirmation({ outcome }: { outcome: ConfirmOutcome }) {
  const navigation = useNavigation();
  const { title, body } = text[outcome.status];
  const email = "email" in outcome ? outcome.email : null;
  const good = outcome.status === "confirmed" || outcome.status === "already-confirmed";
  const Icon = good ? CheckCircle2 : outcome.status === "expired" ? Clock : XCircle;

  return (
    <main id="main" className="flex-1 bg-sand/60">
      <div className="page-container flex justify-center py-12 md:py-20">
        <section
          className="w-full max-w-md rounded-card border border-line bg-surface p-6 text-center shadow-card md:p-8"
          aria-live="polite"
        >
          <Icon
            aria-hidden
            className={`mx-auto mb-4 size-12 ${good ? "text-forest" : outcome.status === "expired" ? "text-amber-600" : "text-red-700"}`}
          />
          <h1 className="text-2xl font-semibold">{title}</h1>
          {email && <p className="mt-2 font-medium text-ink">{email}</p>}
          <p className="mt-3 text-ink-muted">{body}</p>

          {outcome.status === "expired" && (
            <Form method="post" action="/auth" className="mt-6">
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="email" value={email ?? ""} />
              <button
                type="submit"
                disabled={navigation.state !== "idle"}
                className="inline-flex h-11 items-center justify-center rounded-full bg-brand px-5 font-semibold text-white hover:bg-brand-strong disabled:opacity-50"
              >
                Send a new link
              </button>
            </Form>
          )}
          <ButtonLink
            to={email ? `/auth?email=${encodeURIComponent(email)}` : "/auth"}
            variant={good ? "primary" : "secondary"}
            className="mt-6"
          >
            Go to sign in
          </ButtonLink>
        </section>
      </div>
    </main>
  );
}
