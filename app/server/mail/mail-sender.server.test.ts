import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { hostname } from "node:os";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import type { DB } from "../db/connection.server";
import { startMailSender, type MailSender, type MailSenderOptions } from "./mail-sender.server";
import { createMailer, type Mailer, type OutgoingMail } from "./mailer.server";
import { createMailQueue, outboxMessages, retryFailedMail } from "./outbox.server";
import { MAIL_PER_RECIPIENT_PER_DAY } from "./recipient-cap.server";

// The worker's mail sender on a real database: it sends what the outbox holds, once; tries again
// later after a refusal that may pass and gives up after a permanent one; and a message held by
// a sender that died is sent by another, with the same Message-ID.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mail = createMailQueue({ mailFrom: "Sauna Reviews <no-reply@saunas.example>", baseUrl: "https://saunas.example" });
const message = (n: number, to = `reader-${n}@example.com`) => ({
  to,
  subject: `Message ${n}`,
  text: `Hello ${n}`,
  html: `<p>Hello ${n}</p>`,
});

/** A transport that keeps what it was given. */
function recordingTransport(sent: OutgoingMail[]): Mailer {
  return {
    async send(outgoing) {
      sent.push(outgoing);
      return { via: "folder", file: "(memory)" };
    },
    close() {},
  };
}

