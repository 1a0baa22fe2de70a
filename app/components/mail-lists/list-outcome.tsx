import { CheckCircle2, XCircle } from "~/components/ui/icons";
import { ButtonLink } from "~/components/ui/button";

/** The page a link of a mail list (confirm, unsubscribe) lands on: the newsletter's and the price alerts'. */
export function ListOutcome({ good, title, body }: { good: boolean; title: string; body: string }) {
  const Icon = good ? CheckCircle2 : XCircle;
  return (
    <main id="main" className="flex-1 bg-sand/60">
      <div className="page-container flex justify-center py-12 md:py-20">
        <section className="w-full max-w-md rounded-card border border-line bg-surface p-6 text-center shadow-card md:p-8">
          <Icon aria-hidden className={`mx-auto mb-4 size-12 ${good ? "text-forest" : "text-red-700"}`} />
          <h1 className="text-2xl font-semibold">{title}</h1>
          <p className="mt-3 text-ink-muted">{body}</p>
          <ButtonLink to="/" className="mt-6">
            Back to the site
          </ButtonLink>
        </section>
      </div>
    </main>
  );
}
