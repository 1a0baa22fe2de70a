/** Joins class names, skipping the falsy ones (for conditional classes). */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
