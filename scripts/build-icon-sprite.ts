// Writes app/components/ui/icons.svg: one <symbol> per name in ICON_NAMES, drawn from lucide-react
// at build time so no icon code reaches the browser. Run with `npm run icons` after editing the list.
import { writeFileSync } from "node:fs";
import path from "node:path";
import * as lucide from "lucide-react";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ICON_NAMES } from "../app/components/ui/icon-names";

const target = path.resolve("app/components/ui/icons.svg");
const icons = lucide as unknown as Record<string, ComponentType>;

const symbols = ICON_NAMES.map((name) => {
  const component = icons[name];
  if (!component) throw new Error(`lucide-react has no icon named ${name}`);
  const markup = renderToStaticMarkup(createElement(component));
  // Keep only the drawing: stroke, fill and size come from the <svg> that uses the symbol.
  const inner = markup.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
  return `<symbol id="${name}" viewBox="0 0 24 24">${inner}</symbol>`;
});

writeFileSync(target, `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`);
console.log(`Wrote ${ICON_NAMES.length} icons to ${path.relative(process.cwd(), target)}`);
