import { describe, expect, it } from "vitest";
import { checkPickEntries, PICK_ENTRY_CAP, pickRoleLabel, type PickEntryInput } from "./pick-roles";

const ids: Record<string, number> = { cedar: 1, spruce: 2, pod: 3, "7": 7 };
const resolve = (reference: string) => ids[reference];
const row = (product: string, role: string, reason = "Warm, roomy and well made.", label = ""): PickEntryInput => ({
  product,
  role,
  label,
  reason,
});

describe("the picks' rules", () => {
  it("keeps the owner's order, skips blank rows, and tidies the line why", () => {
    const checked = checkPickEntries(
      [
        row("cedar", "best-overall", "  Warm,\n roomy  "),
        row("", "", ""),
        row("spruce", "custom", "Cheap.", " Best for cabins "),
        row("7", "also-tested"),
      ],
      resolve,
    );
    expect(checked).toEqual({
      ok: true,
      entries: [
        { productId: 1, role: "best-overall", label: null, reason: "Warm, roomy" },
        { productId: 2, role: "custom", label: "Best for cabins", reason: "Cheap." },
        { productId: 7, role: "also-tested", label: null, reason: "Warm, roomy and well made." },
      ],
    });
  });

  it("refuses a second Best overall, a missing or long line why, an unknown or repeated product, in the owner's words", () => {
    const checked = checkPickEntries(
      [
        row("cedar", "best-overall"),
        row("spruce", "best-overall"),
        row("pod", "budget", ""),
        row("nope", "upgrade"),
        row("cedar", "runner-up"),
        row("7", "also-tested", "x".repeat(201)),
        row("pod", "custom", "Fine.", ""),
      ],
      resolve,
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.fromEntries(checked.rows)).toEqual({
      1: { role: "Row 1 is already Best overall; a collection has one." },
      2: { reason: "Write one line on why." },
      3: { product: 'There is no product "nope". Use its slug or number.' },
      4: { product: "This product is already on row 1; give it one role." },
      5: { reason: "Keep it to one line: 201 characters, at most 200." },
      6: { product: "This product is already on row 3; give it one role.", label: "Name the role (for example: Best for families)." },
    });
  });

  it("takes exactly 200 characters, asks for a role, and caps the entries", () => {
    expect(checkPickEntries([row("cedar", "runner-up", "y".repeat(200))], resolve).ok).toBe(true);
    const noRole = checkPickEntries([row("cedar", "")], resolve);
    expect(noRole.ok === false && noRole.rows.get(0)).toEqual({ role: "Choose its role, or Also tested." });
    const many = checkPickEntries(
      Array.from({ length: PICK_ENTRY_CAP + 1 }, () => row("cedar", "also-tested")),
      resolve,
    );
    expect(many.ok === false && many.form).toEqual([
      `A collection holds at most ${PICK_ENTRY_CAP} picks and "Also tested" entries; remove some.`,
    ]);
  });

  it("names a role as readers see it", () => {
    expect(pickRoleLabel("budget", null)).toBe("Budget pick");
    expect(pickRoleLabel("custom", "Best for families")).toBe("Best for families");
  });
});
