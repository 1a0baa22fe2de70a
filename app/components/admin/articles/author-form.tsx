import { useState } from "react";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Form } from "~/components/ui/link";
import { fieldProps, valueText, type FieldErrors, type FormValues } from "~/lib/forms/parse-form";
import { VERSION_FIELD, versionToSend } from "~/lib/admin/edit-conflict";
import { HeroImageField } from "./hero-image-field";

/**
 * Add or change an author: name, slug, title, credentials, bio (Markdown), photo (uploaded) with
 * its description, and their profiles elsewhere, one address a line.
 */
export function AuthorForm({
  editingId,
  version = 0,
  state,
  busy,
}: {
  editingId: number | null;
  /** The edited author's version as loaded: its save is refused over a newer one. */
  version?: number;
  state: { values?: FormValues; fieldErrors?: FieldErrors };
  busy: boolean;
}) {
  const [image, setImage] = useState(valueText(state.values, "image"));
  const [imageAlt, setImageAlt] = useState(valueText(state.values, "imageAlt"));
  return (
    <Form method="post" id="author-form" className="max-w-2xl space-y-4 rounded-card border border-line bg-surface p-4 shadow-card">
      <h2 className="text-lg font-semibold">{editingId === null ? "Add an author" : "Edit author"}</h2>
      {editingId !== null && <input type="hidden" name="id" value={editingId} />}
      {editingId !== null && <input type="hidden" name={VERSION_FIELD} value={versionToSend(state.values, version)} />}
      <FormField label="Name" {...fieldProps(state, "name")} required />
      <FormField label="Slug" {...fieldProps(state, "slug")} hint="Their page: /learn/author/{slug}. Empty: made from the name." />
      <FormField label="Title" {...fieldProps(state, "title")} hint="e.g. Senior Editor" />
      <FormField
        label="Credentials"
        {...fieldProps(state, "credentials")}
        hint="One line a reader can check, e.g. Certified sauna builder, 12 years."
      />
      <FormField
        label="Bio"
        multiline
        {...fieldProps(state, "bio")}
        hint="Shown on their page. Markdown works as in articles: **bold**, lists, links."
      />
      <HeroImageField
        label="Photo"
        image={image}
        alt={imageAlt}
        onImage={setImage}
        onAlt={setImageAlt}
        errors={{ image: state.fieldErrors?.image, imageAlt: state.fieldErrors?.imageAlt }}
      />
      <FormField
        label="Profile addresses"
        multiline
        {...fieldProps(state, "profileLinks")}
        hint="Their pages elsewhere (a professional body, LinkedIn, their own site): one https:// address a line."
      />
      <Button type="submit" name="intent" value="save-author" disabled={busy}>
        {busy ? "Saving…" : "Save author"}
      </Button>
    </Form>
  );
}
