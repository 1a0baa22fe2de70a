import { ListOutcome } from "~/components/mail-lists/list-outcome";
import { PRICE_ALERT_PAGES } from "~/lib/alerts/price-alert-messages";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { confirmPriceAlert } from "~/server/alerts/price-alerts.server";
import { confirmLinkLoader } from "~/server/mail-lists/confirm-link.server";
import type { Route } from "./+types/confirm";

/**
 * /alerts/confirm?token=…: the one-time link of a price alert's confirmation mail. Opening it
 * confirms, exactly as the newsletter's confirmation link does (docs/decisions/0062-price-drop-alerts.md).
 */

export const meta: Route.MetaFunction = () => [
  { title: `Confirm your price alert - ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const loader = (args: Route.LoaderArgs) => confirmLinkLoader(confirmPriceAlert, args);

export default function ConfirmPriceAlert({ loaderData }: Route.ComponentProps) {
  const product = loaderData.entry;
  if (!product) return <ListOutcome good={false} {...PRICE_ALERT_PAGES.invalidConfirm} />;
  return (
    <ListOutcome
      good
      title={PRICE_ALERT_PAGES.confirmed.title}
      body={`${PRICE_ALERT_PAGES.confirmed.body.replace("the price", `the price of the ${product.name}`)}`}
    />
  );
}
