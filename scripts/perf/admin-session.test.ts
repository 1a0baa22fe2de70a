import { describe, expect, it } from "vitest";
import { formFieldsIn } from "./admin-session";

const page = `
<form method="get" action="/admin/products"><input type="hidden" name="intent" value="search"/><input name="q" value="x"/></form>
<form method="post" class="mt-5"><input type="hidden" name="intent" value="save-product"/><input type="hidden" name="id" value="12"/>
<input id="name" name="name" value="Model 7, &quot;deluxe&quot; &amp; co" class="input"/>
<input name="price" inputMode="decimal" placeholder="8499.00" value="1007.99"/>
<input name="sale_ends" type="date" value=""/>
<input type="checkbox" name="best_seller" value="true"/>
<input type="checkbox" name="featured" checked="" value="true"/>
<input name="disabled_one" disabled="" value="no"/>
<textarea name="key_features" rows="4">
Cedar
Glass &lt;door&gt; &amp;lt;</textarea>
<button type="submit" name="go" value="1">Save Product</button></form>`;

describe("formFieldsIn", () => {
  it("gives what a browser would post from the form with that intent", () => {
    expect([...formFieldsIn(page, "save-product")]).toEqual([
      ["intent", "save-product"],
      ["id", "12"],
      ["name", 'Model 7, "deluxe" & co'],
      ["price", "1007.99"],
      ["sale_ends", ""],
      ["featured", "true"],
      ["key_features", "Cedar\nGlass <door> &lt;"],
    ]);
  });

  it("says when the page has no such form", () => {
    expect(() => formFieldsIn(page, "delete-product")).toThrow(/delete-product/);
  });
});
