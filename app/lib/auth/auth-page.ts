/** What the sign-in page shows: which tab is open, and what the last submission answered. */

import type { FloodChallenge } from "../forms/flood-challenge";
import type { AuthToast } from "./auth-messages";

export type AuthTab = "sign-in" | "sign-up";

export const AUTH_TABS = ["sign-in", "sign-up"] as const satisfies readonly AuthTab[];

export interface AuthActionResult {
  toast?: AuthToast;
  /** Show the 'confirmation required' banner for this address. */
  confirmationFor?: string;
  tab: AuthTab;
  email: string;
  /** The site is flooded: the form of this intent must be sent again with this challenge solved. */
  challenge?: { intent: "sign-up" | "resend"; challenge: FloodChallenge };
}
