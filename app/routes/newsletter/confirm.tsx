import { ListOutcome } from "~/components/mail-lists/list-outcome";
import { CONFIRM_MESSAGES } from "~/lib/newsletter/newsletter";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { confirmLinkLoader } from "~/server/mail-lists/confirm-link.server";
import { confirmEntry, NEWSLETTER_LIST } from "~/server/mail-lists/opt-in.server";
import type { Route } from "./+types/confirm";

/** /newsletter/confirm?token=…: the one-time link of the confirmation mail. */

export const meta: Route.MetaFunction = () => [
  { title: `Confirm your subscription - ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const loader = (args: Route.LoaderArgs) => confirmLinkLoader((db, token) => confirmEntry(db, NEWSLETTER_LIST, token), args);

export default function ConfirmSubscription({ loaderData }: Route.ComponentProps) {
  const text = loaderData.entry !== null ? CONFIRM_MESSAGES.confirmed : CONFIRM_MESSAGES.invalid;
  return <ListOutcome good={loaderData.entry !== null} title={text.title} body={text.body} />;
}
