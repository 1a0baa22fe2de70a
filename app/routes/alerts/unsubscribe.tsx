import { UnsubscribePage } from "~/components/mail-lists/unsubscribe-page";
import { PRICE_ALERT_UNSUBSCRIBE } from "~/lib/alerts/price-alert-messages";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { PRICE_ALERT_LINKS } from "~/server/alerts/price-alerts.server";
import { unsubscribeLinkAction, unsubscribeLinkLoader } from "~/server/mail-lists/unsubscribe-link.server";
import type { Route } from "./+types/unsubscribe";

/**
 * /alerts/unsubscribe?token=…: the 'Stop this alert' link of every price alert mail. Opening it
 * asks; the button or a mail program's one-click POST stops the one alert it names
 * (mail-lists/unsubscribe-link.server.ts, docs/decisions/0062-price-drop-alerts.md).
 */

export const meta: Route.MetaFunction = () => [{ title: `Stop a price alert - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export const loader = (args: Route.LoaderArgs) => unsubscribeLinkLoader(PRICE_ALERT_LINKS, args);

export const action = (args: Route.ActionArgs) => unsubscribeLinkAction(PRICE_ALERT_LINKS, args);

export default function UnsubscribePriceAlert({ loaderData, actionData }: Route.ComponentProps) {
  return <UnsubscribePage view={(actionData ?? loaderData).view} texts={PRICE_ALERT_UNSUBSCRIBE} />;
}
