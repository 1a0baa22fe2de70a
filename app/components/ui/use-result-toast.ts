import { useEffect } from "react";
import { toast } from "~/components/ui/toast";
import type { ResultToast } from "~/lib/forms/result-toast";

export function showToast(result: ResultToast): void {
  const options = result.description ? { description: result.description } : undefined;
  if (result.kind === "success") toast.success(result.title, options);
  else if (result.kind === "error") toast.error(result.title, options);
  else if (result.kind === "warning") toast.warning(result.title, options);
  else toast.info(result.title, options);
}

/**
 * Shows an action's toast once per result: a new submission gives a new object, a re-render
 * with the same one shows nothing.
 */
export function useResultToast(result: { toast?: ResultToast | null } | null | undefined): void {
  useEffect(() => {
    if (result?.toast) showToast(result.toast);
  }, [result]);
}
