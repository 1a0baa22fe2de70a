/** What following a confirmation link did; /auth/callback says it in words. */
export type ConfirmOutcome =
  | { status: "confirmed"; email: string }
  | { status: "already-confirmed"; email: string }
  | { status: "expired"; email: string | null }
  | { status: "invalid" };
