import { requestContext } from "~/server/load-context";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS } from "~/lib/auth/auth-messages";
import * as authPage from "~/routes/auth";
import { makeAuthContext, SAME_SITE, signedInAs, TEST_BASE_URL, type AuthTestContext } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";

/**
 * The attack on the sign-in page, replayed through the /auth route as a browser and a script
 * would send it, on a simulated clock: an attacker retrying a wrong password the moment each wait
 * ends (every second), from one address or from a new address each time, while the owner signs
 * in every 10 seconds from the browser they signed in with before. Only the route's form and
 * cookies are used, so the same replay shows how the growing delays it replaces failed: the
 * owner's right password was refused again and again.
 */

const PASSWORD = "correct horse battery staple";
/** Some 700 requests and 80 (quick) password hashes a replay, on a shared machine. */
const REPLAY_TIMEOUT_MS = 180_000;

type Answer = { status: number; setCookies: string[]; description?: string };

/** What the /auth action answered: a redirect (signed in) or a toast. */
async function answerOf(run: () => Promise<unknown>): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, setCookies: value.headers.getSetCookie() };
  const withInit = value as { init?: ResponseInit | null; data?: { toast?: { description?: string } } };
  return { status: withInit.init?.status ?? 200, setCookies: [], description: withInit.data?.toast?.description };
}

/** A browser's cookies for the site: what Set-Cookie gave it, sent back on each request. */
class CookieJar {
  readonly #cookies = new Map<string, string>();
  take(setCookies: readonly string[]) {
    for (const line of setCookies) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (value === "" || expired) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }
  header(): Record<string, string> {
    const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    return cookie ? { cookie } : {};
  }
}

