import { requestContext } from "~/server/load-context";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { describe, expect, it } from "vitest";
import { TOO_MANY_ATTEMPTS } from "~/lib/auth/auth-messages";
import { FLOOD_SOLUTION_FIELD, FLOOD_TEXT, type FloodChallenge } from "~/lib/forms/flood-challenge";
import type { SubscribeResult } from "~/lib/newsletter/newsletter";
import * as apiAuth from "~/routes/api-auth";
import * as authPage from "~/routes/auth";
import * as authForgot from "~/routes/auth-forgot";
import * as authReset from "~/routes/auth-reset";
import * as newsletter from "~/routes/newsletter/subscribe";
import { SAME_SITE, signedInAs, TEST_BASE_URL, type AuthTestContext } from "../../../tests/support/auth-fixtures";
import { testContextForBlock } from "../../../tests/support/block-databases";
import { testDialects } from "../../../tests/support/test-databases";
import { MAIL_PER_RECIPIENT_PER_DAY } from "../mail/recipient-cap.server";
import { encodeSolution, FLOOD_THRESHOLDS } from "./flood-challenge.server";

/**
 * The three floods of the forms that send mail, replayed through the routes with many client
 * addresses: each time a fresh visitor is still served (with a solved challenge while the site is
 * flooded), and no address gets more than its daily share of mail.
 */

type Answer = { status: number; location?: string | null; headers?: Headers; body?: Record<string, unknown> };

async function run(fn: () => unknown): Promise<Answer> {
  let value: unknown;
  try {
    value = await fn();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location"), headers: value.headers };
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const withInit = value as { init: ResponseInit | null; data: Record<string, unknown> };
    return { status: withInit.init?.status ?? 200, body: withInit.data, headers: new Headers(withInit.init?.headers) };
  }
  return { status: 200, body: value as Record<string, unknown> };
}

function post(pathname: string, fields: Record<string, string>): Request {
  return new Request(`${TEST_BASE_URL}${pathname}`, { method: "POST", body: new URLSearchParams(fields), headers: SAME_SITE });
}

async function solved(challenge: FloodChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  if (!solution) throw new Error("challenge not solved");
  return encodeSolution(challenge, solution);
}

const client = (n: number) => `198.51.100.${n}`;

async function resetLinkFor(ctx: AuthTestContext, email: string): Promise<string> {
  const mail = (await ctx.mails()).reverse().find((message) => message.to === email && message.subject.startsWith("Reset"));
  const link = mail?.text.match(/https?:\/\/\S+\/auth\/reset\?token=\S+/)?.[0];
  if (!link) throw new Error(`no reset mail to ${email}`);
  return link;
}

