import { createHmac } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { FLOOD_SOLUTION_FIELD, type FloodChallenge, type FloodForm } from "~/lib/forms/flood-challenge";
import type { DB } from "../db/connection.server";
import { AttemptLimiter, type LimitCheck, type LimitRule } from "../auth/rate-limit.server";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/**
 * Floods slow the flood, not everyone (docs/decisions/0054). The forms that send mail (sign-up
 * and resend, password reset, newsletter) have per-client and per-address limits only. When the
 * site-wide rate of one of them passes FLOOD_THRESHOLDS, the form is in flood mode: a post
 * without a solved proof-of-work challenge is answered with a challenge instead of being served.
 * The page's script solves it (about a second of the visitor's processor) and posts again; a
 * script posting from many addresses pays that second for every post.
 *
 * - Challenges are ALTCHA's (altcha-lib, self-hosted, no third party): PBKDF2/SHA-256, signed
 *   with HMAC keys derived from AUTH_SECRET, naming the form they are for, valid for
 *   CHALLENGE_MINUTES.
 * - Each solution is accepted once: its challenge's signature is stored (table used_challenges)
 *   until the challenge expires, so a second instance refuses a replay too.
 * - The site-wide rate is counted in auth_attempt (key flood:<form>), like the other limits, and
 *   only for posts from clients within their own limit: one client refused by its per-client
 *   limit cannot switch flood mode on for everyone.
 */

/** Posts per form in the window, from every client together, above which a challenge is asked for. */
export const FLOOD_THRESHOLDS = {
  "sign-up": { max: 10, windowMs: 10 * 60_000 },
  reset: { max: 10, windowMs: 10 * 60_000 },
  newsletter: { max: 30, windowMs: 10 * 60_000 },
  "price-alert": { max: 30, windowMs: 10 * 60_000 },
} as const satisfies Record<FloodForm, LimitRule>;

export const CHALLENGE_MINUTES = 5;
/** PBKDF2 rounds per try, and the largest counter: about 2,500 tries (a second in a browser) on average. */
const CHALLENGE_COST = 500;
const CHALLENGE_MAX_COUNTER = 5_000;
const ALGORITHM = "PBKDF2/SHA-256";

export const floodKey = (form: FloodForm) => `flood:${form}`;

export type FloodGate = { admitted: true } | { admitted: false; challenge: FloodChallenge };

export interface FloodGateInput {
  db: DB;
  authSecret: string;
  form: FloodForm;
  /** The posted form, for its solution field. */
  body: FormData;
  /**
   * The client's own limits (checked, not counted): a client already over them is let through to
   * be refused by them, and its posts do not count towards the flood.
   */
  clientChecks: readonly LimitCheck[];
  now?: () => number;
}

function derivedKey(authSecret: string, purpose: string): string {
  // Keys of their own: a challenge signature can never pass for any other signature of the site.
  return createHmac("sha256", authSecret).update(purpose).digest("hex");
}

const signatureKey = (authSecret: string) => derivedKey(authSecret, "flood-challenge-signature-v1");
const keySignatureKey = (authSecret: string) => derivedKey(authSecret, "flood-challenge-key-v1");

/**
 * Lets a post through (and counts it towards the flood), or answers it with a challenge when the
 * form is flooded and the post carries no valid, unused solution.
 */
export async function admitUnderFlood(input: FloodGateInput): Promise<FloodGate> {
  const now = input.now ?? Date.now;
  const limiter = new AttemptLimiter(input.db, now);
  if (input.clientChecks.length > 0 && (await limiter.check(input.clientChecks))) return { admitted: true };
  if (await isFlooded(input.db, input.form, now())) {
    const solved = await acceptSolution(input.db, input.authSecret, input.form, input.body.get(FLOOD_SOLUTION_FIELD), now());
    if (!solved) return { admitted: false, challenge: await newChallenge(input.authSecret, input.form, now()) };
  }
  await limiter.record([floodKey(input.form)]);
  return { admitted: true };
}

export async function isFlooded(db: DB, form: FloodForm, now = Date.now()): Promise<boolean> {
  const refused = await new AttemptLimiter(db, () => now).check([{ key: floodKey(form), rule: FLOOD_THRESHOLDS[form] }]);
  return refused !== null;
}

export async function newChallenge(authSecret: string, form: FloodForm, now = Date.now()): Promise<FloodChallenge> {
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: CHALLENGE_COST,
    counter: randomInt(CHALLENGE_MAX_COUNTER),
    deriveKey,
    data: { form },
    expiresAt: Math.floor(now / 1000) + CHALLENGE_MINUTES * 60,
    hmacSignatureSecret: signatureKey(authSecret),
    hmacKeySignatureSecret: keySignatureKey(authSecret),
  });
  return challenge as FloodChallenge;
}

/** The field's value for a solved challenge: what the page's script posts. */
export function encodeSolution(challenge: FloodChallenge, solution: Solution): string {
  return Buffer.from(JSON.stringify({ challenge, solution }), "utf8").toString("base64url");
}

function decodeSolution(value: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as { challenge?: Challenge; solution?: Solution };
    if (!parsed?.challenge?.parameters || typeof parsed.challenge.signature !== "string" || !parsed.solution) return null;
    return { challenge: parsed.challenge, solution: parsed.solution };
  } catch {
    return null;
  }
}

/** True for a genuine, unexpired solution of a challenge for this form, seen for the first time. */
export async function acceptSolution(db: DB, authSecret: string, form: FloodForm, value: unknown, now = Date.now()): Promise<boolean> {
  // A solution is a few hundred characters; anything far longer is not one.
  if (typeof value !== "string" || value === "" || value.length > 4_000) return false;
  const decoded = decodeSolution(value);
  if (!decoded || decoded.challenge.parameters.data?.form !== form) return false;
  const expiresAt = decoded.challenge.parameters.expiresAt;
  if (typeof expiresAt !== "number" || expiresAt * 1000 <= now) return false;
  let verified = false;
  try {
    ({ verified } = await verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      hmacSignatureSecret: signatureKey(authSecret),
      hmacKeySignatureSecret: keySignatureKey(authSecret),
    }));
  } catch {
    return false;
  }
  if (!verified) return false;
  await db.deleteFrom("used_challenges").where("expires_at", "<", now).execute();
  // A replayed solution finds its signature taken: the insert returns no row.
  const inserted = await db
    .insertInto("used_challenges")
    .values({ signature: decoded.challenge.signature!, expires_at: expiresAt * 1000 })
    .onConflict((conflict) => conflict.column("signature").doNothing())
    .returning("signature")
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * How an answer asking for a challenge goes out: 429 with Retry-After, which is also what a
 * reader without JavaScript must do (the page says to try again in a few minutes).
 */
export function challengeAnswerInit(): ResponseInit {
  return { status: 429, headers: { "Retry-After": String(2 * 60), "Cache-Control": CACHE_CONTROL.noStore } };
}
