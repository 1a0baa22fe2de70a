import type { AppConfig } from "../config.server";

/**
 * Headers every response carries, documents and files alike (server.js sets them first thing).
 * The Content-Security-Policy is not here: it names the hashes of each document's inline
 * scripts, so app/entry.server.tsx sets it on the document itself.
 */
export function securityHeaders(config: Pick<AppConfig, "baseUrl">): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // Older browsers' spelling of frame-ancestors 'self'.
    "X-Frame-Options": "SAMEORIGIN",
    // A review site needs none of these; a script injected somehow gets none of them either.
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), browsing-topics=()",
    // Pages this site opens (shop links) cannot reach back into it through window.opener.
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  // Only over https: browsers ignore it on http, and a site still on http must stay reachable.
  if (config.baseUrl.startsWith("https:")) headers["Strict-Transport-Security"] = "max-age=31536000";
  return headers;
}