describe.each(testDialects)("floods slow the flood, not everyone, on %s", (dialect) => {
  const { ctx } = testContextForBlock(dialect);
  const call = (module: { action: unknown }, request: Request, from: string) =>
    run(() =>
      (module.action as (args: unknown) => unknown)({
        request,
        context: requestContext({ ...ctx.context, clientAddress: from }),
        params: {},
      }),
    );

  it("accepts a genuine reset link after 27 bogus ones from 9 addresses (more than the old shared ceiling of 10)", async () => {
    await signedInAs(ctx.auth, "owner@example.com", { admin: true });
    for (let n = 1; n <= 9; n++) {
      for (let i = 0; i < 3; i++) {
        const bogus = await call(
          authReset,
          post("/auth/reset", {
            token: `bogus${n}x${i}abcdefghijklmno`,
            password: "an attacker password",
            confirm: "an attacker password",
          }),
          client(n),
        );
        expect(bogus.status).toBe(400);
      }
    }
    const asked = await call(authForgot, post("/auth/forgot", { email: "owner@example.com" }), client(50));
    expect(asked.status).toBe(200);
    const token = new URL(await resetLinkFor(ctx, "owner@example.com")).searchParams.get("token")!;
    const reset = await call(
      authReset,
      post("/auth/reset", { token, password: "the owner's new password", confirm: "the owner's new password" }),
      client(51),
    );
    expect(reset.status).toBe(302);
    expect(reset.location).toBe("/auth");
  });

  it("limits reset-link tries per client: the 11th from one client is refused while another client's genuine link works", async () => {
    await signedInAs(ctx.auth, "second@example.com", { admin: false });
    const guess = (i: number) =>
      call(
        authReset,
        post("/auth/reset", { token: `guess${i}abcdefghijklmnopqr`, password: "a guessing password", confirm: "a guessing password" }),
        client(60),
      );
    for (let i = 0; i < 10; i++) expect((await guess(i)).body?.fieldErrors).toMatchObject({ token: expect.stringMatching(/expired/) });
    expect((await guess(10)).body?.formError).toBe(TOO_MANY_ATTEMPTS);

    await call(authForgot, post("/auth/forgot", { email: "second@example.com" }), client(61));
    const token = new URL(await resetLinkFor(ctx, "second@example.com")).searchParams.get("token")!;
    // The library's own validity check is no oracle: it is not reachable at all.
    const probe = await run(() =>
      apiAuth.loader({
        request: new Request(`${TEST_BASE_URL}/api/auth/reset-password/${token}`),
        context: requestContext(ctx.context),
        params: {},
      } as never),
    );
    expect(probe.status).toBe(404);
    // Even the genuine token is refused from the client that was guessing...
    expect(
      (await call(authReset, post("/auth/reset", { token, password: "a new password!", confirm: "a new password!" }), client(60))).status,
    ).toBe(400);
    // ...and accepted from any other.
    expect(
      (await call(authReset, post("/auth/reset", { token, password: "a new password!", confirm: "a new password!" }), client(62))).status,
    ).toBe(302);
  });

  it("serves a fresh visitor after 35 sign-ups from 7 addresses (more than the old site-wide 30), with a solved challenge", async () => {
    const mailsBefore = (await ctx.mails()).length;
    const answers: number[] = [];
    for (let i = 0; i < 35; i++) {
      const signUp = await call(
        authPage,
        post("/auth", { intent: "sign-up", email: `stranger-${i}@example.com`, password: "a password of the flood" }),
        client(100 + (i % 7)),
      );
      answers.push(signUp.status);
    }
    // The first posts are served; once the site-wide rate passes the threshold, the rest are asked to prove work.
    expect(answers.filter((status) => status === 200)).toHaveLength(FLOOD_THRESHOLDS["sign-up"].max);
    expect(answers.filter((status) => status === 429)).toHaveLength(35 - FLOOD_THRESHOLDS["sign-up"].max);
    expect((await ctx.mails()).length - mailsBefore).toBe(FLOOD_THRESHOLDS["sign-up"].max);

    const fields = { intent: "sign-up", email: "fresh.visitor@example.com", password: "a genuine password" };
    const asked = await call(authPage, post("/auth", fields), client(200));
    expect(asked.status).toBe(429);
    expect(asked.headers?.get("retry-after")).toBe("120");
    const challenge = (asked.body?.challenge as { intent: string; challenge: FloodChallenge }).challenge;
    expect((asked.body?.challenge as { intent: string }).intent).toBe("sign-up");
    const solution = await solved(challenge);

    const served = await call(authPage, post("/auth", { ...fields, [FLOOD_SOLUTION_FIELD]: solution }), client(200));
    expect(served.status).toBe(200);
    expect(served.body?.toast).toMatchObject({ title: "Account created" });
    expect((await ctx.mails()).at(-1)?.to).toBe("fresh.visitor@example.com");

    // A solution is good for one post only, from anywhere.
    const replay = await call(
      authPage,
      post("/auth", {
        intent: "sign-up",
        email: "replayer@example.com",
        password: "a replayed password",
        [FLOOD_SOLUTION_FIELD]: solution,
      }),
      client(201),
    );
    expect(replay.status).toBe(429);
  });

  it("serves a fresh visitor after 200 newsletter sign-ups from 40 addresses (more than the old site-wide 200)", async () => {
    const mailsBefore = (await ctx.mails()).length;
    let served = 0;
    for (let i = 0; i < 200; i++) {
      const answer = await call(newsletter, post("/newsletter", { email: `list-${i}@example.com` }), client(i % 40));
      if (answer.status === 200) served++;
      else expect(answer.status).toBe(429);
    }
    expect(served).toBe(FLOOD_THRESHOLDS.newsletter.max);
    expect((await ctx.mails()).length - mailsBefore).toBe(FLOOD_THRESHOLDS.newsletter.max);

    const asked = await call(newsletter, post("/newsletter", { email: "reader@example.com" }), client(250));
    const body = asked.body as SubscribeResult;
    expect(asked.status).toBe(429);
    expect(body).toMatchObject({ ok: false, field: "challenge", message: FLOOD_TEXT.confirming, email: "reader@example.com" });
    const solution = await solved((body as { challenge: FloodChallenge }).challenge);
    const answer = await call(
      newsletter,
      post("/newsletter", { email: "reader@example.com", [FLOOD_SOLUTION_FIELD]: solution }),
      client(250),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true });
    expect((await ctx.mails()).at(-1)?.to).toBe("reader@example.com");
  });

  it("asks for a reset-request challenge under a flood, and a solved one is served", async () => {
    // The earlier tests asked for two links; these reach the threshold.
    for (let i = 0; i < FLOOD_THRESHOLDS.reset.max; i++) {
      await call(authForgot, post("/auth/forgot", { email: `nobody-${i}@example.com` }), client(150 + (i % 5)));
    }
    const asked = await call(authForgot, post("/auth/forgot", { email: "owner@example.com" }), client(160));
    expect(asked.status).toBe(429);
    const solution = await solved(asked.body?.challenge as FloodChallenge);
    const answer = await call(
      authForgot,
      post("/auth/forgot", { email: "owner@example.com", [FLOOD_SOLUTION_FIELD]: solution }),
      client(160),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true });
  });

  it("sends no address more than its daily share, account and newsletter mail together", async () => {
    const victim = "victim@example.com";
    type Form = [module: { action: unknown }, path: string, fields: Record<string, string>];
    // Every form that mails an address, each post from another client: a sign-up (its
    // confirmation), three reset requests, a newsletter sign-up and three resends: 8 mails asked
    // for. Challenges are solved where the site is still flooded from the tests above.
    const forms: Form[] = [
      [authPage, "/auth", { intent: "sign-up", email: victim, password: "the victim's password" }],
      ...Array.from({ length: 3 }, (): Form => [authForgot, "/auth/forgot", { email: victim }]),
      [newsletter, "/newsletter", { email: "VICTIM@example.com" }],
      ...Array.from({ length: 3 }, (): Form => [authPage, "/auth", { intent: "resend", email: victim }]),
    ];
    let n = 0;
    for (const [module, path, fields] of forms) {
      const from = client(20 + n++);
      let answer = await call(module, post(path, fields), from);
      if (answer.status === 429) {
        const offered = answer.body?.challenge as FloodChallenge | { challenge: FloodChallenge };
        const challenge = "parameters" in offered ? offered : offered.challenge;
        answer = await call(module, post(path, { ...fields, [FLOOD_SOLUTION_FIELD]: await solved(challenge) }), from);
      }
      // The visitor's answer never tells that a mail was dropped.
      expect(answer.status).toBe(200);
    }
    expect((await ctx.mails()).filter((mail) => mail.to.toLowerCase() === victim)).toHaveLength(MAIL_PER_RECIPIENT_PER_DAY);
  }, 60_000);
});
