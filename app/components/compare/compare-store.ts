import { useSyncExternalStore } from "react";
import { MAX_COMPARE } from "~/lib/compare";

/**
 * The products picked for comparison in this browser (localStorage, so the choice survives page
 * loads and tabs), with their names for the tray. Without JavaScript nothing is stored: the
 * buttons are plain links to /compare, whose URL holds the whole state.
 */

export interface CompareItem {
  slug: string;
  name: string;
}

const STORAGE_KEY = "compare-products";
const CHANGE_EVENT = "compare-products-change";
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

export function writeCompareItems(items: readonly CompareItem[]): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(items.slice(0, MAX_COMPARE)));
  } catch {
    // Storage full or blocked: the tray just stays as it was.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
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
