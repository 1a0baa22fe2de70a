import { SITE_NAME } from "~/lib/site-navigation";
import type { MailMessage } from "./mailer.server";

/** The sign-up confirmation message. Plain words, the link on a line of its own. */
export function confirmationMail(to: string, link: string, validForHours: number): MailMessage {
  const text = [
    "Hello,",
    "",
    `An admin account was created on ${SITE_NAME} with this email address. To confirm it, open this link within ${validForHours} hours:`,
    "",
    link,
    "",
    "If you did not sign up, ignore this message: the account stays inactive.",
    "",
    `${SITE_NAME}`,
  ].join("\n");
  const escaped = link.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const html = [
    "<p>Hello,</p>",
    `<p>An admin account was created on ${SITE_NAME} with this email address. To confirm it, open this link within ${validForHours} hours:</p>`,
    `<p><a href="${escaped}">Confirm my email address</a></p>`,
    `<p style="color:#5b5148;font-size:13px">Or paste this address into your browser: ${escaped}</p>`,
    "<p>If you did not sign up, ignore this message: the account stays inactive.</p>",
  ].join("\n");
  return { to, subject: `Confirm your email for ${SITE_NAME}`, text, html, logLine: `confirmation link ${link}` };
}
