import { createHash, randomBytes } from "node:crypto";

/**
 * The Content-Security-Policy of an HTML document (docs/decisions/0022, 0105). Scripts run only
 * from this site's files or when the server itself wrote them inline: React Router's hydration
 * data and module bootstrap, its scroll restorer, React's own, the site's hydration starter. Each
 * is allowed by its SHA-256 hash. Which scripts those are is known where they are written: every
 * render gets a random marker that React Router and React put on each script they write (as
 * their `nonce`), and only scripts carrying it are hashed; the marker is then taken out of the
 * document. A script that reached the page some other way (say, inside an article's body that
 * got past the sanitizer) cannot carry a marker made after it was written, and is not allowed.
 * Hashes, not the nonce itself: a page served again from the page cache carries the same
 * scripts and therefore the same valid header.
 */

// A script element as React writes it: lower-case tag, attributes quoted, no '</script' inside
// (React escapes it in script text).
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/** JavaScript types a browser executes; anything else (application/ld+json) is a data block. */
function isExecutable(attributes: string): boolean {
  if (/\ssrc\s*=/.test(attributes)) return false;
  const type = /\stype\s*=\s*"([^"]*)"/.exec(attributes)?.[1]?.trim().toLowerCase();
  return type === undefined || type === "" || type === "module" || type === "text/javascript" || type === "application/javascript";
}

/** A new marker for one render (hex: it needs no escaping in an attribute). */
export function renderMarker(): string {
  return randomBytes(16).toString("hex");
}

/** The 'sha256-…' source that allows an inline script with this text. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * The document with the render's marker taken out, and the hashes of the inline scripts that
 * carried it (in document order, without repeats): the scripts the server wrote.
 */
export function serverWrittenScripts(rendered: string, marker: string): { html: string; hashes: string[] } {
  const markedWith = ` nonce="${marker}"`;
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of rendered.matchAll(SCRIPT_ELEMENT)) {
    if (attributes.includes(markedWith) && isExecutable(attributes)) hashes.add(scriptHash(text));
  }
  return { html: rendered.replaceAll(markedWith, ""), hashes: [...hashes] };
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
    // Fonts from our own files; the Latin faces given as bytes by script are no fetch at all.
    "font-src 'self'",
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