/** Polls until `check` is true, or fails after `timeoutMs`. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(testDialects)("the mail sender on %s", (dialect) => {
  let test: TestDatabase;
  // The producers' side on its own handle, as the web process is in production.
  let site: DB;
  const senders: MailSender[] = [];
  const children: ChildProcess[] = [];
  const start = (options: Omit<MailSenderOptions, "name"> & { name?: string }, db?: DB) => {
    const sender = startMailSender(db ?? test.openAnother(), { name: `${hostname()}:${process.pid}:test`, pollMs: 10, ...options });
    senders.push(sender);
    return sender;
  };
  const rows = () => site.selectFrom("outbox").selectAll().orderBy("id").execute();

  beforeEach(async () => {
    test = await createTestDatabase(dialect);
    site = test.openAnother();
  });
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill("SIGKILL");
    await Promise.all(senders.splice(0).map((sender) => sender.stop()));
    await test.drop();
  });

  it("sends each waiting message once, with its Message-ID, marks it sent and keeps no body", async () => {
    const queued = [];
    for (let n = 1; n <= 3; n++)
      queued.push(await mail.queue(site, { ...message(n), headers: { "List-Unsubscribe": `<https://u/${n}>` } }));
    const sent: OutgoingMail[] = [];
    const sender = start({ transport: recordingTransport(sent) });
    await sender.drain();
    await sender.drain();
    expect(sent.map((outgoing) => outgoing.messageId)).toEqual(queued.map((outcome) => (outcome.queued ? outcome.messageId : null)));
    expect(sent[0]).toMatchObject({ to: "reader-1@example.com", text: "Hello 1", html: "<p>Hello 1</p>" });
    expect(sent[0]!.headers).toEqual({ "List-Unsubscribe": "<https://u/1>" });
    const after = await rows();
    expect(after.map((row) => [row.state, Number(row.attempts), row.text_body, row.html_body, row.lease_owner])).toEqual([
      ["sent", 1, null, null, null],
      ["sent", 1, null, null, null],
      ["sent", 1, null, null, null],
    ]);
  });

  it("waits longer after each refusal that may pass, and fails a message at once on a permanent one", async () => {
    let clock = Date.parse("2026-11-28T10:00:00Z");
    await mail.queue(site, message(1), { now: clock });
    const replies: { responseCode?: number; code?: string; message: string }[] = [
      { code: "ECONNECTION", message: "connect ECONNREFUSED 127.0.0.1:25" },
      { responseCode: 451, message: "451 Try again later" },
      { responseCode: 550, message: "550 No such user" },
    ];
    let attempts = 0;
    const transport: Mailer = {
      async send() {
        const reply = replies[attempts++]!;
        throw Object.assign(new Error(reply.message), reply);
      },
      close() {},
    };
    const sender = start({ transport, now: () => clock, retry: { firstDelayMs: 60_000, longestDelayMs: 600_000, maxAttempts: 10 } });
    await sender.drain();
    expect(await rows()).toMatchObject([{ state: "waiting", last_error: "connect ECONNREFUSED 127.0.0.1:25" }]);
    expect(Number((await rows())[0]!.next_attempt_at)).toBe(clock + 60_000);

    clock += 59_000;
    await sender.drain();
    expect(attempts).toBe(1);
    clock += 1_000;
    await sender.drain();
    expect(attempts).toBe(2);
    // Twice the first wait after the second refusal.
    expect(Number((await rows())[0]!.next_attempt_at)).toBe(clock + 120_000);

    clock += 120_000;
    await sender.drain();
    expect(attempts).toBe(3);
    expect(await rows()).toMatchObject([{ state: "failed", last_error: "550 No such user", lease_owner: null }]);
    expect(Number((await rows())[0]!.attempts)).toBe(3);
    clock += 24 * 60 * 60_000;
    await sender.drain();
    expect(attempts).toBe(3);
  });

  it("gives up after the last attempt the policy allows", async () => {
    let clock = Date.parse("2026-11-28T10:00:00Z");
    await mail.queue(site, message(1), { now: clock });
    let attempts = 0;
    const transport: Mailer = {
      async send() {
        attempts++;
        throw Object.assign(new Error("421 Busy"), { responseCode: 421 });
      },
      close() {},
    };
    const sender = start({ transport, now: () => clock, retry: { firstDelayMs: 1_000, longestDelayMs: 4_000, maxAttempts: 4 } });
    for (let i = 0; i < 10; i++) {
      await sender.drain();
      clock += 4_000;
    }
    expect(attempts).toBe(4);
    expect(await rows()).toMatchObject([{ state: "failed", last_error: "421 Busy" }]);
  });

  it("through a real SMTP server that is down, then answers 4xx, then refuses one address with 5xx, then accepts: none lost, none twice", async () => {
    const port = await freePort();
    const queued = [];
    for (let n = 1; n <= 5; n++) queued.push(await mail.queue(site, message(n)));
    queued.push(await mail.queue(site, message(6, "bounce@example.com")));
    const ids = queued.map((outcome) => (outcome.queued ? outcome.messageId : ""));

    let mode: "busy" | "bounce" | "accept" = "busy";
    const received: string[] = [];
    const server = new SMTPServer({
      secure: false,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo(address, _session, callback) {
        const refuse = (code: number, text: string) => callback(Object.assign(new Error(text), { responseCode: code }));
        if (mode === "busy") return refuse(451, "Mailbox busy, try again later");
        if (mode === "bounce") return address.address === "bounce@example.com" ? refuse(550, "No such mailbox") : refuse(451, "Still busy");
        callback();
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push(/^Message-ID: (.+)$/im.exec(Buffer.concat(chunks).toString("utf8"))?.[1]?.trim() ?? "");
          callback();
        });
      },
    });
    const transport = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      mailFrom: "Sauna Reviews <no-reply@saunas.example>",
      dataDir: "/nonexistent",
    });
    start({ transport, retry: { firstDelayMs: 20, longestDelayMs: 100, maxAttempts: 1_000 } });
    const everyRow = (check: (row: Awaited<ReturnType<typeof rows>>[number]) => boolean) => async () => (await rows()).every(check);
    try {
      // Down: nothing listens on the port.
      await until(
        "every message to be refused a connection",
        everyRow((row) => /ECONNREFUSED/.test(row.last_error ?? "")),
      );
      expect((await rows()).every((row) => row.state === "waiting" || row.state === "sending")).toBe(true);

      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
      await until(
        "every message to be answered 451",
        everyRow((row) => /451/.test(row.last_error ?? "")),
      );
      expect(received).toEqual([]);

      mode = "bounce";
      await until("the bounce to fail", async () => (await rows()).at(-1)!.state === "failed");
      expect((await rows()).at(-1)!.last_error).toMatch(/550/);

      mode = "accept";
      await until("the others to be sent", async () => (await rows()).filter((row) => row.state === "sent").length === 5);
      expect((await rows()).at(-1)!.state).toBe("failed");

      expect([...received].sort()).toEqual(ids.slice(0, 5).sort());

      // The owner's Retry, once the mailbox exists: it goes too, and nothing else goes again.
      expect(await retryFailedMail(site, Number((await rows()).at(-1)!.id))).toMatchObject({ state: "waiting", attempts: 0 });
      await until("the retried message to be sent", async () => (await rows()).at(-1)!.state === "sent");
      expect([...received].sort()).toEqual([...ids].sort());
    } finally {
      transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 60_000);

  it.each([
    { how: "killed on this machine", elsewhere: false, leaseMs: 60_000 },
    { how: "on another machine, its lease run out", elsewhere: true, leaseMs: 1_000 },
  ])(
    "when one of two senders dies mid-batch ($how), the other sends the rest: every message, at most one twice",
    async ({ elsewhere, leaseMs }) => {
      const total = 60;
      const ids: string[] = [];
      for (let n = 1; n <= total; n++) {
        const outcome = await mail.queue(site, message(n));
        if (outcome.queued) ids.push(outcome.messageId);
      }
      // The dying sender is named after a process of its own, killed as a kill -9 would.
      const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
      children.push(child);
      const name = `${elsewhere ? "elsewhere.example" : hostname()}:${child.pid}:dying`;
      const delivered: string[] = [];
      let inFlight: string | undefined;
      let count = 0;
      const dies: Mailer = {
        async send(outgoing) {
          delivered.push(outgoing.messageId);
          // The fifth message reaches the server; the process dies before it can record it.
          if (++count === 5) {
            inFlight = outgoing.messageId;
            return new Promise<never>(() => {});
          }
          await sleep(5);
          return { via: "folder", file: "(memory)" };
        },
        close() {},
      };
      const survives: Mailer = {
        async send(outgoing) {
          delivered.push(outgoing.messageId);
          await sleep(5);
          return { via: "folder", file: "(memory)" };
        },
        close() {},
      };
      const dying = startMailSender(test.openAnother(), { name, transport: dies, pollMs: 10, batchSize: 10, leaseMs });
      start({ transport: survives, batchSize: 10, leaseMs, sweepMs: 50 });
      await until("the dying sender to have a message in flight", async () => inFlight !== undefined);
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
      // It never writes again: its rows stay 'sending' under its name.
      void dying.stop();

      const started = Date.now();
      await until("every message to be sent", async () => (await rows()).every((row) => row.state === "sent"), 60_000);
      expect(Date.now() - started).toBeLessThan(60_000);
      expect(new Set(delivered)).toEqual(new Set(ids));
      // Sent twice: only the one in flight when its sender died, under the same Message-ID.
      expect(delivered.length - new Set(delivered).size).toBeLessThanOrEqual(1);
      expect(delivered.filter((id) => id !== inFlight)).toHaveLength(total - 1);
    },
    90_000,
  );

  it("two live senders share the outbox: each message goes once", async () => {
    const total = 60;
    for (let n = 1; n <= total; n++) await mail.queue(site, message(n, `reader-${n % 10}-${n}@example.com`));
    const delivered: OutgoingMail[] = [];
    start({ name: `${hostname()}:${process.pid}:one`, transport: recordingTransport(delivered), batchSize: 3 });
    start({ name: `${hostname()}:${process.pid}:two`, transport: recordingTransport(delivered), batchSize: 3 });
    await until("every message to be sent", async () => (await rows()).every((row) => row.state === "sent"));
    expect(delivered).toHaveLength(total);
    expect(new Set(delivered.map((outgoing) => outgoing.messageId)).size).toBe(total);
  });

  it("a message over the daily cap is never written, so never sent", async () => {
    for (let n = 1; n <= MAIL_PER_RECIPIENT_PER_DAY + 2; n++) await mail.queue(site, message(n, "capped@example.com"));
    expect(await outboxMessages(site)).toHaveLength(MAIL_PER_RECIPIENT_PER_DAY);
  });
});
