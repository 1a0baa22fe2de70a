// Writes app/components/ui/icons.svg: one <symbol> per name in ICON_NAMES, drawn from lucide-react
// at build time so no icon code reaches the browser, then the site's own drawings (the brand mark),
// which keep their colours. Run with `npm run icons` after editing the list or a drawing.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as lucide from "lucide-react";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ICON_NAMES, SITE_SYMBOLS } from "../app/components/ui/icon-names";

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

// A drawing of our own: its viewBox and its inner markup become the symbol; colours stay as drawn.
for (const [name, file] of Object.entries(SITE_SYMBOLS)) {
  const svg = readFileSync(path.resolve(file), "utf8").trim();
  const viewBox = /<svg[^>]*\sviewBox="([^"]+)"/.exec(svg)?.[1];
  if (!viewBox) throw new Error(`${file} has no viewBox`);
  const inner = svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
  symbols.push(`<symbol id="${name}" viewBox="${viewBox}">${inner}</symbol>`);
}

writeFileSync(target, `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`);
console.log(`Wrote ${symbols.length} symbols to ${path.relative(process.cwd(), target)}`);
