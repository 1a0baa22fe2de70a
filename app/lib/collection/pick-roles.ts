/**
 * The owner's picks in a collection (docs/decisions/0108): a role for a product (Best overall,
 * Runner-up, Budget pick, Upgrade pick, or a label of their own) with one line why, and the
 * products reviewed but not picked, listed under "Also tested" with a sentence each. The rules
 * here are the ones the editor and the save both apply, worded for the owner.
 */

export const PICK_ROLES = [
  { key: "best-overall", label: "Best overall" },
  { key: "runner-up", label: "Runner-up" },
  { key: "budget", label: "Budget pick" },
  { key: "upgrade", label: "Upgrade pick" },
  { key: "custom", label: "A role of your own" },
  { key: "also-tested", label: "Also tested" },
] as const;

export type PickRole = (typeof PICK_ROLES)[number]["key"];

const ROLE_KEYS = new Set<string>(PICK_ROLES.map((role) => role.key));

export function isPickRole(value: string): value is PickRole {
  return ROLE_KEYS.has(value);
}

/** The longest line why (or "Also tested" sentence), in characters. */
export const PICK_REASON_MAX = 200;
/** The longest label of the owner's own, in characters: it sits in a badge. */
export const PICK_LABEL_MAX = 40;
/** Picks and "Also tested" entries per collection: the page heads with a handful, not a second list. */
export const PICK_ENTRY_CAP = 30;

/** One entry as the owner typed it; the product as its slug or number. */
export interface PickEntryInput {
  product: string;
  role: string;
  label: string;
  reason: string;
}

/** One entry ready to store. */
export interface PickEntry {
  productId: number;
  role: PickRole;
  /** The owner's own label, for 'custom' only. */
  label: string | null;
  reason: string;
}

/** What a reader sees as the role: the owner's own label, or the role's name. */
export function pickRoleLabel(role: PickRole, label: string | null): string {
  if (role === "custom") return label ?? "Our pick";
  return PICK_ROLES.find((entry) => entry.key === role)!.label;
}

/** Problems of one entry, by its field (product, role, label, reason), in the owner's words. */
export type PickEntryErrors = Partial<Record<keyof PickEntryInput, string>>;

export interface PickCheck {
  /** Errors by the entry's index among the typed rows. */
  rows: Map<number, PickEntryErrors>;
  /** Problems of the list as a whole. */
  form: string[];
}

/** A row left wholly blank is no entry: the editor offers a few spare rows. */
export function isBlankEntry(entry: PickEntryInput): boolean {
  return !entry.product.trim() && !entry.label.trim() && !entry.reason.trim() && (entry.role === "" || entry.role === "none");
}

/**
 * The list's rules, before any product is looked up: a role for each product, the owner's own
 * label when they chose one, a line why of at most 200 characters, one Best overall, each product
 * once, and at most PICK_ENTRY_CAP entries. `resolve` names the product a typed reference means
 * (its id), or undefined for none.
 */
export function checkPickEntries(
  inputs: readonly PickEntryInput[],
  resolve: (reference: string) => number | undefined,
): { ok: true; entries: PickEntry[] } | ({ ok: false } & PickCheck) {
  const rows = new Map<number, PickEntryErrors>();
  const form: string[] = [];
  const entries: PickEntry[] = [];
  const seen = new Map<number, number>();
  let bestOverallRow: number | null = null;
  const filled = inputs.map((input, index) => ({ input, index })).filter(({ input }) => !isBlankEntry(input));
  if (filled.length > PICK_ENTRY_CAP)
    form.push(`A collection holds at most ${PICK_ENTRY_CAP} picks and "Also tested" entries; remove some.`);

  for (const { input, index } of filled) {
    const errors: PickEntryErrors = {};
    const reference = input.product.trim();
    const productId = reference ? resolve(reference) : undefined;
    if (!reference) errors.product = "Choose the product.";
    else if (productId === undefined) errors.product = `There is no product "${reference}". Use its slug or number.`;
    else if (seen.has(productId)) errors.product = `This product is already on row ${seen.get(productId)! + 1}; give it one role.`;

    const role = input.role.trim();
    if (!isPickRole(role)) errors.role = "Choose its role, or Also tested.";
    const label = input.label.trim();
    if (role === "custom" && !label) errors.label = "Name the role (for example: Best for families).";
    else if (role === "custom" && label.length > PICK_LABEL_MAX)
      errors.label = `Keep the role short: ${label.length} characters, at most ${PICK_LABEL_MAX}.`;
    if (role === "best-overall") {
      if (bestOverallRow !== null) errors.role = `Row ${bestOverallRow + 1} is already Best overall; a collection has one.`;
      else bestOverallRow = index;
    }

    const reason = input.reason.trim().replace(/\s+/g, " ");
    if (!reason) errors.reason = role === "also-tested" ? "Write one sentence about it." : "Write one line on why.";
    else if (reason.length > PICK_REASON_MAX)
      errors.reason = `Keep it to one line: ${reason.length} characters, at most ${PICK_REASON_MAX}.`;

    if (Object.keys(errors).length > 0) rows.set(index, errors);
    if (productId !== undefined && !seen.has(productId)) seen.set(productId, index);
    if (productId !== undefined && isPickRole(role) && Object.keys(errors).length === 0) {
      entries.push({ productId, role, label: role === "custom" ? label : null, reason });
    }
  }
  if (rows.size > 0 || form.length > 0) return { ok: false, rows, form };
  return { ok: true, entries };
}

// ---- The collections CSV's picks cell: one entry a line, "Best overall | product-slug | why".

/** One entry as a line of the collections CSV's `picks` cell. */
export function pickLine(entry: { role: PickRole; label: string | null; product: string; reason: string }): string {
  return `${pickRoleLabel(entry.role, entry.label)} | ${entry.product} | ${entry.reason}`;
}

/** A line's role text: a role's key or name in any case ("Budget pick", "budget"), else the owner's own label. */
function roleOfText(text: string): { role: string; label: string } {
  const lower = text.trim().toLowerCase();
  const named = PICK_ROLES.find((role) => role.key !== "custom" && (role.key === lower || role.label.toLowerCase() === lower));
  return named ? { role: named.key, label: "" } : { role: "custom", label: text.trim() };
}

/** A `picks` cell read as entries, in order; the first line that is not "role | product | why" is named. */
export function readPicksCell(cell: string): { ok: true; entries: PickEntryInput[] } | { ok: false; message: string } {
  const entries: PickEntryInput[] = [];
  const lines = cell.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") continue;
    const parts = line.split("|");
    if (parts.length < 3 || parts[0]!.trim() === "") {
      return { ok: false, message: `line ${index + 1} ("${line.trim().slice(0, 60)}"): write each pick as "role | product | why".` };
    }
    // The why may hold a "|" of its own: everything after the second one is the why.
    entries.push({ ...roleOfText(parts[0]!), product: parts[1]!.trim(), reason: parts.slice(2).join("|").trim() });
  }
  return { ok: true, entries };
}
