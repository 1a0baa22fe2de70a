import { data } from "react-router";

/**
 * Cross-site request forgery guard for every state-changing POST (sign-in, sign-up, imports,
 * uploads): the browser's Origin header (or, when a privacy setting strips it, the Referer)
 * must be this site's public origin, BASE_URL. React Router 7.18 builds request.url from the
 * Host header, which a proxy or an attacker controls, so the origin comes from config.
 *
 * When BASE_URL is a loopback address (the default http://127.0.0.1:3000), the other loopback
 * spellings with the same scheme and port are accepted too, so opening http://localhost:3000
 * on the machine itself does not break every form.
 */

const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"];

export function allowedOrigins(baseUrl: string): string[] {
  const base = new URL(baseUrl);
  if (!LOOPBACK_HOSTS.includes(base.hostname)) return [base.origin];
  const port = base.port ? `:${base.port}` : "";
  return LOOPBACK_HOSTS.map((host) => `${base.protocol}//${host}${port}`);
}

function originOf(value: string | null): string | null {
  if (!value || value === "null") return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

export function isSameSiteRequest(request: Request, baseUrl: string): boolean {
  const origin = originOf(request.headers.get("origin")) ?? originOf(request.headers.get("referer"));
  return origin !== null && allowedOrigins(baseUrl).includes(origin);
}

/** Throws a 403 unless the POST comes from one of our own pages. */
export function assertSameSite(request: Request, baseUrl: string): void {
  if (!isSameSiteRequest(request, baseUrl)) {
    throw data({ reason: "cross-site" as const, message: "This form was sent from another site and was refused." }, { status: 403 });
  }
}
