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

/** The password reset message: sent only to an address that has an account. */
export function passwordResetMail(to: string, link: string, validForMinutes: number): MailMessage {
  const text = [
    "Hello,",
    "",
    `Someone asked to reset the password of your ${SITE_NAME} account. To choose a new password, open this link within ${validForMinutes} minutes:`,
    "",
    link,
    "",
    "If it was not you, ignore this message: your password stays as it is.",
    "",
    `${SITE_NAME}`,
  ].join("\n");
  const escaped = link.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const html = [
    "<p>Hello,</p>",
    `<p>Someone asked to reset the password of your ${SITE_NAME} account. To choose a new password, open this link within ${validForMinutes} minutes:</p>`,
    `<p><a href="${escaped}">Choose a new password</a></p>`,
    `<p style="color:#5b5148;font-size:13px">Or paste this address into your browser: ${escaped}</p>`,
    "<p>If it was not you, ignore this message: your password stays as it is.</p>",
  ].join("\n");
  return { to, subject: `Reset your ${SITE_NAME} password`, text, html, logLine: `password reset link ${link}` };
}
