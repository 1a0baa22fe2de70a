import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
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
 * Only violations are gathered (axe otherwise describes every passing element too), and axe runs
 * in the page itself ("legacy mode"): by default it opens a blank page of its own for every run to
 * combine the frames' results in, which cost three times the check itself. Our pages have no
 * frames from another origin, the one thing that mode cannot check.
 */
export async function axeFindings(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode()
    .analyze();
  return result.violations.map(
    (violation) =>
      `${label}: ${violation.id}: ${violation.help} (${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(" | ")})`,
  );
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
