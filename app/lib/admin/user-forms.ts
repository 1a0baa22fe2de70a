import { z } from "zod";
import { text } from "../forms/form-fields";

/** The buttons on /admin/users each post the account they act on; without one nothing happens. */
export const userActionSchema = z.object({ userId: text({ required: "No account was named." }) });
