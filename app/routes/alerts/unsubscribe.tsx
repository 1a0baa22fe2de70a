import { data } from "react-router";
import { Form } from "~/components/ui/link";
import { NewsletterOutcome } from "~/components/newsletter/newsletter-outcome";
import { Button } from "~/components/ui/button";
import { PRICE_ALERT_PAGES } from "~/lib/alerts/price-alert-messages";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { alertOfUnsubscribeLink, unsubscribePriceAlert } from "~/server/alerts/price-alerts.server";
import type { Route } from "./+types/unsubscribe";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/**
 * /alerts/unsubscribe?token=…: the 'Stop this alert' link of every price alert mail.
 * - GET shows the question and a button, and changes nothing: mail scanners and link previews
 *   open links by themselves, and must not stop an alert the reader wants.
 * - POST stops the alert: the button's form, or a mail program's one-click unsubscribe
 *   (List-Unsubscribe-Post, RFC 8058, body `List-Unsubscribe=One-Click`).
 * The POST has no same-site check on purpose: the one-click POST comes from the mail provider's
 * servers, not from our pages, and carries no token of ours but the link's. The signed token
 * authorizes it (it names one alert, and only the site can sign it), and all it can do is stop
 * that one alert (docs/decisions/0062-price-drop-alerts.md).
 */

export const meta: Route.MetaFunction = () => [{ title: `Stop a price alert - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request, context }: Route.LoaderArgs) {
  const alert = await alertOfUnsubscribeLink(context.db, context.config.authSecret, tokenOf(request));
  const view = alert ? { name: alert.name, stopped: alert.status === "unsubscribed" } : null;
  return data({ alert: view }, { status: alert ? 200 : 400, headers: { "Cache-Control": CACHE_CONTROL.noStore } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const product = await unsubscribePriceAlert(context.db, context.config.authSecret, tokenOf(request));
  return data(
    { stopped: product !== null, name: product?.name ?? null },
    { status: product ? 200 : 400, headers: { "Cache-Control": CACHE_CONTROL.noStore } },
  );
}

export default function UnsubscribePriceAlert({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData) {
    if (!actionData.stopped) return <NewsletterOutcome good={false} {...PRICE_ALERT_PAGES.invalidUnsubscribe} />;
    return <NewsletterOutcome good title={PRICE_ALERT_PAGES.unsubscribed.title} body={PRICE_ALERT_PAGES.unsubscribed.body} />;
  }
  const { alert } = loaderData;
  if (!alert) return <NewsletterOutcome good={false} {...PRICE_ALERT_PAGES.invalidUnsubscribe} />;
  if (alert.stopped)
    return <NewsletterOutcome good title={PRICE_ALERT_PAGES.unsubscribed.title} body={PRICE_ALERT_PAGES.unsubscribed.body} />;
  return (
    <main id="main" className="flex-1 bg-sand/60">
      <div className="page-container flex justify-center py-12 md:py-20">
        <section className="w-full max-w-md rounded-card border border-line bg-surface p-6 text-center shadow-card md:p-8">
          <h1 className="text-2xl font-semibold">{PRICE_ALERT_PAGES.unsubscribeAsk.title}</h1>
          <p className="mt-3 text-ink-muted">
            {PRICE_ALERT_PAGES.unsubscribeAsk.body.replace("this sauna's price", `the price of the ${alert.name}`)}
          </p>
          {/* No action attribute: the form posts to this same address, token included. */}
          <Form method="post" className="mt-6" data-testid="stop-alert-form">
            <Button type="submit">Stop this alert</Button>
          </Form>
        </section>
      </div>
    </main>
  );
}
