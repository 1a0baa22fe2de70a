import { readArticleFile, type ArticleFile } from "../articles/article-markdown.server";

// Vite inlines every sample article's text into the server bundle at build time, so a
// deployment needs no content folder beside it.
const files = import.meta.glob<string>("/content/articles/*.md", { query: "?raw", import: "default", eager: true });

/** The articles the site ships with, read from content/articles/ (the Markdown import format). */
export function sampleArticleFiles(): ArticleFile[] {
  return Object.entries(files)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, source]) => readArticleFile(key.replace(/^\//, ""), source));
}

/** The same files as text, keyed by path: what parseArticleFiles and the import read. */
export function sampleArticleSources(): Record<string, string> {
  return files;
}
