import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { HtmlValidate } from "html-validate";

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

export async function axeFindings(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return result.violations.map(
    (violation) =>
      `${label}: ${violation.id}: ${violation.help} (${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(" | ")})`,
  );
}
