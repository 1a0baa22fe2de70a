/**
 * The proof-of-work challenge some forms ask for while the site is flooded with sign-ups, reset
 * requests or newsletter subscriptions (docs/decisions/0054). The answer to such a post carries a
 * challenge; the page's script solves it (app/components/forms/flood-challenge.tsx) and posts the
 * form again with the solution in FLOOD_SOLUTION_FIELD. Types only here: the browser loads the
 * solver itself on demand.
 */

/** The form field that carries a solved challenge. */
export const FLOOD_SOLUTION_FIELD = "challenge-solution";

/** The forms a flood can make ask for a challenge; each counts its own flood. */
export type FloodForm = "sign-up" | "reset" | "newsletter" | "price-alert";

/** A signed challenge as the server hands it out (altcha-lib's Challenge, in plain JSON). */
export interface FloodChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    keySignature?: string;
    expiresAt?: number;
    data?: Record<string, string | number | boolean | null>;
  };
  signature?: string;
}

export const FLOOD_TEXT = {
  // The same words must serve a browser without JavaScript, which cannot solve the challenge.
  confirming:
    "One moment: your browser is confirming you are a person, then the form is sent by itself. (Without JavaScript this cannot happen: please try again in a few minutes.)",
  failed: "Your browser could not confirm you are a person just now. Please try again in a few minutes.",
};
