/**
 * Where to go after signing in. Only a path on this site is accepted: '//evil.com',
 * 'https://evil.com', '/\evil' (browsers read a backslash as a slash) and anything with
 * control characters fall back to the admin dashboard, so /auth cannot be used to send
 * someone to another site after they typed their password.
 *
 * The verdict is on the path as the browser will see it: the value is parsed (which resolves
 * '.', '..' and their %2e spellings) and the result is checked again, because '/.//evil.com'
 * starts with one slash but resolves to '//evil.com', another host.
 */

export const DEFAULT_AFTER_SIGN_IN = "/admin";

const PROBE_ORIGIN = "http://same-site.invalid";

export function safeRedirectPath(value: string | null | undefined, fallback: string = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof value !== "string") return fallback;
  const text = value.trim();
  if (!text.startsWith("/") || text.startsWith("//")) return fallback;
  // Backslashes and control characters (tab, newline) are normalised away by URL parsers.
  if (/[\\\u0000-\u001f\u007f]/.test(text)) return fallback;
  let url: URL;
  try {
    url = new URL(text, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const resolved = `${url.pathname}${url.search}${url.hash}`;
  if (!isSingleSlashPath(resolved)) return fallback;
  // Never bounce back into the sign-in page itself.
  if (url.pathname === "/auth" || url.pathname.startsWith("/auth/")) return fallback;
  return resolved;
}

/** A path a browser resolves against this site: one slash, then anything but a second slash or backslash. */
function isSingleSlashPath(path: string): boolean {
  return /^\/(?![/\\])/.test(path) && new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN;
}

/** /auth?redirectTo=… for a page that needs a signed-in admin. */
export function signInPathFor(pathWithSearch: string): string {
  const target = safeRedirectPath(pathWithSearch);
  return target === DEFAULT_AFTER_SIGN_IN ? "/auth" : `/auth?redirectTo=${encodeURIComponent(target)}`;
}
