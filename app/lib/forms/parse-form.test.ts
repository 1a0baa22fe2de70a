import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkbox, text, textList } from "./form-fields";
import { fieldProps, formFailure, parseForm } from "./parse-form";

const schema = z.object({
  name: text({ required: "Enter a name.", max: 10 }),
  note: text(),
  featured: checkbox(),
  tags: textList(),
});

function form(entries: Array<[string, string | File]>): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("parseForm", () => {
  it("gives the parsed value: trimmed text, absent text as empty, checkboxes and lists", () => {
    const result = parseForm(
      form([
        ["name", "  Cedar "],
        ["featured", "on"],
        ["tags", "a"],
        ["tags", "b"],
      ]),
      schema,
    );
    expect(result).toEqual({ ok: true, value: { name: "Cedar", note: "", featured: true, tags: ["a", "b"] } });
    const unchecked = parseForm(
      form([
        ["name", "x"],
        ["tags", "only"],
      ]),
      schema,
    );
    expect(unchecked).toEqual({ ok: true, value: { name: "x", note: "", featured: false, tags: ["only"] } });
  });

  it("gives one error per field and keeps what was typed", () => {
    const result = parseForm(
      form([
        ["name", "   "],
        ["note", "kept"],
        ["tags", "a"],
        ["tags", "b"],
      ]),
      schema,
    );
    expect(result).toEqual({
      ok: false,
      fieldErrors: { name: "Enter a name." },
      formError: null,
      values: { name: "   ", note: "kept", tags: ["a", "b"] },
    });
    const tooLong = parseForm(form([["name", "a name far too long"]]), schema);
    expect(tooLong.ok === false && tooLong.fieldErrors.name).toBe("Use at most 10 characters.");
  });

  it("puts a whole-form problem in formError", () => {
    const matching = z
      .object({ password: text(), repeat: text() })
      .refine((value) => value.password === value.repeat, { message: "The passwords differ." });
    const result = parseForm(
      form([
        ["password", "a"],
        ["repeat", "b"],
      ]),
      matching,
    );
    expect(result.ok === false && result.formError).toBe("The passwords differ.");
  });

  it("leaves an empty file input out and never echoes files back", () => {
    const files = z.object({ file: z.instanceof(File).optional() });
    const empty = new File([], "", { type: "application/octet-stream" });
    expect(parseForm(form([["file", empty]]), files)).toEqual({ ok: true, value: {} });
    const bad = parseForm(
      form([
        ["file", new File(["x"], "a.csv")],
        ["extra", "y"],
      ]),
      z.object({ file: z.string() }),
    );
    expect(bad.ok === false && bad.values).toEqual({ extra: "y" });
  });
});

describe("fieldProps", () => {
  it("shows what was typed over the saved value, with the field's error", () => {
    const failure = formFailure({ name: "typed" }, { name: "Taken." });
    expect(fieldProps(failure, "name", "saved")).toEqual({ name: "name", defaultValue: "typed", error: "Taken." });
    expect(fieldProps(failure, "brand", "saved")).toEqual({ name: "brand", defaultValue: "saved", error: undefined });
    expect(fieldProps(null, "brand")).toEqual({ name: "brand", defaultValue: "", error: undefined });
  });
});
