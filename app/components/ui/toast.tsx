import { Suspense, useEffect, useState } from "react";
import type { ExternalToast, ToasterProps } from "sonner";
import { lazyOptional } from "./lazy-optional";

/**
 * Toasts without sonner in the page's first bundle. Most visits never show one, so the library
 * (and its styles, which it injects itself) loads on the first toast; the call waits until the
 * toaster has mounted, because sonner drops toasts raised before its <Toaster> subscribes.
 */

type Kind = "message" | "success" | "error" | "warning" | "info";

let requestToaster: (() => void) | null = null;
let toasterWanted = false;
let markMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function show(kind: Kind, title: string, options?: ExternalToast) {
  toasterWanted = true;
  requestToaster?.();
  void Promise.all([import("sonner"), toasterMounted]).then(
    ([{ toast: sonnerToast }]) => {
      if (kind === "message") sonnerToast(title, options);
      else sonnerToast[kind](title, options);
    },
    // sonner could not be fetched: the toast area renders nothing, and so does this toast.
    () => {},
  );
}

export const toast = Object.assign((title: string, options?: ExternalToast) => show("message", title, options), {
  success: (title: string, options?: ExternalToast) => show("success", title, options),
  error: (title: string, options?: ExternalToast) => show("error", title, options),
  warning: (title: string, options?: ExternalToast) => show("warning", title, options),
  info: (title: string, options?: ExternalToast) => show("info", title, options),
});

const SonnerToaster = lazyOptional(() => import("sonner").then((module) => module.Toaster));

/** The toast area, rendered (and sonner fetched) only once a toast has been asked for. */
export function LazyToaster(props: ToasterProps) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    requestToaster = () => setWanted(true);
    if (toasterWanted) setWanted(true);
    return () => {
      requestToaster = null;
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
      <ToasterMounted />
    </Suspense>
  );
}

/** Sonner subscribes in an effect of its own; this sibling's effect runs after it. */
function ToasterMounted() {
  useEffect(() => markMounted(), []);
  return null;
}
