import { useEffect, useRef, useState } from "react";
import { Form } from "~/components/ui/link";
import { FormField, inputClasses } from "~/components/ui/form-field";
import { Notice } from "~/components/ui/notice";
import { articleSearchTitle, slugFromTitle, type ArticleFields } from "~/lib/admin/article-fields";
import { ARTICLE_CATEGORIES } from "~/lib/learn/articles";
import { SEARCH_DESCRIPTION_MAX, SEARCH_TITLE_MAX } from "~/lib/seo/search-snippet";
import type { ArticleEditorAnswer } from "~/server/articles/article-editor.server";
import { EditConflictPanel } from "~/components/admin/edit-conflict-panel";
import { VERSION_FIELD, versionToSend } from "~/lib/admin/edit-conflict";
import { ArticlePreview } from "./article-preview";
import { HeroImageField } from "./hero-image-field";
import { LeavePrompt, PublishBar } from "./publish-bar";
import { MarkdownToolbar } from "./markdown-toolbar";
import { TagInput } from "./tag-input";
import { useArticleAutosave } from "./use-autosave";
import { UpdateNoteField } from "~/components/admin/update-note-field";
import type { EditableUpdateNote } from "~/lib/updates/update-notes";

export interface EditorArticle {
  id: number;
  fields: ArticleFields;
  status: "draft" | "scheduled" | "published";
  publishAt: number | null;
  /** As loaded: every save names it, and is refused over a newer one. */
  version: number;
  lastUpdated: string | null;
}

type Text = Record<Exclude<keyof ArticleFields, "tags" | "featured">, string>;

function textOf(fields: ArticleFields, answer?: ArticleEditorAnswer): Text {
  const sent = answer?.values ?? {};
  const pick = (name: keyof Text, saved: string) => (typeof sent[name] === "string" ? (sent[name] as string) : saved);
  return {
    title: pick("title", fields.title),
    slug: pick("slug", fields.slug),
    excerpt: pick("excerpt", fields.excerpt),
    metaTitle: pick("metaTitle", fields.metaTitle),
    metaDescription: pick("metaDescription", fields.metaDescription),
    categorySlug: pick("categorySlug", fields.categorySlug),
    authorId: pick("authorId", fields.authorId === null ? "" : String(fields.authorId)),
    testerId: pick("testerId", fields.testerId === null ? "" : String(fields.testerId)),
    image: pick("image", fields.image),
    imageAlt: pick("imageAlt", fields.imageAlt),
    body: pick("body", fields.body),
    readTimeMinutes: pick("readTimeMinutes", fields.readTimeMinutes === null ? "" : String(fields.readTimeMinutes)),
  };
}

const count = (text: string, max: number) => `${text.length} / ${max}`;

/**
 * The article editor: every field of the article, the Markdown body with its toolbar beside a
 * live preview (the public page's renderer), and the buttons that save, publish, schedule and
 * unpublish. A draft saves itself while typed; leaving with unsaved changes asks first.
 */
