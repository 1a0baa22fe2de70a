import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { deriveKey as browserDeriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import { describe, expect, it } from "vitest";
import { FLOOD_SOLUTION_FIELD, type FloodChallenge } from "~/lib/forms/flood-challenge";
import { testDatabaseForBlock } from "../../../tests/support/block-databases";
import { testDialects } from "../../../tests/support/test-databases";
import { AttemptLimiter } from "../auth/rate-limit.server";
import {
  acceptSolution,
  admitUnderFlood,
  encodeSolution,
  FLOOD_THRESHOLDS,
  floodKey,
  isFlooded,
  newChallenge,
} from "./flood-challenge.server";

const SECRET = "a test secret that is long enough to sign with";

async function solve(challenge: FloodChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  return encodeSolution(challenge, solution!);
}

function body(fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe.each(testDialects)("the flood challenge on %s", (dialect) => {
  const test = testDatabaseForBlock(dialect);

  it("lets posts through without a challenge until the site-wide rate passes the threshold", async () => {
    const rule = FLOOD_THRESHOLDS.reset;
    for (let i = 0; i < rule.max; i++) {
      expect(await admitUnderFlood({ db: test.db, authSecret: SECRET, form: "reset", body: body(), clientChecks: [] })).toEqual({
        admitted: true,
      });
    }
    expect(await isFlooded(test.db, "reset")).toBe(true);
    const gate = await admitUnderFlood({ db: test.db, authSecret: SECRET, form: "reset", body: body(), clientChecks: [] });
    expect(gate.admitted).toBe(false);
    // Each form counts its own flood: the two mailing lists' forms too.
    expect(await isFlooded(test.db, "newsletter")).toBe(false);
    expect(await isFlooded(test.db, "price-alert")).toBe(false);
    // And the flood passes with its window.
    expect(await isFlooded(test.db, "reset", Date.now() + rule.windowMs + 1)).toBe(false);
  });

  it("accepts a solved challenge once; refuses another form's, a tampered one, an expired one and garbage", async () => {
    const challenge = await newChallenge(SECRET, "reset");
    const solution = await solve(challenge);
    const gate = await admitUnderFlood({
      db: test.db,
      authSecret: SECRET,
      form: "reset",
      body: body({ [FLOOD_SOLUTION_FIELD]: solution }),
      clientChecks: [],
    });
    expect(gate).toEqual({ admitted: true });
    expect(await acceptSolution(test.db, SECRET, "reset", solution)).toBe(false);

    const forSignUp = await newChallenge(SECRET, "sign-up");
    expect(await acceptSolution(test.db, SECRET, "reset", await solve(forSignUp))).toBe(false);

    const other = await newChallenge(SECRET, "reset");
    const otherSolved = JSON.parse(Buffer.from(await solve(other), "base64url").toString()) as { solution: unknown };
    // A challenge made to last longer than it was signed for.
    const tampered = { ...other, parameters: { ...other.parameters, expiresAt: other.parameters.expiresAt! + 3_600 } };
    const tamperedValue = Buffer.from(JSON.stringify({ challenge: tampered, solution: otherSolved.solution })).toString("base64url");
    expect(await acceptSolution(test.db, SECRET, "reset", tamperedValue)).toBe(false);
    expect(await acceptSolution(test.db, "another site's secret, also long enough", "reset", await solve(other))).toBe(false);

    const old = await newChallenge(SECRET, "reset", Date.now() - 10 * 60_000);
    expect(await acceptSolution(test.db, SECRET, "reset", await solve(old))).toBe(false);

    for (const junk of ["", "not base64 json", "e30", "x".repeat(5_000), null]) {
      expect(await acceptSolution(test.db, SECRET, "reset", junk)).toBe(false);
    }
  });

  it("accepts what the browser's solver (Web Crypto) finds", async () => {
    const challenge = await newChallenge(SECRET, "newsletter");
    const solution = await solveChallenge({ challenge: challenge as never, deriveKey: browserDeriveKey });
    expect(await acceptSolution(test.db, SECRET, "newsletter", encodeSolution(challenge, solution!))).toBe(true);
  });

  it("does not count a client already over its own limit, so one client cannot switch flood mode on", async () => {
    const limiter = new AttemptLimiter(test.db);
    const own = { key: "sign-up-client:203.0.113.5", rule: { max: 1, windowMs: 60_000 } };
    await limiter.record([own.key]);
    for (let i = 0; i < 50; i++) {
      expect(
        (await admitUnderFlood({ db: test.db, authSecret: SECRET, form: "sign-up", body: body(), clientChecks: [own] })).admitted,
      ).toBe(true);
    }
    const counted = await test.db.selectFrom("auth_attempt").select("key").where("key", "=", floodKey("sign-up")).execute();
    expect(counted).toHaveLength(0);
    expect(await isFlooded(test.db, "sign-up")).toBe(false);
  });
});
