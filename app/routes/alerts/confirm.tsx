import { appContext } from "~/server/load-context";
import { data } from "react-router";
import { ListOutcome } from "~/components/mail-lists/list-outcome";
import { PRICE_ALERT_PAGES } from "~/lib/alerts/price-alert-messages";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { confirmPriceAlert } from "~/server/alerts/price-alerts.server";
import type { Route } from "./+types/confirm";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/**
 * /alerts/confirm?token=…: the one-time link of a price alert's confirmation mail. Opening it
 * confirms, exactly as the newsletter's confirmation link does (docs/decisions/0062-price-drop-alerts.md).
 */

export const meta: Route.MetaFunction = () => [
  { title: `Confirm your price alert - ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const product = await confirmPriceAlert(context.get(appContext).db, token);
  // The token is in the URL: keep the page out of caches.
  return data({ product }, { status: product ? 200 : 400, headers: { "Cache-Control": CACHE_CONTROL.noStore } });
}

export default function ConfirmPriceAlert({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  if (!product) return <ListOutcome good={false} {...PRICE_ALERT_PAGES.invalidConfirm} />;
  return (
    <ListOutcome
      good
      title={PRICE_ALERT_PAGES.confirmed.title}
      body={`${PRICE_ALERT_PAGES.confirmed.body.replace("the price", `the price of the ${product.name}`)}`}
    />
  );
}
