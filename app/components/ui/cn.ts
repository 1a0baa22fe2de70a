import { clsx, type ClassValue } from "clsx";
import { assertNoClassConflicts } from "./class-conflicts";

/**
 * Joins class names, skipping the falsy ones (for conditional classes).
 *
 * It does not merge: two classes that set the same property are a mistake, because the style
 * sheet's rule order, not the class order, would pick the winner. A component that lets its caller
 * change something it sets offers a variant, or sets it only when the caller does not. Development
 * builds and the tests check every list and throw on such a pair; production builds leave the
 * check out, and with it tailwind-merge, which would otherwise cost every page about 4 KB (gzip).
 */
export function cn(...classes: ClassValue[]): string {
  const joined = clsx(classes);
  if (import.meta.env.DEV) assertNoClassConflicts(joined);
  return joined;
}
