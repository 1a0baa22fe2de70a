/** A mail list's words for its unsubscribe page: the question, the button, and the two outcomes. */
export interface UnsubscribeTexts {
  ask: { title: string; body: string };
  button: string;
  done: { title: string; body: string };
  invalid: { title: string; body: string };
}

/** What the unsubscribe page shows: the question (GET), or what a POST did. */
export type UnsubscribeView = { state: "ask"; body?: string } | { state: "done" } | { state: "invalid" };
