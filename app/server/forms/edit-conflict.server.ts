import { sql } from "kysely";
import { data } from "react-router";
import {
  conflictFields,
  formWithoutControls,
  PICK_PREFIX,
  RESOLVE_FIELD,
  VERSION_FIELD,
  type EditConflict,
} from "~/lib/admin/edit-conflict";
import { formValues, type FormValues } from "~/lib/forms/parse-form";
import type { ResultToast } from "~/lib/forms/result-toast";
import type { DB } from "../db/connection.server";

/**
 * The version check every admin edit form's save goes through (docs/decisions/0103-no-silent-overwrite.md).
 * The save itself updates `WHERE id = ? AND version = ?` and throws StaleVersion when that touched
 * no row; this turns that into a 409 with what differs, field by field, and applies the choice
 * the conflict page sends back (keep mine, or merge the fields picked as theirs).
 */

/** The conditional update found a newer version than the form's (or no row). */
export class StaleVersion extends Error {
  constructor() {
    super("Someone saved this after you opened it.");
  }
}

/** The version the form was loaded at; a form without one (an old tab) counts as version 0, older than any row. */
export function loadedVersion(form: FormData): number {
  const value = form.get(VERSION_FIELD);
  return typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : 0;
}

/** The tables with a numeric id whose rows carry a version (migration 2026_11_29_0400_row_versions). */
export type VersionedTable = "products" | "articles" | "authors" | "offers" | "merchants" | "collections" | "feeds";

/** A row's version now, or null when there is no such row. */
export async function versionOf(db: DB, table: VersionedTable, id: number): Promise<number | null> {
  // Every such table has a numeric id and a version: one of them stands for all in the types.
  const row = await db
    .selectFrom(table as "merchants")
    .select("version")
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? Number(row.version) : null;
}

/**
 * For a save written by code shared with imports (an offer, a feed): bumps the row's version only
 * if it is still `version`, first in the save's transaction, which also holds the row until the
 * save commits. Throws StaleVersion when the row moved on; false when there is no such row.
 */
export async function claimVersion(trx: DB, table: VersionedTable, id: number, version: number): Promise<boolean> {
  const result = await trx
    .updateTable(table as "merchants")
    .set({ version: sql<number>`version + 1` })
    .where("id", "=", id)
    .where("version", "=", version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return true;
  if ((await versionOf(trx, table, id)) !== null) throw new StaleVersion();
  return false;
}

/** The row as its edit form would show it now. */
export interface CurrentRow {
  version: number;
  values: FormValues;
  /** Other hidden fields the save checks, at their values now (the product form's primary offer's version). */
  controls?: Record<string, string>;
}

export interface GuardedSave<R> {
  form: FormData;
  /** The form's fields in order, with the labels the form shows. */
  labels: readonly (readonly [string, string])[];
  /** The row now, or null when it is gone (the save then answers as it does for a missing row). */
  current: () => Promise<CurrentRow | null>;
  /** Where "Take theirs" leads. */
  reloadTo: string;
  /** Which of the page's forms was refused, when it has several (e.g. "offer:12"). */
  scope?: string;
  /** The save at a version: a conditional update that throws StaleVersion when the row moved on. */
  save: (form: FormData, version: number) => Promise<R>;
}

export type ConflictAnswer = ReturnType<typeof data<{ toast: ResultToast; conflict: EditConflict }>>;

const CONFLICT_TOAST: ResultToast = {
  kind: "error",
  title: "Not saved: someone saved it first",
  description: "Your changes are kept below. Compare them with the newer save and choose what to keep.",
};

/** The conflict page's "merge" answer: each field picked as theirs takes the saved value. */
function withPicks(form: FormData, theirs: FormValues): FormData {
  const merged = new FormData();
  const picked = new Set<string>();
  for (const [name, value] of form) if (name.startsWith(PICK_PREFIX) && value === "theirs") picked.add(name.slice(PICK_PREFIX.length));
  for (const [name, value] of form) if (!picked.has(name)) merged.append(name, value);
  for (const name of picked) {
    const value = theirs[name];
    for (const item of Array.isArray(value) ? value : [value ?? ""]) merged.append(name, item);
  }
  return merged;
}

/** The form with its checked hidden fields set to their values now. */
function withControls(form: FormData, controls: Record<string, string>): FormData {
  const next = new FormData();
  for (const [name, value] of form) if (!Object.hasOwn(controls, name)) next.append(name, value);
  for (const [name, value] of Object.entries(controls)) next.append(name, value);
  return next;
}

/**
 * Saves at the form's version. When someone saved first: if the form differs from their save in
 * no field, nothing of theirs would be lost and the save goes ahead over their version; otherwise
 * the answer is a 409 with the differing fields (theirs, mine) and the form to send again.
 */
export async function saveUnlessNewer<R>(guard: GuardedSave<R>): Promise<R | ConflictAnswer> {
  let form = guard.form;
  if (form.get(RESOLVE_FIELD) === "merge") {
    const current = await guard.current();
    if (current) form = withPicks(form, current.values);
  }
  let version = loadedVersion(form);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await guard.save(form, version);
    } catch (error) {
      if (!(error instanceof StaleVersion)) throw error;
    }
    const current = await guard.current();
    if (!current) throw data("This was deleted while you were editing it.", { status: 404 });
    const mine = formValues(form);
    const fields = conflictFields(guard.labels, current.values, mine);
    if (fields.length === 0 && attempt === 0) {
      version = current.version;
      if (current.controls) form = withControls(form, current.controls);
      continue;
    }
    return data(
      {
        toast: CONFLICT_TOAST,
        conflict: {
          version: current.version,
          intent: String(form.get("intent") ?? ""),
          fields,
          values: formWithoutControls(mine, current.controls),
          reloadTo: guard.reloadTo,
          ...(guard.scope ? { scope: guard.scope } : {}),
          ...(current.controls ? { controls: current.controls } : {}),
        },
      },
      { status: 409 },
    );
  }
}
