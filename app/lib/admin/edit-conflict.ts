import type { FormValues } from "~/lib/forms/parse-form";

/**
 * A save refused because someone saved the same row after this form was loaded
 * (docs/decisions/0103-no-silent-overwrite.md): what differs between their save and this form,
 * field by field, and the form as sent, so the conflict page can send it again as chosen.
 * Pure, for the server that builds it and the page that shows it.
 */

/** The hidden field every edit form carries: the row's version it was loaded at. */
export const VERSION_FIELD = "version";
/** The conflict page's buttons: "mine" saves the form over the newer version, "merge" takes the fields picked as theirs. */
export const RESOLVE_FIELD = "resolve";
/** One radio group per differing field on the conflict page: `pick:title` = "theirs" or "mine". */
export const PICK_PREFIX = "pick:";

export interface ConflictField {
  name: string;
  label: string;
  theirs: string;
  mine: string;
}

export interface EditConflict {
  /** The row's version now: the conflict page's form sends it, so its save goes over this one. */
  version: number;
  /** The intent the refused form was sent with; the conflict page sends the same. */
  intent: string;
  fields: ConflictField[];
  /** The refused form's values (version, intent and choices left out). */
  values: FormValues;
  /** Where "Take theirs" goes: the page as it is saved now. */
  reloadTo: string;
  /** Which of the page's forms was refused, when it has several (e.g. "offer:12"). */
  scope?: string;
  /** Hidden fields the save checks besides the version, at their values now (the product form's primary offer's version). */
  controls?: Record<string, string>;
}

/** A form value as compared: lists one per line, Windows line ends and outer spaces dropped, missing = empty. */
export function comparable(value: string | string[] | undefined): string {
  const text = Array.isArray(value) ? value.join("\n") : (value ?? "");
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .trim();
}

/** The fields (in the form's order) where the saved row and the sent form differ. */
export function conflictFields(
  labels: readonly (readonly [name: string, label: string])[],
  theirs: FormValues,
  mine: FormValues,
): ConflictField[] {
  const fields: ConflictField[] = [];
  for (const [name, label] of labels) {
    const a = comparable(theirs[name]);
    const b = comparable(mine[name]);
    if (a !== b) fields.push({ name, label, theirs: a, mine: b });
  }
  return fields;
}

/** The sent form without the fields that steer a save (version, intent, the conflict page's choices, `controls`). */
export function formWithoutControls(values: FormValues, controls: Record<string, string> = {}): FormValues {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([name]) =>
        name !== VERSION_FIELD &&
        name !== "intent" &&
        name !== RESOLVE_FIELD &&
        !name.startsWith(PICK_PREFIX) &&
        !Object.hasOwn(controls, name),
    ),
  );
}

/** The version a form was loaded at, to render in its hidden field: a refused form's own, else the loaded row's. */
export function versionToSend(sent: FormValues | undefined, loaded: number): number {
  const own = sent?.[VERSION_FIELD];
  return typeof own === "string" && /^\d{1,15}$/.test(own) ? Number(own) : loaded;
}
