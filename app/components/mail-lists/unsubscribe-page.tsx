import { Form } from "~/components/ui/link";
import { Button } from "~/components/ui/button";
import type { UnsubscribeTexts, UnsubscribeView } from "~/lib/mail-lists/unsubscribe-view";
import { ListOutcome } from "./list-outcome";

/**
 * The page every mail list's unsubscribe link opens: a question and one button. Opening the link
 * changes nothing (mail scanners and link previews open links by themselves); the button, or a
 * mail program's one-click POST, unsubscribes.
 */
export function UnsubscribePage({ view, texts }: { view: UnsubscribeView; texts: UnsubscribeTexts }) {
  if (view.state === "invalid") return <ListOutcome good={false} {...texts.invalid} />;
  if (view.state === "done") return <ListOutcome good {...texts.done} />;
  return (
    <main id="main" className="flex-1 bg-sand/60">
      <div className="page-container flex justify-center py-12 md:py-20">
        <section className="w-full max-w-md rounded-card border border-line bg-surface p-6 text-center shadow-card md:p-8">
          <h1 className="text-2xl font-semibold">{texts.ask.title}</h1>
          <p className="mt-3 text-ink-muted">{view.body ?? texts.ask.body}</p>
          {/* No action attribute: the form posts to this same address, token included. */}
          <Form method="post" className="mt-6" data-testid="unsubscribe-form">
            <Button type="submit">{texts.button}</Button>
          </Form>
        </section>
      </div>
    </main>
  );
}
