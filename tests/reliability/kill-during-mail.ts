import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { SMTPServer } from "smtp-server";
import { displayedPrices } from "../../app/server/alerts/price-alerts.server";
import { PRICE_ALERTS_JOB_NAME } from "../../app/server/alerts/price-alert-job.server";
import { openDatabase } from "../../app/server/db/connection.server";
import { DEFAULT_PRICES } from "../../app/server/offers/maintained-price.server";
import { createDatabase } from "../scale-out/cluster";
import { freePort, startSite, stopSite, type RunningSite } from "./production-server";

/**
 * Two instances of the site on one PostgreSQL database, thousands of price alerts due at once,
 * and kill -9 of the instance that is mailing them (its web process and its worker, as a power
 * cut would) while the batch is being sent. What a reader must get: every due alert mailed, at
 * most one of them twice (the one on the wire at the kill, under the same Message-ID), and the
 * other instance finishing the batch within a minute rather than at the next period.
 */

export interface MailKillResult {
  alerts: number;
  /** Price-alert mails written to the outbox (one per alert claimed). */
  queued: number;
  /** Distinct messages the SMTP server received, and how many arrived more than once. */
  delivered: number;
  duplicates: number;
  /** Mails the SMTP server had received when the instance was killed. */
  deliveredAtKill: number;
  /** Whether the killed instance was running the alert batch itself at that moment. */
  batchRunningAtKill: boolean;
  /** From the kill to the last mail received; null when it never came. */
  finishedAfterMs: number | null;
  ok: boolean;
  problems: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const FINISH_LIMIT_MS = 60_000;

export async function killDuringMail(options: {
  buildDir: string;
  adminUrl: string;
  alerts?: number;
  /**
   * "batch": while the alert batch is still claiming alerts and writing their mails (the survivor
   * must run the rest of it); "sending": once the batch is written and a quarter is sent.
   */
  killWhen: "batch" | "sending";
}): Promise<MailKillResult> {
  const total = options.alerts ?? 6_000;
  const problems: string[] = [];

  // The mail server: every message's Message-ID, and when the last one came.
  const received = new Map<string, number>();
  let lastReceivedAt = 0;
  const smtpPort = await freePort();
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const id = /^Message-ID: (.+)$/im.exec(Buffer.concat(chunks).toString("utf8"))?.[1]?.trim() ?? "";
        received.set(id, (received.get(id) ?? 0) + 1);
        lastReceivedAt = Date.now();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));

  const database = await createDatabase(options.adminUrl);
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), "sauna-mail-kill-")));
  const env = {
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    JOB_CHECK_SECONDS: "1",
    WORKER_NICE: "0",
    BASE_URL: "http://127.0.0.1",
  };
  const db = openDatabase({ dialect: "postgres", url: database.url });
  const instances: RunningSite[] = [];
  try {
    // One after the other: the first seeds the sample content, the second finds it there.
    for (const dataDir of dataDirs)
      instances.push(await startSite({ buildDir: options.buildDir, dataDir, databaseUrl: database.url, env, timeoutMs: 120_000 }));

    // Due alerts on every product that shows a price: one address each, so no daily cap holds one back.
    const products = (await db.selectFrom("products").select("id").execute()).map((row) => Number(row.id));
    const shown = await displayedPrices(db, products, DEFAULT_PRICES, new Date());
    const priced = [...shown].filter(([, price]) => price.kind === "price").map(([id]) => id);
    if (priced.length === 0) throw new Error("no sample product shows a price");
    const now = new Date().toISOString();
    for (let from = 0; from < total; from += 1_000) {
      await db
        .insertInto("price_alerts")
        .values(
          Array.from({ length: Math.min(1_000, total - from) }, (_, k) => ({
            email: `reader-${from + k}@example.com`,
            product_id: priced[(from + k) % priced.length]!,
            status: "confirmed" as const,
            // Any price shown is below this target: every alert is due.
            target_price_minor: 1_000_000_000,
            currency: DEFAULT_PRICES.currency,
            price_at_subscribe_minor: 1_000_000_000,
            confirmed_at: now,
          })),
        )
        .execute();
    }
    // Due now: the next look of either instance (every second) takes the batch.
    await sql`insert into job_runs (name, last_started_at) values (${PRICE_ALERTS_JOB_NAME}, 0)
              on conflict (name) do update set last_started_at = 0`.execute(db);

    // Kill the instance whose worker runs the batch, at the chosen moment.
    const deadline = Date.now() + 120_000;
    const latestBatch = () =>
      db.selectFrom("jobs").select(["worker", "state"]).where("kind", "=", PRICE_ALERTS_JOB_NAME).orderBy("id", "desc").executeTakeFirst();
    const written = async () =>
      Number(
        (
          await db
            .selectFrom("outbox")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (;;) {
      if (Date.now() > deadline)
        throw new Error(
          `the moment to kill (${options.killWhen}) did not come in 2 minutes: ${received.size} mails arrived, ` +
            `${await written()} written, the batch's run ${JSON.stringify(await latestBatch())}`,
        );
      if (
        options.killWhen === "sending"
          ? received.size >= Math.floor(total / 4)
          : (await latestBatch())?.state === "running" && (await written()) >= total / 10
      )
        break;
      await sleep(10);
    }
    const batch = await latestBatch();
    const holder = batch?.worker ?? null;
    const workerPids = instances.map((instance) => childPids(instance.process.pid!));
    const holderPid = holder ? Number(holder.split(":")[1]) : NaN;
    const victim = Math.max(
      0,
      workerPids.findIndex((pids) => pids.includes(holderPid)),
    );
    const batchRunningAtKill = batch?.state === "running" && workerPids[victim]!.includes(holderPid);
    const deliveredAtKill = received.size;
    const killedAt = Date.now();
    for (const pid of workerPids[victim]!) process.kill(pid, "SIGKILL");
    instances[victim]!.process.kill("SIGKILL");
    await instances[victim]!.exited;

    // The survivor: every alert claimed and its mail sent.
    const finishDeadline = killedAt + FINISH_LIMIT_MS * 2;
    const unsent = async () =>
      Number(
        (
          await db
            .selectFrom("outbox")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("state", "!=", "sent")
            .executeTakeFirstOrThrow()
        ).n,
      );
    const unclaimed = async () =>
      Number(
        (
          await db
            .selectFrom("price_alerts")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("last_sent_at", "is", null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    while ((await unclaimed()) > 0 || (await unsent()) > 0) {
      if (Date.now() > finishDeadline) break;
      await sleep(200);
    }
    const queued = Number(
      (
        await db
          .selectFrom("outbox")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const duplicates = [...received.values()].reduce((sum, times) => sum + times - 1, 0);
    const finishedAfterMs = (await unclaimed()) === 0 && (await unsent()) === 0 ? lastReceivedAt - killedAt : null;
    if (queued !== total) problems.push(`${queued} alert mails written for ${total} due alerts`);
    if (received.size !== queued) problems.push(`${received.size} distinct mails received for ${queued} written`);
    if (duplicates > 1) problems.push(`${duplicates} mails received twice (at most one may be)`);
    if (finishedAfterMs === null) problems.push(`the survivor had not finished ${FINISH_LIMIT_MS * 2} ms after the kill`);
    else if (finishedAfterMs > FINISH_LIMIT_MS)
      problems.push(`the survivor finished ${finishedAfterMs} ms after the kill (limit ${FINISH_LIMIT_MS})`);
    return {
      alerts: total,
      queued,
      delivered: received.size,
      duplicates,
      deliveredAtKill,
      batchRunningAtKill,
      finishedAfterMs,
      ok: problems.length === 0,
      problems,
    };
  } finally {
    await db.destroy();
    await Promise.all(instances.map((instance) => stopSite(instance).catch(() => undefined)));
    await new Promise((resolve) => smtp.close(() => resolve(null)));
    await database.drop().catch(() => undefined);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** The processes a site started (its worker), by their parent's pid. */
function childPids(parent: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(parent)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}
