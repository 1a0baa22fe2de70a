import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import { FLOOD_SOLUTION_FIELD, FLOOD_TEXT, type FloodChallenge } from "~/lib/forms/flood-challenge";

/**
 * Solves a flood challenge in this browser (Web Crypto's PBKDF2: no worker, no eval, nothing
 * fetched from anywhere) and sends the form again with the solution. Loaded only when a form has
 * been answered with a challenge, so no page carries this code until the site is flooded.
 */

const SOLVE_TIMEOUT_MS = 60_000;
/** Automatic resubmissions allowed per form per minute: a server that keeps asking is not asked forever. */
const MAX_RESUBMITS_PER_MINUTE = 3;
const resubmits = new WeakMap<HTMLFormElement, number[]>();

function base64url(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Null when the form was sent again; otherwise the words to show instead. */
export async function solveAndResubmit(form: HTMLFormElement, challenge: FloodChallenge): Promise<string | null> {
  const now = Date.now();
  const recent = (resubmits.get(form) ?? []).filter((at) => at > now - 60_000);
  if (recent.length >= MAX_RESUBMITS_PER_MINUTE) return FLOOD_TEXT.failed;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS }).catch(() => null);
  if (!solution || !form.isConnected) return FLOOD_TEXT.failed;
  resubmits.set(form, [...recent, Date.now()]);
  const field = document.createElement("input");
  field.type = "hidden";
  field.name = FLOOD_SOLUTION_FIELD;
  field.value = base64url(JSON.stringify({ challenge, solution }));
  form.append(field);
  try {
    // The router reads the form's fields while the submit event is dispatched, so the field can
    // go straight after: a later submission must not carry a solution that is already used.
    form.requestSubmit();
  } finally {
    field.remove();
  }
  return null;
}
