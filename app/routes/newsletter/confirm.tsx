import { appContext } from "~/server/load-context";
import { data } from "react-router";
import { ListOutcome } from "~/components/mail-lists/list-outcome";
import { CONFIRM_MESSAGES } from "~/lib/newsletter/newsletter";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { confirmSubscription } from "~/server/newsletter/subscribers.server";
import type { Route } from "./+types/confirm";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/** /newsletter/confirm?token=…: the one-time link of the confirmation mail. */

export const meta: Route.MetaFunction = () => [
  { title: `Confirm your subscription - ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const confirmed = await confirmSubscription(context.get(appContext).db, token);
  // The token is in the URL: keep the page out of caches.
  return data({ confirmed }, { status: confirmed ? 200 : 400, headers: { "Cache-Control": CACHE_CONTROL.noStore } });
}

export default function ConfirmSubscription({ loaderData }: Route.ComponentProps) {
  const text = loaderData.confirmed ? CONFIRM_MESSAGES.confirmed : CONFIRM_MESSAGES.invalid;
  return <ListOutcome good={loaderData.confirmed} title={text.title} body={text.body} />;
}
