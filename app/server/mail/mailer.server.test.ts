import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { confirmationMail } from "./account-mail";
import { createMailer, mailFolder } from "./mailer.server";

const link = "http://127.0.0.1:3000/auth/callback?token=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jIn0.signature-part-that-is-long";

/** Undo quoted-printable soft line breaks and =XX escapes. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe("mail without SMTP_URL: the mail folder", () => {
  let dataDir: string;
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("writes an .eml file readable only by the owner, holding the link", async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "sauna-mail-"));
    const mailer = createMailer({ dataDir, smtpUrl: undefined, mailFrom: "Sauna Reviews <no-reply@localhost>" });
    const delivery = await mailer.send({ ...confirmationMail("new.admin@example.com", link, 24), messageId: "<a1@saunas.example>" });
    expect(delivery.via).toBe("folder");
    const files = readdirSync(mailFolder(dataDir));
    expect(files).toHaveLength(1);
    const file = path.join(mailFolder(dataDir), files[0]!);
    expect(delivery).toEqual({ via: "folder", file });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const eml = readFileSync(file, "utf8");
    expect(eml).toContain("To: new.admin@example.com");
    expect(eml).toContain("Subject: Confirm your email for Sauna Reviews");
    expect(eml).toContain("Message-ID: <a1@saunas.example>");
    expect(decodeQuotedPrintable(eml)).toContain(link);
  });
});

describe("mail over SMTP_URL", () => {
  let server: SMTPServer | undefined;
  let dataDir: string;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("delivers to a real SMTP server, with login and the outbox's Message-ID, and writes nothing to the mail folder", async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "sauna-mail-"));
    const received: { from: string; to: string[]; body: string; user?: string }[] = [];
    server = new SMTPServer({
      secure: false,
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === "mailer" && auth.password === "s3cret") return callback(null, { user: auth.username });
        return callback(new Error("Invalid username or password"));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            body: Buffer.concat(chunks).toString("utf8"),
            user: session.user as string | undefined,
          });
          callback();
        });
      },
    });
    const port = await new Promise<number>((resolve) => {
      server!.listen(0, "127.0.0.1", () => resolve((server!.server.address() as { port: number }).port));
    });

    const mailer = createMailer({
      dataDir,
      smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}?ignoreTLS=true`,
      mailFrom: "Sauna Reviews <no-reply@saunas.example>",
    });
    const delivery = await mailer.send({ ...confirmationMail("someone@example.com", link, 24), messageId: "<b2@saunas.example>" });
    mailer.close();

    expect(delivery).toEqual({ via: "smtp", messageId: "<b2@saunas.example>" });
    expect(received).toHaveLength(1);
    expect(received[0]!.user).toBe("mailer");
    expect(received[0]!.from).toBe("no-reply@saunas.example");
    expect(received[0]!.to).toEqual(["someone@example.com"]);
    expect(decodeQuotedPrintable(received[0]!.body)).toContain(link);
    expect(received[0]!.body).toContain("Message-ID: <b2@saunas.example>");
    expect(() => readdirSync(mailFolder(dataDir))).toThrow();
  });
});
