import { SITE_NAME } from "~/lib/site/site-navigation";
import { escapeHtml, mailDocument } from "./mail-document";
import type { MailMessage } from "./mailer.server";

/**
 * An account message: plain words, one action link on a line of its own (and as a button in the
 * HTML part), then what to do if the reader did not ask for it.
 */
function accountMail(
  to: string,
  parts: { subject: string; intro: string; link: string; action: string; ignore: string; logLine: string },
): MailMessage {
  const text = ["Hello,", "", parts.intro, "", parts.link, "", parts.ignore, "", `${SITE_NAME}`].join("\n");
  const escaped = escapeHtml(parts.link);
  const html = mailDocument(
    parts.subject,
    [
      "<p>Hello,</p>",
      `<p>${parts.intro}</p>`,
      `<p><a href="${escaped}">${parts.action}</a></p>`,
      `<p style="color:#5b5148;font-size:13px">Or paste this address into your browser: ${escaped}</p>`,
      `<p>${parts.ignore}</p>`,
    ].join("\n"),
  );
  return { to, subject: parts.subject, text, html, logLine: parts.logLine };
}

/** The sign-up confirmation message. */
export function confirmationMail(to: string, link: string, validForHours: number): MailMessage {
  return accountMail(to, {
    subject: `Confirm your email for ${SITE_NAME}`,
    intro: `An admin account was created on ${SITE_NAME} with this email address. To confirm it, open this link within ${validForHours} hours:`,
    link,
    action: "Confirm my email address",
    ignore: "If you did not sign up, ignore this message: the account stays inactive.",
    logLine: `confirmation link ${link}`,
  });
}

/** The password reset message: sent only to an address that has an account. */
export function passwordResetMail(to: string, link: string, validForMinutes: number): MailMessage {
  return accountMail(to, {
    subject: `Reset your ${SITE_NAME} password`,
    intro: `Someone asked to reset the password of your ${SITE_NAME} account. To choose a new password, open this link within ${validForMinutes} minutes:`,
    link,
    action: "Choose a new password",
    ignore: "If it was not you, ignore this message: your password stays as it is.",
    logLine: `password reset link ${link}`,
  });
}
