import type { z } from "zod";

/**
 * Reading a submitted form through a zod schema, with one answer shape for every form: either
 * the parsed value, or the field errors, a form-level error and the values as typed (so the
 * re-rendered form loses nothing). Pure and free of zod at run time (the schema brings its own
 * parser), so a form component may import it without adding zod to the page's script.
 */

/** What the user typed, by field name; a repeated name (checkbox group, multi-select) gives a list. */
export type FormValues = Record<string, string | string[]>;

/** One message per field, keyed by the field's name (nested paths joined with "."). */
export type FieldErrors<Name extends string = string> = Partial<Record<Name, string>>;

export interface FormFailure<Name extends string = string> {
  ok: false;
  fieldErrors: FieldErrors<Name>;
  /** A message about the whole form (no field to put it beside), or null. */
  formError: string | null;
  values: FormValues;
}

export type FormParse<T, Name extends string = string> = { ok: true; value: T } | FormFailure<Name>;

/**
 * FormData as a plain object for the schema: a name given once maps to its value, a repeated name
 * to the list of its values. Files stay File objects; an empty file input (no file chosen) is left out.
 */
export function formDataEntries(formData: FormData): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const entries: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const name of new Set(formData.keys())) {
    const all = formData.getAll(name).filter((entry) => typeof entry === "string" || entry.size > 0 || entry.name !== "");
    if (all.length === 0) continue;
    entries[name] = all.length === 1 ? all[0]! : all;
  }
  return entries;
}

/** The typed text of a form (files left out), to render it again. */
export function formValues(formData: FormData): FormValues {
  const values: FormValues = {};
  for (const name of new Set(formData.keys())) {
    const texts = formData.getAll(name).filter((entry): entry is string => typeof entry === "string");
    if (texts.length === 0) continue;
    values[name] = texts.length === 1 ? texts[0]! : texts;
  }
  return values;
}

export function parseForm<Schema extends z.ZodType>(
  formData: FormData,
  schema: Schema,
): FormParse<z.output<Schema>, Extract<keyof z.input<Schema>, string>> {
  const parsed = schema.safeParse(formDataEntries(formData));
  if (parsed.success) return { ok: true, value: parsed.data };
  const fieldErrors: Record<string, string> = {};
  let formError: string | null = null;
  for (const issue of parsed.error.issues) {
    const name = issue.path.map(String).join(".");
    if (name === "") formError ??= issue.message;
    // The first problem of a field is the one to fix first; the rest would only crowd it.
    else fieldErrors[name] ??= issue.message;
  }
  return { ok: false, fieldErrors, formError, values: formValues(formData) };
}

/**
 * The same failure shape for a problem found after the schema passed (a slug already taken,
 * a row the database refused), so the form shows it exactly like a validation error.
 */
export function formFailure<Name extends string = string>(
  values: FormValues,
  fieldErrors: FieldErrors<Name> = {},
  formError: string | null = null,
): FormFailure<Name> {
  return { ok: false, fieldErrors, formError, values };
}

/** One value as text, for an input's defaultValue (a list gives its first item). */
export function valueText(values: FormValues | undefined, name: string): string {
  const value = values?.[name];
  return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
}

/**
 * What a FormField takes from a form's last answer: the text typed (or `fallback`, the saved
 * value, when the form has not been sent) and the field's error.
 */
export function fieldProps(
  state: { values?: FormValues; fieldErrors?: FieldErrors } | null | undefined,
  name: string,
  fallback = "",
): { name: string; defaultValue: string; error: string | undefined } {
  return {
    name,
    defaultValue: state?.values && name in state.values ? valueText(state.values, name) : fallback,
    error: state?.fieldErrors?.[name],
  };
}
