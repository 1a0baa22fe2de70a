import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { previewOf } from "~/lib/csv/import-plan";
import { RuleListQuestion } from "./rule-list-question";

const change = { slug: "barrel-saunas", title: "Best Barrel Saunas", ruleCount: 7, listedCount: 1, listed: ["valo-cube"] };

describe("the import's question about rule-listed collections", () => {
  it("says loudly what saving would do, and asks, in the upload form, before anything is saved", () => {
    const preview = previewOf([], "plan-1", [change]);
    const html = renderToStaticMarkup(<RuleListQuestion preview={preview} form="product-csv-form" />);
    expect(html).toContain('role="alert"');
    expect(html).toContain("barrel-saunas will show only the products you list: 1 instead of 7.");
    expect(html).toContain("Add the products to the collection and keep its rule (barrel-saunas keeps its 7 saunas and adds 1 product)");
    expect(html).toContain("Replace the rule with the products you list (barrel-saunas shows only 1 product)");
    // Posted with the file without JavaScript, with the plan it answers; no answer is chosen for the owner.
    const inputs = [...html.matchAll(/<input [^>]*>/g)].map(([input]) => input);
    const radios = inputs.filter((input) => input.includes('type="radio"'));
    expect(radios.map((radio) => /value="(\w+)"/.exec(radio)![1])).toEqual(["add", "replace"]);
    for (const radio of radios) {
      for (const attribute of ['name="collection_choice"', 'form="product-csv-form"', 'required=""']) expect(radio).toContain(attribute);
      expect(radio).not.toContain("checked");
    }
    const plan = inputs.find((input) => input.includes('name="import_plan"'))!;
    expect(plan).toContain('type="hidden"');
    expect(plan).toContain('form="product-csv-form"');
    expect(plan).toContain('value="plan-1"');
  });

  it("says what the save did once the owner chose, and nothing for a file that changes no rule", () => {
    const done = renderToStaticMarkup(<RuleListQuestion preview={previewOf([], "plan-1", [change], "add")} form="f" />);
    expect(done).toContain("barrel-saunas: the rule was kept and the listed products were added to it.");
    expect(done).not.toContain("radio");
    expect(renderToStaticMarkup(<RuleListQuestion preview={previewOf([], "plan-1")} form="f" />)).toBe("");
  });
});