describe.each(testDialects)("the sign-in lockout replayed on %s", (dialect) => {
  let test: TestDatabase;
  let ctx: AuthTestContext;
  let now = Date.UTC(2026, 10, 25, 12, 0, 0);

  const signIn = (email: string, password: string, client: string, jar?: CookieJar) =>
    answerOf(() =>
      authPage.action({
        request: new Request(`${TEST_BASE_URL}/auth`, {
          method: "POST",
          body: new URLSearchParams({ intent: "sign-in", email, password }),
          headers: { ...SAME_SITE, ...jar?.header() },
        }),
        context: requestContext({ ...ctx.context, clientAddress: client }),
        params: {},
      } as never),
    ).then((answer) => {
      jar?.take(answer.setCookies);
      return answer;
    });

  /** The owner's browser, after one ordinary sign-in before any attack. */
  async function trustedBrowserOf(email: string): Promise<CookieJar> {
    await signedInAs(ctx.auth, email, { admin: true });
    const jar = new CookieJar();
    expect((await signIn(email, PASSWORD, "203.0.113.10", jar)).status).toBe(302);
    return jar;
  }

  /**
   * Eleven minutes of attack, a try every second; the owner's browser signs in every 10 s. Returns
   * how many of the owner's tries were refused and how many of the attacker's had their password
   * checked.
   */
  async function replay(email: string, owner: CookieJar, attackerAddress: (second: number) => string, seconds = 11 * 60) {
    let ownerRefusals = 0;
    let longestRefusalRun = 0;
    let run = 0;
    let attackerChecks = 0;
    for (let second = 0; second < seconds; second++) {
      now += 1_000;
      vi.setSystemTime(now);
      const attack = await signIn(email, `guess ${second}`, attackerAddress(second));
      if (attack.description === INVALID_CREDENTIALS) attackerChecks += 1;
      else expect(attack.description).toBe(TOO_MANY_ATTEMPTS);
      if (second % 10 !== 9) continue;
      const answer = await signIn(email, PASSWORD, "203.0.113.10", owner);
      if (answer.status === 302) {
        run = 0;
      } else {
        ownerRefusals += 1;
        longestRefusalRun = Math.max(longestRefusalRun, ++run);
      }
    }
    return { ownerRefusals, longestRefusalRun, attackerChecks };
  }

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    ctx = makeAuthContext(test);
    // Only Date: the database drivers' own timers keep running.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    now += 2 * 60 * 60_000;
    vi.setSystemTime(now);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await ctx?.close();
    await test?.drop();
  });

  it(
    "an attacker at one address, retrying the moment each wait ends, never keeps the owner out",
    async () => {
      const owner = await trustedBrowserOf("owner-one@example.com");
      const result = await replay("owner-one@example.com", owner, () => "198.51.100.66");
      expect(result).toMatchObject({ ownerRefusals: 0, longestRefusalRun: 0 });
      // Refused tries are charged: retrying without pause, the attacker never gets past the first five.
      expect(result.attackerChecks).toBe(5);
    },
    REPLAY_TIMEOUT_MS,
  );

  it(
    "an attacker with a new address for every try never keeps the owner out, and gets 10 guesses an hour",
    async () => {
      const owner = await trustedBrowserOf("owner-many@example.com");
      const result = await replay("owner-many@example.com", owner, (second) => `198.51.${100 + Math.floor(second / 250)}.${second % 250}`);
      expect(result).toMatchObject({ ownerRefusals: 0, longestRefusalRun: 0 });
      expect(result.attackerChecks).toBe(10);
      // The lockout holds for every untrusted client, the right password or not…
      const stranger = await signIn("owner-many@example.com", PASSWORD, "192.0.2.200");
      expect(stranger).toMatchObject({ status: 400, description: TOO_MANY_ATTEMPTS });
      // …until the failures are an hour old.
      now += 60 * 60_000;
      vi.setSystemTime(now);
      expect((await signIn("owner-many@example.com", PASSWORD, "192.0.2.200")).status).toBe(302);
    },
    REPLAY_TIMEOUT_MS,
  );

  it("a device cookie is trusted for its own account only, and only as its signature says", async () => {
    const owner = await trustedBrowserOf("owner-cookie@example.com");
    await signedInAs(ctx.auth, "someone-else@example.com", { admin: false });
    for (let guess = 0; guess < 10; guess++) {
      await signIn("someone-else@example.com", `guess ${guess}`, `198.51.100.${guess}`);
      await signIn("owner-cookie@example.com", `guess ${guess}`, `198.51.101.${guess}`);
    }
    // The owner's browser is trusted for the owner's account…
    expect((await signIn("owner-cookie@example.com", PASSWORD, "198.51.102.1", owner)).status).toBe(302);
    // …not for another account, whose untrusted clients are locked out.
    expect(await signIn("someone-else@example.com", PASSWORD, "198.51.102.1", owner)).toMatchObject({ description: TOO_MANY_ATTEMPTS });
    // A cookie changed by hand, or signed with another secret, is nobody's.
    const tampered = new CookieJar();
    const [name, value] = owner
      .header()
      .cookie!.split("; ")
      .find((pair) => pair.startsWith("device-"))!
      .split("=") as [string, string];
    const [payload, signature] = value.split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { t: number };
    const forged = Buffer.from(JSON.stringify({ ...claims, t: claims.t + 1 })).toString("base64url");
    tampered.take([`${name}=${forged}.${signature}`]);
    expect(await signIn("owner-cookie@example.com", PASSWORD, "198.51.102.2", tampered)).toMatchObject({
      description: TOO_MANY_ATTEMPTS,
    });
  });

  it("a copied device cookie that keeps failing becomes untrusted; the owner's browser does not", async () => {
    const owner = await trustedBrowserOf("owner-typos@example.com");
    const copied = new CookieJar();
    copied.take([
      owner
        .header()
        .cookie!.split("; ")
        .find((pair) => pair.startsWith("device-"))!,
    ]);
    // The owner signs in again: the browser gets a fresh cookie, with a count of its own.
    now += 1_000;
    vi.setSystemTime(now);
    expect((await signIn("owner-typos@example.com", PASSWORD, "203.0.113.10", owner)).status).toBe(302);
    // Whoever holds the copy gets 10 guesses with it (counted against it alone)…
    for (let guess = 0; guess < 10; guess++) {
      expect(await signIn("owner-typos@example.com", `guess ${guess}`, "198.51.100.9", copied)).toMatchObject({
        description: INVALID_CREDENTIALS,
      });
    }
    // …then it counts for nothing: an untrusted client, with an untrusted client's 5 tries.
    for (let guess = 0; guess < 5; guess++) {
      expect(await signIn("owner-typos@example.com", `more ${guess}`, "198.51.100.9", copied)).toMatchObject({
        description: INVALID_CREDENTIALS,
      });
    }
    expect(await signIn("owner-typos@example.com", `more`, "198.51.100.9", copied)).toMatchObject({ description: TOO_MANY_ATTEMPTS });
    // Five more failures elsewhere lock every untrusted client out; the owner's browser is not one.
    for (let guess = 0; guess < 5; guess++) await signIn("owner-typos@example.com", `elsewhere ${guess}`, `198.51.103.${guess}`);
    expect(await signIn("owner-typos@example.com", PASSWORD, "198.51.103.99")).toMatchObject({ description: TOO_MANY_ATTEMPTS });
    expect((await signIn("owner-typos@example.com", PASSWORD, "203.0.113.10", owner)).status).toBe(302);
  });

  it("sets the device cookie HttpOnly, SameSite=Lax, for a year, under a name that does not reveal the address", async () => {
    await signedInAs(ctx.auth, "owner-flags@example.com", { admin: false });
    const answer = await signIn("owner-flags@example.com", PASSWORD, "203.0.113.11");
    const device = answer.setCookies.find((line) => line.startsWith("device-"));
    expect(device).toMatch(/; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
    // The name does not reveal the address; the value names it only under the signature.
    expect(device).not.toContain("owner-flags");
  });
});
