import { UnsubscribePage } from "~/components/mail-lists/unsubscribe-page";
import { NEWSLETTER_UNSUBSCRIBE } from "~/lib/newsletter/newsletter";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { unsubscribeLinkAction, unsubscribeLinkLoader } from "~/server/mail-lists/unsubscribe-link.server";
import { NEWSLETTER_LINKS } from "~/server/newsletter/subscribers.server";
import type { Route } from "./+types/unsubscribe";

/**
 * /newsletter/unsubscribe?token=…: the newsletter's unsubscribe link. Opening it asks; the button
 * or a mail program's one-click POST unsubscribes (mail-lists/unsubscribe-link.server.ts).
 */

export const meta: Route.MetaFunction = () => [{ title: `Unsubscribe - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export const loader = (args: Route.LoaderArgs) => unsubscribeLinkLoader(NEWSLETTER_LINKS, args);

export const action = (args: Route.ActionArgs) => unsubscribeLinkAction(NEWSLETTER_LINKS, args);

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <UnsubscribePage view={(actionData ?? loaderData).view} texts={NEWSLETTER_UNSUBSCRIBE} />;
}
