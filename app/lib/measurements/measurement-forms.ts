import { formFailure, valueText, type FieldErrors, type FormFailure, type FormValues } from "../forms/parse-form";
import {
  MAX_WEIGHT,
  readMeasuredOn,
  readMeasuredValue,
  readMethodVersion,
  SLUG_PATTERN,
  slugFromName,
  USAGES,
  type Better,
  type MeasurementDefinition,
  type MeasurementValue,
  type UsageKey,
} from "./measurements";

/**
 * The two measurement forms' rules: a definition (/admin/measurements) and a product's values
 * (the review screen). Pure, so the server checks what the browser sent and the tests use the
 * same numbers.
 */

/** The fields of a definition the owner edits. */
export interface DefinitionFields {
  slug: string;
  name: string;
  unit: string;
  better: Better;
  method: string;
  methodVersion: number;
  weights: Record<UsageKey, number>;
}

export const weightField = (usage: UsageKey) => `weight_${usage}`;

/** The definition form's fields with the labels it shows (for a save conflict). */
export const DEFINITION_FIELD_LABELS: readonly (readonly [string, string])[] = [
  ["name", "Name"],
  ["slug", "Slug"],
  ["unit", "Unit"],
  ["better", "Better is"],
  ["method", "How it is measured"],
  ["methodVersion", "Method version"],
  ...USAGES.map(({ key, label }) => [weightField(key), `Weight: ${label}`] as const),
];

const trimmed = (values: FormValues, name: string) => valueText(values, name).trim();

export function readDefinitionForm(values: FormValues): { ok: true; value: DefinitionFields } | FormFailure {
  const errors: FieldErrors = {};
  const name = trimmed(values, "name");
  if (name === "") errors.name = "Give the measurement a name, e.g. Heat-up time to 80 °C.";
  else if (name.length > 80) errors.name = "Keep the name to 80 characters.";
  const slug = trimmed(values, "slug").toLowerCase() || slugFromName(name);
  if (!errors.name && !SLUG_PATTERN.test(slug)) {
    errors.slug = "Use lower-case letters, digits and single hyphens, or leave it empty to make one from the name.";
  } else if (slug.length > 60) errors.slug = "Keep the slug to 60 characters.";
  const unit = trimmed(values, "unit");
  if (unit === "") errors.unit = "Give the unit the value is in, e.g. min, °C, kWh or dB.";
  else if (unit.length > 16) errors.unit = "Keep the unit to 16 characters.";
  const better = trimmed(values, "better");
  if (better !== "higher" && better !== "lower") errors.better = "Choose whether a higher or a lower value is better.";
  const method = trimmed(values, "method");
  if (method === "") errors.method = "Say how it is measured, so readers can judge the number.";
  else if (method.length > 2000) errors.method = "Keep the method to 2,000 characters.";
  const version = readMethodVersion(trimmed(values, "methodVersion") || "1");
  if (version.problem) errors.methodVersion = "Give the method's version as a whole number from 1.";
  const weights = {} as Record<UsageKey, number>;
  for (const { key, label } of USAGES) {
    const text = trimmed(values, weightField(key)) || "0";
    const weight = Number(text);
    if (!/^\d{1,2}$/.test(text) || weight > MAX_WEIGHT)
      errors[weightField(key)] = `Give ${label.toLowerCase()} a weight from 0 to ${MAX_WEIGHT}.`;
    weights[key] = weight;
  }
  if (Object.keys(errors).length > 0) return formFailure(values, errors);
  return { ok: true, value: { name, slug, unit, better: better as Better, method, methodVersion: version.value!, weights } };
}

/** A saved definition as its form's values. */
export function definitionFormValues(definition: MeasurementDefinition): FormValues {
  return {
    name: definition.name,
    slug: definition.slug,
    unit: definition.unit,
    better: definition.better,
    method: definition.method,
    methodVersion: String(definition.methodVersion),
    ...Object.fromEntries(USAGES.map(({ key }) => [weightField(key), String(definition.weights[key])])),
  };
}

/** The review screen's fields for one measurement. */
export function valueFields(measurementId: number) {
  return { value: `m${measurementId}_value`, measuredOn: `m${measurementId}_on`, methodVersion: `m${measurementId}_method` };
}

/** The values form's fields with the labels it shows (for a save conflict). */
export function valueFieldLabels(definitions: readonly Pick<MeasurementDefinition, "id" | "name">[]): [string, string][] {
  return definitions.flatMap((definition) => {
    const fields = valueFields(definition.id);
    return [
      [fields.value, definition.name],
      [fields.measuredOn, `${definition.name}: date measured`],
      [fields.methodVersion, `${definition.name}: method version`],
    ] as [string, string][];
  });
}

/** A product's stored values as the form's values (an unmeasured one empty, at the method now). */
export function valuesFormValues(
  definitions: readonly Pick<MeasurementDefinition, "id" | "methodVersion">[],
  values: readonly Pick<MeasurementValue, "measurementId" | "value" | "measuredOn" | "methodVersion">[],
): FormValues {
  const byId = new Map(values.map((value) => [value.measurementId, value]));
  const form: FormValues = {};
  for (const definition of definitions) {
    const fields = valueFields(definition.id);
    const value = byId.get(definition.id);
    form[fields.value] = value ? String(value.value) : "";
    form[fields.measuredOn] = value?.measuredOn ?? "";
    form[fields.methodVersion] = String(value?.methodVersion ?? definition.methodVersion);
  }
  return form;
}

export interface ValueEntry {
  measurementId: number;
  /** Null: the product has no value of it (a stored one is removed). */
  value: number | null;
  measuredOn: string | null;
  methodVersion: number;
}

/**
 * The values form: an empty value removes the product's value; a value needs the day it was
 * measured (not after today) and is taken under the method version now unless an older one is
 * given (entering results of an earlier test).
 */
export function readValuesForm(
  values: FormValues,
  definitions: readonly Pick<MeasurementDefinition, "id" | "name" | "methodVersion">[],
  today: string,
): { ok: true; entries: ValueEntry[] } | FormFailure {
  const errors: FieldErrors = {};
  const entries: ValueEntry[] = [];
  for (const definition of definitions) {
    const fields = valueFields(definition.id);
    const value = readMeasuredValue(valueText(values, fields.value));
    if (value.problem) {
      errors[fields.value] = `The value ${value.problem}.`;
      continue;
    }
    if (value.value === null) {
      entries.push({ measurementId: definition.id, value: null, measuredOn: null, methodVersion: definition.methodVersion });
      continue;
    }
    const day = readMeasuredOn(valueText(values, fields.measuredOn));
    if (day.problem) errors[fields.measuredOn] = `The date ${day.problem}.`;
    else if (day.value === null) errors[fields.measuredOn] = "Give the day it was measured.";
    else if (day.value > today) errors[fields.measuredOn] = "The date is after today.";
    const version = readMethodVersion(valueText(values, fields.methodVersion));
    const methodVersion = version.value ?? definition.methodVersion;
    if (version.problem) errors[fields.methodVersion] = "Give the method version as a whole number from 1.";
    else if (methodVersion > definition.methodVersion) {
      errors[fields.methodVersion] = `The method is at version ${definition.methodVersion}: a value cannot be taken under a later one.`;
    }
    entries.push({ measurementId: definition.id, value: value.value, measuredOn: day.value, methodVersion });
  }
  if (Object.keys(errors).length > 0) return formFailure(values, errors, "Check the highlighted measurements.");
  return { ok: true, entries };
}
