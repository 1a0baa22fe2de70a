import { createHash } from "node:crypto";
import { DEFERRED_SCRIPT_TYPE } from "./hydrate-after-picture.server";

/**
 * The Content-Security-Policy of an HTML document (docs/decisions/0022). Scripts run only from
 * this site's files or when their exact text was in the document the server sent: each inline
 * script (React Router's hydration data and module bootstrap, the scroll restorer) is allowed by
 * its SHA-256 hash, computed from the finished HTML. Hashes, not a nonce: a page served again
 * from the page cache carries the same scripts and therefore the same valid header, where a
 * per-request nonce would have to be rewritten into both.
 */

// A script element as React writes it: lower-case tag, attributes quoted, no '</script' inside
// (React escapes it in script text).
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * JavaScript types a browser executes; anything else (application/ld+json) is a data block,
 * except the inert copy of the hydration bootstrap, whose text runs later as a module.
 */
function isExecutable(attributes: string): boolean {
  if (/\ssrc\s*=/.test(attributes)) return false;
  const type = /\stype\s*=\s*"([^"]*)"/.exec(attributes)?.[1]?.trim().toLowerCase();
  return (
    type === undefined ||
    type === "" ||
    type === "module" ||
    type === "text/javascript" ||
    type === "application/javascript" ||
    type === DEFERRED_SCRIPT_TYPE
  );
}

/** 'sha256-…' sources for every inline script that runs, in document order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(SCRIPT_ELEMENT)) {
    if (!isExecutable(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

export function contentSecurityPolicy(scriptHashes: readonly string[], options: { https: boolean }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    // Inline styles: see docs/decisions/0022 (React style props, Radix positioning, the toast
    // library's injected stylesheet). Styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Product pictures may be stored as https URLs of the maker's site; admin previews use blob:.
    "img-src 'self' data: blob: https:",
    // The Latin web fonts come inside the style sheet, as data: URLs (vite.config.ts).
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}
