import { z } from "zod";
import { text } from "../forms/form-fields";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules";

/**
 * The account forms' schemas, read by their actions (zod stays on the server: the forms import
 * only the limits in password-rules.ts). Sign-in and sign-up only read their fields: an empty or
 * wrong value is answered by the account rules' own toast, so these schemas take any text.
 */

/** A password as typed: absent is "", and never trimmed (spaces may be part of it). */
const password = () => z.preprocess((value) => value ?? "", z.string());

export const credentialsSchema = z.object({ email: text(), password: password(), redirectTo: password() });

export const resendSchema = z.object({ email: text() });

/** /auth/forgot: an address to mail the reset link to. */
export const forgotPasswordSchema = z.object({
  email: text({ required: "Please enter your email address." })
    .transform((email) => email.toLowerCase())
    .refine((email) => email === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email), "Please enter a valid email address."),
});

/** /auth/reset: the mailed token and the new password, typed twice. Problems come in this order. */
export const resetPasswordSchema = z
  .object({
    token: text({ required: "This reset link is incomplete. Ask for a new one." }),
    password: password()
      .pipe(z.string().min(MIN_PASSWORD_LENGTH, `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`))
      .pipe(z.string().max(MAX_PASSWORD_LENGTH, `Choose a password of at most ${MAX_PASSWORD_LENGTH} characters.`)),
    confirm: password(),
  })
  .refine((value) => value.password === value.confirm, { path: ["confirm"], message: "The two passwords are not the same." });
