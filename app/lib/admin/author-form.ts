import { z } from "zod";
import { text } from "~/lib/forms/form-fields";
import { readProfileLinks } from "~/lib/learn/author-profile";

/** The author form's fields and the schema the server checks them with. */

export interface AuthorFields {
  name: string;
  slug: string;
  title: string;
  credentials: string;
  bio: string;
  image: string;
  imageAlt: string;
  /** https addresses of their profiles elsewhere; the form sends them one a line. */
  profileLinks: string[];
}

export const authorFormSchema = z
  .object({
    name: text({ required: "Give the author's name.", max: 120 }),
    slug: text({ max: 80 }).refine((value) => value === "" || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value), {
      message: "Use lower-case letters, digits and single hyphens, or leave it empty to make one from the name.",
    }),
    title: text({ max: 120 }),
    credentials: text({ max: 160 }).refine((value) => !/[\r\n]/.test(value), { message: "Keep the credentials to one line." }),
    bio: text({ max: 4000 }),
    image: text({ max: 500 }).refine((value) => value === "" || /^\/(?![/\\])\S*$/.test(value), {
      message: "Upload a photo, or give a site path starting with /.",
    }),
    imageAlt: text({ max: 200 }),
    profileLinks: text({ max: 4000 }).transform((value, context) => {
      const read = readProfileLinks(value);
      if (read.ok) return read.links;
      context.addIssue({ code: "custom", message: read.message });
      return z.NEVER;
    }),
  })
  .superRefine((fields, context) => {
    // A reader who cannot see the photo is told who it shows, as everyone else is.
    if (fields.image && !fields.imageAlt)
      context.addIssue({ code: "custom", path: ["imageAlt"], message: 'Describe the photo, e.g. "Maija Lehtonen at her sauna".' });
  }) satisfies z.ZodType<AuthorFields, unknown>;
