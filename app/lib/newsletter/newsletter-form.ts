import { z } from "zod";
import { isPlausibleEmail, normalizeEmail, SUBSCRIBE_MESSAGES } from "./newsletter";

/**
 * The 'Stay Updated' form's schema, read by the /newsletter action (zod stays on the server: the
 * form on the public pages imports nothing from here).
 */

/** The most of the field that is read, and echoed back into the form after a mistake. */
export const MAX_TYPED_EMAIL = 1000;

export const subscribeSchema = z.object({
  email: z
    .preprocess((value) => value ?? "", z.string())
    .transform((typed) => normalizeEmail(typed.slice(0, MAX_TYPED_EMAIL)))
    .refine(isPlausibleEmail, SUBSCRIBE_MESSAGES.invalid),
});
