import type { ResultToast } from "./result-toast";

/**
 * A message for the next page the browser shows, after a form's redirect (post/redirect/get):
 * set by the action, read once by the loader of the page it lands on, then cleared. Carried in a
 * signed cookie (server/forms/flash.server.ts), never in the address, so a reload or a shared
 * link does not repeat it.
 */
export interface Flash {
  /** Shown as a toast once the page arrives. */
  toast?: ResultToast;
  /** Shown as a green notice at the top of the page. */
  notice?: { title: string; text: string };
  /** Short notes about what was saved (warnings that did not stop the save): up to ten, as many as fit a cookie, the rest counted. */
  notes?: string[];
}
