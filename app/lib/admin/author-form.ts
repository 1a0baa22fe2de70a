import { z } from "zod";
import { text } from "~/lib/forms/form-fields";

/** The author form's fields and the schema the server checks them with. */

export interface AuthorFields {
  name: string;
  slug: string;
  title: string;
  bio: string;
  image: string;
  profileUrl: string;
}

export const authorFormSchema = z.object({
  name: text({ required: "Give the author's name.", max: 120 }),
  slug: text({ max: 80 }).refine((value) => value === "" || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value), {
    message: "Use lower-case letters, digits and single hyphens, or leave it empty to make one from the name.",
  }),
  title: text({ max: 120 }),
  bio: text({ max: 2000 }),
  image: text({ max: 500 }).refine((value) => value === "" || /^\/(?![/\\])\S*$/.test(value), {
    message: "Upload a photo, or give a site path starting with /.",
  }),
  profileUrl: text({ max: 500 }).refine((value) => value === "" || /^https:\/\/[^/\s]+\S*$/.test(value), {
    message: "Give a full https:// address, or leave it empty.",
  }),
}) satisfies z.ZodType<AuthorFields>;
