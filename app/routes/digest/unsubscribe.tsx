import { UnsubscribePage } from "~/components/mail-lists/unsubscribe-page";
import type { UnsubscribeTexts } from "~/lib/mail-lists/unsubscribe-view";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { OWNER_DIGEST_LINKS } from "~/server/admin/today/digest-list.server";
import { unsubscribeLinkAction, unsubscribeLinkLoader } from "~/server/mail-lists/unsubscribe-link.server";
import type { Route } from "./+types/unsubscribe";

/**
 * /digest/unsubscribe?token=…: the weekly digest's unsubscribe link. Opening it asks; the button
 * or a mail program's one-click POST (RFC 8058) takes the admin off the digest's list.
 */

const TEXTS: UnsubscribeTexts = {
  ask: {
    title: "Stop the weekly digest?",
    body: `You will no longer get ${SITE_NAME}'s weekly list of what needs you. The Today page stays in the admin area.`,
  },
  button: "Stop the weekly digest",
  done: {
    title: "Weekly digest stopped",
    body: "You will get no more weekly digests. You can turn it back on from the Today page in the admin area.",
  },
  invalid: {
    title: "This link does not work",
    body: "It may have been cut short by your mail program. Turn the digest off from the Today page in the admin area instead.",
  },
};

export const meta: Route.MetaFunction = () => [{ title: `Weekly digest - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export const loader = (args: Route.LoaderArgs) => unsubscribeLinkLoader(OWNER_DIGEST_LINKS, args);

export const action = (args: Route.ActionArgs) => unsubscribeLinkAction(OWNER_DIGEST_LINKS, args);

export default function UnsubscribeOwnerDigest({ loaderData, actionData }: Route.ComponentProps) {
  return <UnsubscribePage view={(actionData ?? loaderData).view} texts={TEXTS} />;
}
