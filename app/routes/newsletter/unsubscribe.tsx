import { data } from "react-router";
import { NewsletterOutcome } from "~/components/newsletter/newsletter-outcome";
import { UNSUBSCRIBE_MESSAGES } from "~/lib/newsletter/newsletter";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { unsubscribe } from "~/server/newsletter/subscribers.server";
import type { Route } from "./+types/unsubscribe";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/**
 * /newsletter/unsubscribe?token=…: opening the link unsubscribes (one click, no sign-in; the
 * token is signed with a key derived from AUTH_SECRET). A POST to the same address does the same
 * for mail programs that honour List-Unsubscribe-Post (RFC 8058); it comes from the mail
 * provider, not from our pages, so the signed token, not the origin check, authorizes it.
 */

export const meta: Route.MetaFunction = () => [{ title: `Unsubscribe - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

async function unsubscribeFrom(request: Request, context: Route.LoaderArgs["context"]) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const done = await unsubscribe(context.db, context.config.authSecret, token);
  return data({ done }, { status: done ? 200 : 400, headers: { "Cache-Control": CACHE_CONTROL.noStore } });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return unsubscribeFrom(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return unsubscribeFrom(request, context);
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const done = (actionData ?? loaderData).done;
  const text = done ? UNSUBSCRIBE_MESSAGES.done : UNSUBSCRIBE_MESSAGES.invalid;
  return <NewsletterOutcome good={done} title={text.title} body={text.body} />;
}
