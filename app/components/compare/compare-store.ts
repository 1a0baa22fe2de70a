import { useEffect, useState, useSyncExternalStore } from "react";
import { compareAnnouncement, MAX_COMPARE, type ComparePick } from "~/lib/compare/compare";

/**
 * The products picked for comparison in this browser (localStorage, so the choice survives page
 * loads and tabs), with their names for the tray. Without JavaScript nothing is stored: the
 * buttons are plain links to /compare, whose URL holds the whole state.
 */

export type CompareItem = ComparePick;

const STORAGE_KEY = "compare-products";
const CHANGE_EVENT = "compare-products-change";
const ANNOUNCE_EVENT = "compare-products-announce";
const EMPTY: CompareItem[] = [];

let cachedRaw: string | null = null;
let cachedItems: CompareItem[] = EMPTY;

function read(): CompareItem[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return EMPTY;
  }
  if (raw === cachedRaw) return cachedItems;
  cachedRaw = raw;
  try {
    const parsed: unknown = JSON.parse(raw ?? "[]");
    cachedItems = Array.isArray(parsed)
      ? parsed.filter((item): item is CompareItem => typeof item?.slug === "string" && typeof item?.name === "string").slice(0, MAX_COMPARE)
      : EMPTY;
  } catch {
    cachedItems = EMPTY;
  }
  return cachedItems;
}

/** The picks as stored now (in an event handler; a component reads them with useCompareItems). */
export function readCompareItems(): CompareItem[] {
  return read();
}

/** Stores the picks and announces the change (picks changed in another tab are not announced). */
export function writeCompareItems(items: readonly CompareItem[]): void {
  const before = read();
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(items.slice(0, MAX_COMPARE)));
  } catch {
    // Storage full or blocked: the tray just stays as it was.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
  const message = compareAnnouncement(before, read());
  if (message) announceCompare(message);
}

/** Says `message` in the compare live region (CompareAnnouncer). */
export function announceCompare(message: string): void {
  window.dispatchEvent(new CustomEvent<string>(ANNOUNCE_EVENT, { detail: message }));
}

/**
 * The latest announcement and a count that changes with each, so the same words said twice in a
 * row (added, removed, added again) are a new node in the live region and are read again.
 */
export function useCompareAnnouncement(): { message: string; count: number } {
  const [said, setSaid] = useState({ message: "", count: 0 });
  useEffect(() => {
    const onAnnounce = (event: Event) => {
      if (event instanceof CustomEvent && typeof event.detail === "string") {
        const message = event.detail;
        setSaid((previous) => ({ message, count: previous.count + 1 }));
      }
    };
    window.addEventListener(ANNOUNCE_EVENT, onAnnounce);
    return () => window.removeEventListener(ANNOUNCE_EVENT, onAnnounce);
  }, []);
  return said;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/** The picked products; empty on the server and before hydration. */
export function useCompareItems(): CompareItem[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}
