/**
 * Public update notes (docs/decisions/0108): a dated line an editor adds when saving a review or
 * an article ("Price dropped at two shops; retested heat-up after the heater revision"), listed
 * newest first under "What changed" on the page. The note's date is the day it was saved.
 */

/** The form field both editors use. */
export const UPDATE_NOTE_FIELD = "update_note" as const;

/** The editors' "Remove from the page" boxes, one per note, each sending the note's id. */
export const UPDATE_NOTE_REMOVE_FIELD = "remove_note" as const;

/** The longest note, in characters: a sentence or two, not a second article. */
export const UPDATE_NOTE_MAX = 300;

/** Notes a page lists: the newest; older ones stay stored. */
export const UPDATE_NOTES_SHOWN = 20;

/** One note as the page shows it. */
export interface UpdateNoteView {
  /** YYYY-MM-DD (UTC). */
  date: string;
  text: string;
}

/** A note as its editor sees it: with its id, for "Remove from the page". */
export interface EditableUpdateNote extends UpdateNoteView {
  id: number;
}

/** The ids of the notes ticked for removal; anything that is not an id is ignored. */
export function noteIdsToRemove(values: readonly unknown[]): number[] {
  const ids = values.map((value) => (typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : 0)).filter((id) => id > 0);
  return [...new Set(ids)];
}

/** The note as typed, tidied: one paragraph, or null for none. */
export function tidyUpdateNote(typed: unknown): string | null {
  if (typeof typed !== "string") return null;
  const text = typed.trim().replace(/\s+/g, " ");
  return text === "" ? null : text;
}

/** Why a note cannot be saved, in the editor's words, or null when it can. */
export function updateNoteProblem(text: string | null): string | null {
  if (text !== null && text.length > UPDATE_NOTE_MAX)
    return `Keep the update note to a sentence or two: ${text.length} characters, at most ${UPDATE_NOTE_MAX}.`;
  return null;
}
