import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useBlocker, useFetcher } from "react-router";
import { comparable, formWithoutControls, VERSION_FIELD, type EditConflict } from "~/lib/admin/edit-conflict";
import { formValues } from "~/lib/forms/parse-form";

/** Quiet time after the last keystroke before a draft saves itself. */
const AUTOSAVE_AFTER_MS = 1500;

/** The form's text as one string: what "unsaved" compares (files, the button's intent and the version left out). */
function snapshotOf(form: HTMLFormElement | null): string {
  if (!form) return "";
  const entries: [string, string][] = [];
  for (const [name, value] of new FormData(form)) {
    if (name === "intent" || name === VERSION_FIELD || typeof value !== "string") continue;
    entries.push([name, value]);
  }
  return JSON.stringify(entries);
}

/**
 * A draft saves itself a moment after typing stops, and once more when the tab is hidden or closed
 * (sendBeacon survives the tab's end); a live article never does (it changes when Save is
 * pressed). Leaving with changes not yet saved asks first: a link inside the site through the
 * router's blocker, a reload or a closed tab through the browser's own prompt.
 */
export function useArticleAutosave(
  formRef: React.RefObject<HTMLFormElement | null>,
  { enabled, action }: { enabled: boolean; action: string },
) {
  const fetcher = useFetcher<{ autosavedAt?: number; version?: number; conflict?: EditConflict; toast?: { description?: string } }>();
  // The version the last autosave left: the form's next save names it, not the one the page loaded.
  const [version, setVersion] = useState<number | null>(null);
  useEffect(() => {
    if (fetcher.data?.version !== undefined) setVersion(fetcher.data.version);
  }, [fetcher.data]);
  // Someone saved the article first: the conflict shows the form as it is now (what was typed
  // while the autosave was on its way included), and a choice sends it as a plain Save.
  const conflict = useMemo((): EditConflict | null => {
    const refused = fetcher.data?.conflict;
    if (!refused) return null;
    const live = formRef.current ? formValues(new FormData(formRef.current)) : refused.values;
    return {
      ...refused,
      intent: "save",
      values: formWithoutControls(live),
      fields: refused.fields.map((field) => ({ ...field, mine: comparable(live[field.name]) })),
    };
  }, [fetcher.data, formRef]);
  const saved = useRef<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const submitting = useRef(false);

  useEffect(() => {
    saved.current = snapshotOf(formRef.current);
  }, [formRef]);

  const autosave = useCallback(() => {
    const form = formRef.current;
    if (!form || !enabled || conflict) return;
    const snapshot = snapshotOf(form);
    if (snapshot === saved.current) return;
    const data = new FormData(form);
    data.set("intent", "autosave");
    fetcher.submit(data, { method: "post", action });
    saved.current = snapshot;
  }, [action, enabled, conflict, fetcher, formRef]);

  // An autosave that was refused leaves the form unsaved.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && fetcher.data.autosavedAt === undefined) saved.current = null;
    if (fetcher.state === "idle") setDirty(snapshotOf(formRef.current) !== saved.current);
  }, [fetcher.state, fetcher.data, formRef]);

  const onChange = useCallback(() => {
    setDirty(snapshotOf(formRef.current) !== saved.current);
    clearTimeout(timer.current);
    if (enabled) timer.current = setTimeout(autosave, AUTOSAVE_AFTER_MS);
  }, [autosave, enabled, formRef]);

  useEffect(() => {
    const hidden = () => {
      const form = formRef.current;
      if (!enabled || !form || document.visibilityState !== "hidden" || snapshotOf(form) === saved.current) return;
      const data = new FormData(form);
      data.set("intent", "autosave");
      if (navigator.sendBeacon(action, data)) saved.current = snapshotOf(form);
    };
    const beforeUnload = (event: BeforeUnloadEvent) => {
      // No form: a conflict has taken its place, and holds all that was typed.
      if (!submitting.current && formRef.current && snapshotOf(formRef.current) !== saved.current) event.preventDefault();
    };
    document.addEventListener("visibilitychange", hidden);
    window.addEventListener("beforeunload", beforeUnload);
    return () => {
      document.removeEventListener("visibilitychange", hidden);
      window.removeEventListener("beforeunload", beforeUnload);
      clearTimeout(timer.current);
    };
  }, [action, enabled, formRef]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !submitting.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      formRef.current !== null &&
      snapshotOf(formRef.current) !== saved.current,
  );

  return {
    dirty,
    onChange,
    /** The form is being sent by one of its buttons: not a leave. */
    onSubmit: () => {
      submitting.current = true;
      clearTimeout(timer.current);
      setTimeout(() => (submitting.current = false), 5000);
    },
    autosaving: fetcher.state !== "idle",
    autosavedAt: fetcher.data?.autosavedAt ?? null,
    autosaveError: fetcher.data && fetcher.data.autosavedAt === undefined ? (fetcher.data.toast?.description ?? "Not saved.") : null,
    /** The article's version after this page's last autosave, or null before any. */
    version,
    /** An autosave refused because someone saved first, with the form as it is now. */
    conflict,
    blocker,
  };
}
