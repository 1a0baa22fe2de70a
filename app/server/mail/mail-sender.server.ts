import type { DB } from "../db/connection.server";
import { workerGoneHere } from "../jobs/job-queue.server";
import { log } from "../log.server";
import type { Mailer } from "./mailer.server";
import {
  claimMail,
  extendLease,
  mailSenders,
  markAttemptFailed,
  markSent,
  releaseMail,
  releaseMailOf,
  startAttempt,
  type HeldMail,
} from "./outbox.server";

/**
 * The worker's mail sender (docs/decisions/0101): it polls the outbox, takes a few due messages
 * under a lease, sends each through the transport (SMTP, or the .eml folder) and marks it sent.
 * A refusal the server calls permanent (a 5xx reply) fails the message at once; anything else
 * (no connection, a 4xx reply, a time-out) is tried again later, each wait twice the last, until
 * the attempts run out. Messages held by a sender that is gone (a kill -9) are taken again: at
 * once on the same machine, after the lease elsewhere. Only the one message in flight when a
 * sender dies can go out twice, with the same Message-ID.
 */

export interface RetryPolicy {
  /** The wait after the first failed attempt; each later wait is twice the one before. */
  firstDelayMs: number;
  longestDelayMs: number;
  /** Failed for good after this many attempts. */
  maxAttempts: number;
}

/** About half a day of tries: 30 s, 1 min, 2 min … then hourly. */
export const DEFAULT_RETRY: RetryPolicy = { firstDelayMs: 30_000, longestDelayMs: 60 * 60_000, maxAttempts: 20 };

export interface MailSenderOptions {
  /** host:pid:boot (workerName()): the sweeper on the same machine asks whether it still runs. */
  name: string;
  transport: Mailer;
  /** How often an idle sender looks for due messages. */
  pollMs?: number;
  /** Messages taken at once. */
  batchSize?: number;
  /** How long a taken message is this sender's; moved on before each attempt. */
  leaseMs?: number;
  /** How often it looks for messages held by senders that are gone. */
  sweepMs?: number;
  retry?: Partial<RetryPolicy>;
  now?: () => number;
}

export interface MailSender {
  /** Sends what is due now, until nothing is; resolves when done. */
  drain(): Promise<void>;
  /** Stops taking messages, finishes the one in flight and gives the others back. */
  stop(): Promise<void>;
}

export function retryDelayMs(attempts: number, policy: RetryPolicy): number {
  return Math.min(policy.longestDelayMs, policy.firstDelayMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * A refusal of this message that trying again will not change: an SMTP 5xx reply, except 503
 * (commands out of order) and a refused login, which is the site's setting to mend, not the
 * message's fault.
 */
export function isPermanentFailure(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  return typeof responseCode === "number" && responseCode >= 500 && responseCode < 600 && responseCode !== 503 && code !== "EAUTH";
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function startMailSender(db: DB, options: MailSenderOptions): MailSender {
  const pollMs = options.pollMs ?? 1_000;
  const batchSize = options.batchSize ?? 10;
  // Short, so that another machine's sender takes over within a minute of a crash; an attempt in
  // progress keeps its message by extending the lease as it goes.
  const leaseMs = options.leaseMs ?? 45_000;
  const sweepMs = options.sweepMs ?? 5_000;
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const now = options.now ?? Date.now;
  const { name, transport } = options;
  let stopped = false;
  let lastSweep = 0;
  let running: Promise<void> | null = null;

  async function sweep(): Promise<void> {
    lastSweep = now();
    for (const sender of await mailSenders(db)) {
      if (sender === name || workerGoneHere(sender) !== true) continue;
      const released = await releaseMailOf(db, sender, now());
      if (released > 0) log.warn(`Mail: ${released} message(s) held by ${sender}, which is gone, are to be sent again`);
    }
  }

  async function deliver(held: HeldMail): Promise<void> {
    const { id, message } = held;
    if (held.attempts >= retry.maxAttempts) {
      await markAttemptFailed(db, id, name, `Not sent after ${held.attempts} attempts.`, null, now());
      return;
    }
    if (!(await startAttempt(db, id, name, leaseMs, now()))) return;
    const attempt = held.attempts + 1;
    // A stopping sender no longer extends: an attempt that outlives its lease may be sent again by
    // another sender (under the same Message-ID), never lost.
    const keep = setInterval(
      () => {
        if (stopped) return clearInterval(keep);
        void extendLease(db, id, name, leaseMs, now()).catch((error: unknown) =>
          log.warn(`Mail ${id}: lease not extended: ${messageOf(error)}`),
        );
      },
      Math.max(1_000, Math.floor(leaseMs / 3)),
    );
    try {
      await transport.send(message);
    } catch (error) {
      const text = messageOf(error);
      const retryAt = isPermanentFailure(error) || attempt >= retry.maxAttempts ? null : now() + retryDelayMs(attempt, retry);
      await markAttemptFailed(db, id, name, text, retryAt, now());
      if (retryAt === null) log.error(`Mail ${id} to ${message.to} failed after ${attempt} attempt(s): ${text}`);
      else
        log.warn(
          `Mail ${id} to ${message.to} not sent (attempt ${attempt}): ${text}; trying again in ${Math.round((retryAt - now()) / 1000)} s`,
        );
      return;
    } finally {
      clearInterval(keep);
    }
    // Sent: recording it must not be lost to a passing database error, or the lease would run
    // out and another sender send it again.
    for (let tries = 1; ; tries++) {
      try {
        await markSent(db, id, name, now());
        return;
      } catch (error) {
        if (tries >= 5) {
          log.error(`Mail ${id} to ${message.to} was sent but could not be recorded as sent: ${messageOf(error)}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 200 * tries));
      }
    }
  }

  async function sendDue(): Promise<void> {
    if (now() - lastSweep >= sweepMs) await sweep();
    while (!stopped) {
      const batch = await claimMail(db, name, batchSize, leaseMs, now());
      if (batch.length === 0) return;
      let next = 0;
      try {
        while (next < batch.length && !stopped) await deliver(batch[next++]!);
      } finally {
        // Stopping, or the database failed mid-batch: the messages not yet tried wait for any sender.
        const untried = batch.slice(next).map((held) => held.id);
        if (untried.length > 0) await releaseMail(db, untried, name).catch(() => undefined);
      }
    }
  }

  function pass(): Promise<void> {
    running ??= sendDue()
      .catch((error: unknown) => log.warn(`The mail sender could not look at the outbox: ${messageOf(error)}`))
      .finally(() => (running = null));
    return running;
  }

  const poll = setInterval(() => void pass(), pollMs);
  poll.unref();
  void pass();

  return {
    async drain() {
      // A pass already under way may have looked before the caller's message was written.
      await running;
      await pass();
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      await running;
    },
  };
}