export function ArticleEditor({
  article,
  authors,
  knownTags,
  answer,
  notes = [],
}: {
  article: EditorArticle;
  authors: readonly { id: number; name: string }[];
  knownTags: readonly string[];
  answer?: ArticleEditorAnswer;
  /** Its public update notes, newest first. */
  notes?: readonly EditableUpdateNote[];
}) {
  const [text, setText] = useState(() => textOf(article.fields, answer));
  const [tags, setTags] = useState(article.fields.tags);
  const slugFollowsTitle = useRef(article.status === "draft" && article.fields.slug.startsWith("untitled-article"));
  const form = useRef<HTMLFormElement>(null);
  const body = useRef<HTMLTextAreaElement>(null);
  const action = `/admin/articles/${article.id}`;
  const autosave = useArticleAutosave(form, { enabled: article.status === "draft", action });
  const errors = answer?.fieldErrors ?? {};
  const set = (name: keyof Text) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setText((current) => ({
      ...current,
      [name]: value,
      ...(name === "title" && slugFollowsTitle.current ? { slug: slugFromTitle(value) || current.slug } : {}),
    }));
    if (name === "slug") slugFollowsTitle.current = false;
  };
  const searchTitle = articleSearchTitle(text);
  const { onChange: changed } = autosave;
  // Typing, the toolbar, an upload and the tag chips all change the form: each may start an autosave.
  useEffect(changed, [text, tags, changed]);
  const version = autosave.version ?? versionToSend(answer?.values, article.version);

  // An autosave refused because someone saved first: the choice takes the form's place, with all that was typed.
  if (autosave.conflict) return <EditConflictPanel conflict={autosave.conflict} action={action} />;
  return (
    <Form ref={form} method="post" action={action} onChange={autosave.onChange} onSubmit={autosave.onSubmit} className="space-y-6">
      <input type="hidden" name={VERSION_FIELD} value={version} />
      {answer?.formError && (
        <Notice tone="red" title="Not saved" role="alert">
          {answer.formError}
        </Notice>
      )}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-5">
          <FormField label="Title" name="title" value={text.title} onChange={set("title")} error={errors.title} required />
          <FormField
            label="Slug"
            name="slug"
            value={text.slug}
            onChange={set("slug")}
            error={errors.slug}
            hint={`The address: /learn/${text.slug || "…"}. Changing it on a published article keeps the old address leading here.`}
          />
          <FormField
            label="Description"
            name="excerpt"
            multiline
            value={text.excerpt}
            onChange={set("excerpt")}
            error={errors.excerpt}
            hint={`Shown on cards and, up to ${SEARCH_DESCRIPTION_MAX} characters, in search results: ${count(text.excerpt, SEARCH_DESCRIPTION_MAX)}.`}
          />
          <div className="grid gap-5 md:grid-cols-2">
            <FormField
              label="Title for search results"
              name="metaTitle"
              value={text.metaTitle}
              onChange={set("metaTitle")}
              error={errors.metaTitle}
              maxLength={SEARCH_TITLE_MAX}
              hint={`${count(text.metaTitle, SEARCH_TITLE_MAX)}. Search results show: “${searchTitle}”`}
            />
            <FormField
              label="Description for search results"
              name="metaDescription"
              value={text.metaDescription}
              onChange={set("metaDescription")}
              error={errors.metaDescription}
              maxLength={SEARCH_DESCRIPTION_MAX}
              hint={`${count(text.metaDescription, SEARCH_DESCRIPTION_MAX)}. Only when the description is longer than search results show.`}
            />
          </div>
          <div className="grid gap-5 md:grid-cols-2">
            <label className="block space-y-1.5 text-sm font-medium">
              Category
              <select name="categorySlug" value={text.categorySlug} onChange={set("categorySlug")} className={inputClasses}>
                {ARTICLE_CATEGORIES.map((category) => (
                  <option key={category.slug} value={category.slug}>
                    {category.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="block space-y-1.5 text-sm font-medium">
              Author
              <select name="authorId" value={text.authorId} onChange={set("authorId")} className={inputClasses}>
                <option value="">Editorial Team</option>
                {authors.map((author) => (
                  <option key={author.id} value={author.id}>
                    {author.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="block space-y-1.5 text-sm font-medium">
              Tested by
              <select name="testerId" value={text.testerId} onChange={set("testerId")} className={inputClasses}>
                <option value="">The author</option>
                {authors.map((author) => (
                  <option key={author.id} value={author.id}>
                    {author.name}
                  </option>
                ))}
              </select>
              <span className="block text-xs font-normal text-ink-muted">Who tried what the article describes; the page names them.</span>
            </label>
          </div>
          <TagInput value={tags} onChange={setTags} known={knownTags} error={errors.tags} />
          <HeroImageField
            image={text.image}
            alt={text.imageAlt}
            onImage={(path) => setText((current) => ({ ...current, image: path }))}
            onAlt={(alt) => setText((current) => ({ ...current, imageAlt: alt }))}
            errors={errors}
          />
          <div className="grid gap-5 md:grid-cols-2">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                name="featured"
                value="true"
                defaultChecked={article.fields.featured}
                className="size-4 accent-brand"
              />
              Featured on the Knowledge Center
            </label>
            <FormField
              label="Read time in minutes"
              name="readTimeMinutes"
              inputMode="numeric"
              value={text.readTimeMinutes}
              onChange={set("readTimeMinutes")}
              error={errors.readTimeMinutes}
              hint="Empty: counted from the words."
            />
          </div>
          <div>
            <label htmlFor="article-body" className="mb-1.5 block text-sm font-medium">
              Body (Markdown)
            </label>
            <MarkdownToolbar target={body} onEdited={(value) => setText((current) => ({ ...current, body: value }))} />
            <textarea
              ref={body}
              id="article-body"
              name="body"
              value={text.body}
              onChange={set("body")}
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={errors.body ? "article-body-error" : undefined}
              className={`${inputClasses} min-h-96 rounded-t-none font-mono text-sm`}
            />
            {errors.body && (
              <p id="article-body-error" className="mt-1 text-sm font-medium text-red-700">
                {errors.body}
              </p>
            )}
          </div>
        </div>
        <ArticlePreview title={text.title} slug={text.slug} body={text.body} readTimeMinutes={text.readTimeMinutes} />
      </div>
      {article.status === "published" && <UpdateNoteField state={answer} notes={notes} />}
      <PublishBar article={article} autosave={autosave} error={errors.publishAt} />
      <LeavePrompt blocker={autosave.blocker} />
    </Form>
  );
}
