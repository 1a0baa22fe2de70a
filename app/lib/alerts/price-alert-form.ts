import { z } from "zod";
import { MAX_PRICE, readDecimal } from "../csv/csv-values";
import { isPlausibleEmail, normalizeEmail } from "../newsletter/newsletter";
import { MAX_TYPED_EMAIL } from "../newsletter/newsletter-form";
import { PRICE_ALERT_MESSAGES } from "./price-alert-messages";

/**
 * The price alert form's schema, read by the /alerts action. The target price is read like the
 * admin's price fields ("1299", "1,299.00", "$1,299"), in major units: the action turns it into
 * minor units of the displayed price's currency.
 */

/** The most of the target field that is read and echoed back. */
export const MAX_TYPED_TARGET = 40;

export const priceAlertSchema = z.object({
  email: z
    .preprocess((value) => value ?? "", z.string())
    .transform((typed) => normalizeEmail(typed.slice(0, MAX_TYPED_EMAIL)))
    .refine(isPlausibleEmail, PRICE_ALERT_MESSAGES.invalidEmail),
  product_id: z
    .preprocess((value) => value ?? "", z.string())
    .refine((value) => /^\d{1,15}$/.test(value.trim()), PRICE_ALERT_MESSAGES.noPrice)
    .transform((value) => Number(value.trim())),
  target: z
    .preprocess((value) => value ?? "", z.string())
    .transform((typed, ctx): number | null => {
      const read = readDecimal(typed.slice(0, MAX_TYPED_TARGET));
      if (read.note || (read.value !== null && (read.value <= 0 || read.value > MAX_PRICE))) {
        ctx.addIssue({ code: "custom", message: PRICE_ALERT_MESSAGES.invalidTarget });
        return z.NEVER;
      }
      return read.value;
    }),
});
