import { isSameSiteRequest } from "~/server/auth/origin.server";
import type { Route } from "./+types/api-auth";

/**
 * /api/auth/*: better-auth's own HTTP endpoints (session, sign-out, the admin plugin's user
 * management). The credential endpoints our /auth forms serve are closed here
 * (PATHS_SERVED_BY_OUR_FORMS), so every password guess goes through one door and one limiter.
 */

export function loader({ request, context }: Route.LoaderArgs) {
  return context.auth.handler(request);
}

export function action({ request, context }: Route.ActionArgs) {
  if (!isSameSiteRequest(request, context.config.baseUrl)) {
    return Response.json({ message: "This request came from another site and was refused." }, { status: 403 });
  }
  return context.auth.handler(request);
}
