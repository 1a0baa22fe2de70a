import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { AppConfig } from "../config.server";
import { log } from "../log.server";

/**
 * The transport the worker's mail sender delivers through (docs/decisions/0010, 0101). With
 * SMTP_URL set, messages go out through that server. Without it they are written to
 * DATA_DIR/mail/ as .eml files (open them with any mail program) and the one line that matters,
 * the link, is printed in the log: sign-up then works on a laptop with no mail server at all.
 * Nothing else sends mail: the site writes messages to the outbox (outbox.server.ts).
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on newsletter mail. */
  headers?: Record<string, string>;
  /** Printed in the log when the message is written to the mail folder, e.g. the confirmation link. */
  logLine?: string;
}

/** A message as it leaves: with the Message-ID its outbox row was given. */
export interface OutgoingMail extends MailMessage {
  messageId: string;
}

export type MailDelivery = { via: "smtp"; messageId: string } | { via: "folder"; file: string };

export interface Mailer {
  send(message: OutgoingMail): Promise<MailDelivery>;
  close(): void;
}

export type MailConfig = Pick<AppConfig, "smtpUrl" | "mailFrom" | "dataDir">;

/** Where messages are written when no SMTP_URL is set. */
export function mailFolder(dataDir: string): string {
  return path.join(dataDir, "mail");
}

export function createMailer(config: MailConfig): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : folderMailer(mailFolder(config.dataDir), config.mailFrom);
}

/**
 * Time limits well inside the sender's lease (mail-sender.server.ts): a server that stops
 * answering fails the attempt long before another sender could take the message over.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

function smtpMailer(smtpUrl: string, from: string): Mailer {
  // One connection kept open and reused: a batch of alerts is thousands of messages, and a new
  // connection (greeting, EHLO, QUIT) for each made a message 5 to 8 times slower to a local
  // server (118–127 ms against 14–24 ms, on a busy 2-core machine).
  const transport: Transporter = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 1, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        messageId: message.messageId,
      });
      log.info(`Mail sent to ${message.to}: ${message.subject}`);
      return { via: "smtp", messageId: String(info.messageId) };
    },
    close: () => transport.close(),
  };
}

function folderMailer(dir: string, from: string): Mailer {
  // Builds the complete RFC 822 message without sending it anywhere.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        messageId: message.messageId,
      });
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const recipient = message.to.replace(/[^a-z0-9@._-]+/gi, "_").slice(0, 80);
      const file = path.join(dir, `${stamp}-${recipient}-${randomBytes(3).toString("hex")}.eml`);
      // 0600: the message holds a link that activates an account.
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      log.info(`Mail to ${message.to} saved to ${file} (no SMTP_URL set)${message.logLine ? `: ${message.logLine}` : ""}`);
      return { via: "folder", file };
    },
    close() {},
  };
}
