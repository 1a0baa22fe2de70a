import { formatMoney } from "~/lib/revenue/earnings";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { TODAY_RULE_LABELS, type TodayItem } from "~/lib/today/today-items";
import type { MailMessage } from "../../mail/mailer.server";
import { escapeHtml, mailButton, mailDocument } from "../../mail/mail-document";
import { listUnsubscribeHeaders } from "../../newsletter/newsletter-mail";

/** The weekly digest: the Today list, most money first, as a mail with a text and an HTML part. */

/** The mail lists this many; the rest wait on the page. */
export const DIGEST_ITEMS = 25;

const small = (html: string) => `<p style="color:#5b5148;font-size:13px">${html}</p>`;

export function ownerDigestMail(
  to: string,
  list: { items: readonly TodayItem[]; currency: string },
  links: { baseUrl: string; unsubscribe: string },
): MailMessage {
  const count = list.items.length;
  const shown = list.items.slice(0, DIGEST_ITEMS);
  const subject = `${SITE_NAME} this week: ${count === 1 ? "1 thing needs you" : `${count} things need you`}`;
  const todayUrl = `${links.baseUrl}/admin/today`;
  const money = (item: TodayItem) => (item.money === null ? "" : ` (${formatMoney(list.currency, item.money)} in 30 days)`);
  const more = count > shown.length ? `And ${count - shown.length} more on the Today page.` : "";
  const text = [
    "Hello,",
    "",
    `What needs you on ${SITE_NAME}, most money first:`,
    "",
    ...shown.flatMap((item, index) => [
      `${index + 1}. ${TODAY_RULE_LABELS[item.rule]}: ${item.title}${money(item)}`,
      `   ${item.detail}`,
      `   ${item.fix}: ${links.baseUrl}${item.href}`,
      "",
    ]),
    ...(more ? [more, ""] : []),
    `The whole list, with snooze and done: ${todayUrl}`,
    "",
    `Stop this weekly digest: ${links.unsubscribe}`,
    "",
    SITE_NAME,
  ].join("\n");
  const rows = shown
    .map(
      (item) =>
        `<li style="margin:0 0 16px"><span style="color:#5b5148;font-size:12px;text-transform:uppercase;letter-spacing:.05em">${escapeHtml(TODAY_RULE_LABELS[item.rule])}${escapeHtml(money(item))}</span><br>` +
        `<strong>${escapeHtml(item.title)}</strong><br>${escapeHtml(item.detail)}<br>` +
        `<a href="${escapeHtml(links.baseUrl + item.href)}" style="color:#9c450c">${escapeHtml(item.fix)}</a></li>`,
    )
    .join("\n");
  const html = mailDocument(
    subject,
    [
      "<p>Hello,</p>",
      `<p>What needs you on ${escapeHtml(SITE_NAME)}, most money first:</p>`,
      `<ol style="padding-left:20px">${rows}</ol>`,
      more ? `<p>${escapeHtml(more)}</p>` : "",
      mailButton(todayUrl, "Open Today"),
      small(`<a href="${escapeHtml(links.unsubscribe)}" style="color:#9c450c">Stop this weekly digest</a>`),
    ].join("\n"),
  );
  return { to, subject, text, html, headers: listUnsubscribeHeaders(links.unsubscribe), logLine: `weekly digest, ${count} items` };
}
