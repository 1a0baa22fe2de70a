/**
 * A toast an action asks the page to show: success, error, info or warning. Actions return it as data;
 * the page shows it with sonner once it arrives, so the words stay on the server beside the
 * rule that produced them.
 */
export type ToastKind = "success" | "error" | "info" | "warning";

export interface ResultToast {
  kind: ToastKind;
  title: string;
  description?: string;
}
