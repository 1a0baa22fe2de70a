import { appContext } from "~/server/load-context";
import { data } from "react-router";
import { EmailConfirmation } from "~/components/auth/email-confirmation";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { confirmEmail } from "~/server/auth/accounts.server";
import type { Route } from "./+types/auth-callback";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/**
 * /auth/callback: where the confirmation link lands. It confirms the address and says what
 * happened: confirmed, already confirmed (a reused link), expired (with a way to get a new
 * one), or not a valid link.
 */

export const meta: Route.MetaFunction = () => [{ title: `Confirm your email - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome = await confirmEmail(context.get(appContext).auth, context.get(appContext).db, token);
  const status = outcome.status === "confirmed" || outcome.status === "already-confirmed" ? 200 : 400;
  // The token is in the URL: keep the page out of caches.
  return data(outcome, { status, headers: { "Cache-Control": CACHE_CONTROL.noStore } });
}

export default function AuthCallback({ loaderData }: Route.ComponentProps) {
  return <EmailConfirmation outcome={loaderData} />;
}
