import type { FloodChallenge } from "../forms/flood-challenge";

/**
 * The answer to a mail list's sign-up form, for every list. An accepted sign-up gets the same
 * thanks whether the address is new, waiting for confirmation or already on the list, so the form
 * tells no one who is subscribed. A refusal names the field at fault ("limit": too many tries)
 * and echoes what was typed (`Typed`), so nothing has to be typed again.
 */
export type OptInResult<Field extends string, Typed> =
  | { ok: true; message: string }
  | ({ ok: false; field: Field | "limit"; message: string } & Typed)
  /** The site is flooded with sign-ups: the form must be sent again with this challenge solved. */
  | ({ ok: false; field: "challenge"; message: string; challenge: FloodChallenge } & Typed);

/** The words every list's form needs beyond its own fields' errors. */
export interface OptInMessages {
  thanks: string;
  limited: string;
  failed: string;
  /** Shown while the browser solves a flood challenge. */
  confirming: string;
}
