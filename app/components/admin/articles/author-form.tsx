import { useState } from "react";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Form } from "~/components/ui/link";
import { fieldProps, valueText, type FieldErrors, type FormValues } from "~/lib/forms/parse-form";
import { HeroImageField } from "./hero-image-field";

/** Add or change an author: name, slug, title, bio, photo (uploaded) and a profile address elsewhere. */
export function AuthorForm({
  editingId,
  state,
  busy,
}: {
  editingId: number | null;
  state: { values?: FormValues; fieldErrors?: FieldErrors };
  busy: boolean;
}) {
  const [image, setImage] = useState(valueText(state.values, "image"));
  return (
    <Form method="post" id="author-form" className="max-w-2xl space-y-4 rounded-card border border-line bg-surface p-4 shadow-card">
      <h2 className="text-lg font-semibold">{editingId === null ? "Add an author" : "Edit author"}</h2>
      {editingId !== null && <input type="hidden" name="id" value={editingId} />}
      <FormField label="Name" {...fieldProps(state, "name")} required />
      <FormField label="Slug" {...fieldProps(state, "slug")} hint="Their page: /learn/author/{slug}. Empty: made from the name." />
      <FormField label="Title" {...fieldProps(state, "title")} hint="e.g. Senior Editor" />
      <FormField label="Bio" multiline {...fieldProps(state, "bio")} />
      <HeroImageField label="Photo" image={image} alt="" onImage={setImage} errors={{ image: state.fieldErrors?.image }} />
      <FormField label="Profile address" type="url" {...fieldProps(state, "profileUrl")} hint="A page about them elsewhere (https://…)." />
      <Button type="submit" name="intent" value="save-author" disabled={busy}>
        {busy ? "Saving…" : "Save author"}
      </Button>
    </Form>
  );
}
