import { describe, expect, it } from "vitest";
import { parseForm } from "../forms/parse-form";
import { SUBSCRIBE_MESSAGES } from "./newsletter";
import { subscribeSchema } from "./newsletter-form";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("subscribeSchema", () => {
  it("gives the address normalized, or the sign-up's own message beside the field", () => {
    expect(parseForm(form({ email: " Reader@Example.com " }), subscribeSchema)).toEqual({
      ok: true,
      value: { email: "reader@example.com" },
    });
    for (const typed of ["", "not an address", `${"a".repeat(250)}@example.com`]) {
      expect(parseForm(form({ email: typed }), subscribeSchema), typed).toMatchObject({
        ok: false,
        fieldErrors: { email: SUBSCRIBE_MESSAGES.invalid },
      });
    }
    expect(parseForm(new FormData(), subscribeSchema)).toMatchObject({ ok: false, fieldErrors: { email: SUBSCRIBE_MESSAGES.invalid } });
  });
});
