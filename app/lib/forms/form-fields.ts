import { z } from "zod";

/**
 * Schema pieces for what an HTML form sends: every value is text, an unchecked checkbox and an
 * untouched optional field send nothing, and a field left empty sends "". Server side (zod is
 * not meant for public pages' scripts); a form that needs a limit imports the constant the
 * schema was built from.
 */

/** Text, trimmed; absent is "". `required` gives the message for an empty value. */
export function text(options: { required?: string; max?: number; tooLong?: string } = {}) {
  let schema = z.string().trim();
  if (options.max !== undefined) schema = schema.max(options.max, options.tooLong ?? `Use at most ${options.max} characters.`);
  if (options.required) schema = schema.min(1, options.required);
  return z.preprocess((value) => (value === undefined || value === null ? "" : value), schema);
}

/** A checkbox: checked sends its value ("on" unless set), unchecked sends nothing. */
export function checkbox() {
  return z.preprocess((value) => value !== undefined && value !== null && value !== "", z.boolean());
}

/** Every value sent under a repeated name (checkbox group, multi-select), as a list of texts. */
export function textList() {
  return z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.string()));
}
