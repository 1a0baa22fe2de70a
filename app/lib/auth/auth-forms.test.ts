import { describe, expect, it } from "vitest";
import { parseForm } from "../forms/parse-form";
import { credentialsSchema, forgotPasswordSchema, resetPasswordSchema } from "./auth-forms";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("account form schemas", () => {
  it("reads credentials as typed: the address trimmed, the password never", () => {
    expect(parseForm(form({ email: " a@b.co ", password: " secret " }), credentialsSchema)).toEqual({
      ok: true,
      value: { email: "a@b.co", password: " secret ", redirectTo: "" },
    });
  });

  it("asks for an address, then for a valid one, and lower-cases it", () => {
    expect(parseForm(form({ email: "  " }), forgotPasswordSchema)).toMatchObject({
      ok: false,
      fieldErrors: { email: "Please enter your email address." },
    });
    expect(parseForm(form({ email: "nope" }), forgotPasswordSchema)).toMatchObject({
      ok: false,
      fieldErrors: { email: "Please enter a valid email address." },
    });
    expect(parseForm(form({ email: " Me@Example.COM " }), forgotPasswordSchema)).toEqual({ ok: true, value: { email: "me@example.com" } });
  });

  it("puts each reset problem beside its field", () => {
    expect(parseForm(form({ token: "", password: "long enough", confirm: "long enough" }), resetPasswordSchema)).toMatchObject({
      fieldErrors: { token: "This reset link is incomplete. Ask for a new one." },
    });
    expect(parseForm(form({ token: "t", password: "short", confirm: "short" }), resetPasswordSchema)).toMatchObject({
      fieldErrors: { password: "Choose a password of at least 8 characters." },
    });
    expect(parseForm(form({ token: "t", password: "x".repeat(129), confirm: "x".repeat(129) }), resetPasswordSchema)).toMatchObject({
      fieldErrors: { password: "Choose a password of at most 128 characters." },
    });
    expect(parseForm(form({ token: "t", password: "long enough", confirm: "not the same" }), resetPasswordSchema)).toMatchObject({
      fieldErrors: { confirm: "The two passwords are not the same." },
    });
  });
});
