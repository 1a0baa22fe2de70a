import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import { HtmlValidate } from "html-validate";
import { SEARCH_DESCRIPTION_MAX, SEARCH_TITLE_MAX } from "../../app/lib/seo/search-snippet";
import { jsonLdVocabularyFindings } from "../validators/schema-org-vocabulary";
import { googleRequiredFindings } from "../validators/google-structured-data";

/**
 * The two validators nobody on this project wrote, as the specs run them on every page kind:
 * html-validate on the HTML the server sends (its conformance and accessibility rule sets, the
 * strict part of what the Nu Html Checker checks), and axe-core on the page as a reader gets it
 * after hydration (WCAG 2.1 A and AA, and axe's best practices). Each returns one readable line
 * per finding, so a failing test names the page, the rule and the element.
 */

const htmlValidator = new HtmlValidate({
  extends: ["html-validate:standard", "html-validate:a11y"],
  // A list, a table or a region may carry a name (ARIA allows naming those roles, and it tells
  // apart the lists of a page); an aria-label on an element whose role takes no name (a span, a
  // div) is still an error.
  rules: { "aria-label-misuse": ["error", { allowAnyNamable: true }] },
});

export async function htmlFindings(html: string, label: string): Promise<string[]> {
  const report = await htmlValidator.validateString(html);
  return report.results.flatMap((result) =>
    result.messages.map((message) => {
      const line = html.split("\n")[message.line - 1] ?? "";
      const around = line.slice(Math.max(0, message.column - 60), message.column + 60);
      return `${label}: ${message.ruleId}: ${message.message} … ${around}`;
    }),
  );
}

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * axe-core's minified build, put into the page once. The page parses all of it each time:
 * `@axe-core/playwright` put the unminified file (1.5 MB) in twice per check, which cost the page
 * more than axe's checks themselves. Our pages have no frames, the one thing that wrapper adds.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeWindow = Window & { axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> } };

/**
 * Only violations are gathered (axe otherwise describes every passing element too). The page's
 * finite animations end first: a toast caught mid-fade has colours it never keeps, and axe would
 * report their contrast.
 */
export async function axeFindings(page: Page, label: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const settling = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined));
    await Promise.race([Promise.all(settling), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    const result = await (window as AxeWindow).axe!.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.slice(0, 3).map((node) => node.target.join(" ")) }));
  }, AXE_TAGS);
  return violations.map(({ id, help, targets }) => `${label}: ${id}: ${help} (${targets.join(" | ")})`);
}

/** React escapes these five in text and attributes; a length is counted on the decoded text. */
function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Open Graph's own object types (ogp.me); anything else is ignored by the readers of og:type. */
const OPEN_GRAPH_TYPES = new Set(["website", "article", "book", "profile", "music.song", "music.album", "video.movie", "video.other"]);

/**
 * What search results and social cards show of the page's head: a title and description that fit
 * (longer ones are cut by the engine, not by us), an Open Graph type that exists, and JSON-LD
 * whose every type and property is in schema.org's vocabulary.
 */
export function headFindings(html: string, label: string): string[] {
  const findings: string[] = [];
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  if (title === undefined) findings.push(`${label}: no <title>`);
  else if (decodeEntities(title).length > SEARCH_TITLE_MAX) {
    findings.push(`${label}: title is ${decodeEntities(title).length} characters (max ${SEARCH_TITLE_MAX}): ${decodeEntities(title)}`);
  }
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
  if (description !== undefined && decodeEntities(description).length > SEARCH_DESCRIPTION_MAX) {
    findings.push(`${label}: description is ${decodeEntities(description).length} characters (max ${SEARCH_DESCRIPTION_MAX})`);
  }
  const ogType = /<meta property="og:type" content="([^"]*)"/.exec(html)?.[1];
  if (ogType !== undefined && !OPEN_GRAPH_TYPES.has(ogType)) findings.push(`${label}: og:type "${ogType}" is not an Open Graph type`);
  for (const block of jsonLdBlocks(html)) {
    findings.push(...jsonLdVocabularyFindings(block).map((finding) => `${label}: JSON-LD ${finding}`));
    findings.push(...googleRequiredFindings(block).map((finding) => `${label}: JSON-LD (Google) ${finding}`));
  }
  return findings;
}

/** The page's JSON-LD blocks, parsed. */
export function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(([, json]) => JSON.parse(json!));
}
