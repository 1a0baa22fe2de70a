import { SITE_NAME } from "~/lib/site/site-navigation";
import type { MailMessage } from "../mail/mailer.server";
import { escapeHtml, mailDocument } from "../mail/mail-document";

/** The confirmation mail of a newsletter sign-up, the only mail an unconfirmed address ever gets. */

/**
 * List-Unsubscribe (a link mail programs show as 'Unsubscribe') and List-Unsubscribe-Post, which
 * lets them unsubscribe with one POST and no page (RFC 8058). Every newsletter mail carries both.
 */
export function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

export function newsletterConfirmationMail(to: string, links: { confirm: string; unsubscribe: string }, validForDays: number): MailMessage {
  const text = [
    "Hello,",
    "",
    `Someone (we hope you) asked for the ${SITE_NAME} newsletter at this address. To confirm, open this link within ${validForDays} days:`,
    "",
    links.confirm,
    "",
    "If you did not ask for it, ignore this message: you will get nothing more from us.",
    `Or never hear from us again, even if someone tries later: ${links.unsubscribe}`,
    "",
    SITE_NAME,
  ].join("\n");
  const subject = `Confirm your ${SITE_NAME} newsletter subscription`;
  const html = mailDocument(
    subject,
    [
      "<p>Hello,</p>",
      `<p>Someone (we hope you) asked for the ${SITE_NAME} newsletter at this address. To confirm, open this link within ${validForDays} days:</p>`,
      `<p><a href="${escapeHtml(links.confirm)}">Confirm my subscription</a></p>`,
      `<p style="color:#5b5148;font-size:13px">Or paste this address into your browser: ${escapeHtml(links.confirm)}</p>`,
      "<p>If you did not ask for it, ignore this message: you will get nothing more from us.</p>",
      `<p style="color:#5b5148;font-size:13px"><a href="${escapeHtml(links.unsubscribe)}">Unsubscribe</a></p>`,
    ].join("\n"),
  );
  return {
    to,
    subject,
    text,
    html,
    headers: listUnsubscribeHeaders(links.unsubscribe),
    logLine: `newsletter confirmation link ${links.confirm}`,
  };
}
