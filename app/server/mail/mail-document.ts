/**
 * The HTML part of a mail as a complete document (doctype, charset, a title, a body with the
 * site's quiet colours inline), which mail programs render far more alike than a bare fragment;
 * the text part is written beside it by each mail. Inline styles only: mail programs drop
 * style sheets.
 */

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** `bodyHtml` is trusted markup (the caller escapes what it puts in); `title` is plain text. */
export function mailDocument(title: string, bodyHtml: string): string {
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    "</head>",
    '<body style="margin:0;padding:24px 16px;background:#faf7f2;color:#1f1a16;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e5dccd;border-radius:8px;padding:24px">',
    bodyHtml,
    "</div>",
    "</body>",
    "</html>",
  ].join("\n");
}

/** A link drawn as the site's primary button. */
export function mailButton(href: string, label: string): string {
  return `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#9c450c;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 20px;border-radius:999px">${escapeHtml(label)}</a></p>`;
}
