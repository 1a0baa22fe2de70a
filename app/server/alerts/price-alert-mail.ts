import { formatMoney } from "~/lib/text/money";
import { SITE_NAME } from "~/lib/site/site-navigation";
import type { MailMessage } from "../mail/mailer.server";
import { escapeHtml, mailButton, mailDocument } from "../mail/mail-document";
import { listUnsubscribeHeaders } from "../newsletter/newsletter-mail";

/** The two mails of a price-drop alert: the confirmation, and the one that says the price fell. */

const small = (html: string) => `<p style="color:#5b5148;font-size:13px">${html}</p>`;

export function priceAlertConfirmationMail(
  to: string,
  product: { name: string; priceText: string; targetText: string | null },
  links: { confirm: string; unsubscribe: string },
  validForDays: number,
): MailMessage {
  const subject = `Confirm your price alert for ${product.name}`;
  const what = product.targetText
    ? `when the price of the ${product.name} falls below ${product.targetText} (it is ${product.priceText} now)`
    : `when the price of the ${product.name} drops by 5% or more from ${product.priceText}`;
  const ask = `Someone (we hope you) asked ${SITE_NAME} to email this address ${what}. To confirm, open this link within ${validForDays} days:`;
  const text = [
    "Hello,",
    "",
    ask,
    "",
    links.confirm,
    "",
    "If you did not ask for it, ignore this message: you will get nothing more from us about it.",
    `Or stop this alert now: ${links.unsubscribe}`,
    "",
    SITE_NAME,
  ].join("\n");
  const html = mailDocument(
    subject,
    [
      "<p>Hello,</p>",
      `<p>${escapeHtml(ask)}</p>`,
      mailButton(links.confirm, "Confirm my price alert"),
      small(`Or paste this address into your browser: ${escapeHtml(links.confirm)}`),
      "<p>If you did not ask for it, ignore this message: you will get nothing more from us about it.</p>",
      small(`<a href="${escapeHtml(links.unsubscribe)}" style="color:#9c450c">Stop this alert</a>`),
    ].join("\n"),
  );
  return {
    to,
    subject,
    text,
    html,
    headers: listUnsubscribeHeaders(links.unsubscribe),
    logLine: `price alert confirmation link ${links.confirm}`,
  };
}

export interface PriceDropNews {
  productName: string;
  currency: string;
  newPriceMinor: number;
  oldPriceMinor: number;
  /** The tracked shop link, absolute. */
  shopLink: string;
  /** The product's review page, absolute. */
  reviewLink: string;
  unsubscribe: string;
}

export function priceDropMail(to: string, news: PriceDropNews): MailMessage {
  const newPrice = formatMoney(news.newPriceMinor, news.currency);
  const oldPrice = formatMoney(news.oldPriceMinor, news.currency);
  const subject = `Price drop: ${news.productName} is now ${newPrice}`;
  const line = `The ${news.productName} you are watching is now ${newPrice}, down from ${oldPrice}.`;
  const text = [
    "Hello,",
    "",
    line,
    "",
    `See it at the shop: ${news.shopLink}`,
    `Our review: ${news.reviewLink}`,
    "",
    "Prices change often; the shop's price at checkout is the one that counts. We will not write about this sauna again for at least 7 days.",
    "",
    `Stop this alert: ${news.unsubscribe}`,
    "",
    SITE_NAME,
  ].join("\n");
  const html = mailDocument(
    subject,
    [
      "<p>Hello,</p>",
      `<p>The ${escapeHtml(news.productName)} you are watching is now <strong>${escapeHtml(newPrice)}</strong>, down from <s>${escapeHtml(oldPrice)}</s>.</p>`,
      mailButton(news.shopLink, "See it at the shop"),
      `<p><a href="${escapeHtml(news.reviewLink)}" style="color:#9c450c">Read our review</a></p>`,
      small(
        "Prices change often; the shop's price at checkout is the one that counts. We will not write about this sauna again for at least 7 days.",
      ),
      small(`<a href="${escapeHtml(news.unsubscribe)}" style="color:#9c450c">Stop this alert</a>`),
    ].join("\n"),
  );
  return {
    to,
    subject,
    text,
    html,
    headers: listUnsubscribeHeaders(news.unsubscribe),
    logLine: `price drop alert for ${news.productName}`,
  };
}
