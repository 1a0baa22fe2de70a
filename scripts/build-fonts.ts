// Writes the Latin web fonts the pages load first, cut down from the @fontsource-variable files:
// the weight axis narrowed to 400–700 (the only weights the style sheet asks for) and only the
// OpenType features the pages use (kerning, ligatures, contextual alternates, marks, tabular
// figures). Inter goes from 48 KB to 28 KB, Fraunces from 36.6 KB to 32.7 KB; the glyphs and the
// Unicode range are the same as the originals'. Other scripts (Latin Extended, Cyrillic, Greek,
// Vietnamese) still come from the packages, loaded only when a page has such characters.
// Run with `npm run fonts` after updating the font packages; the results are committed.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import subsetFont from "subset-font";
import { LATIN_UNICODE_RANGE } from "../app/styles/fonts/latin-range";

const require = createRequire(import.meta.url);
const FEATURES = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk", "rvrn", "tnum"];
const FONTS = [
  { source: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2", target: "inter-latin-wght-400-700.woff2" },
  { source: "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2", target: "fraunces-latin-wght-400-700.woff2" },
];

/** Every code point of a CSS unicode-range list ('U+0000-00FF,U+0131,…'). */
function charactersOf(unicodeRange: string): string {
  let text = "";
  for (const part of unicodeRange.split(",")) {
    const [from, to = from] = part.trim().slice(2).split("-");
    for (let code = parseInt(from!, 16); code <= parseInt(to!, 16); code++) text += String.fromCodePoint(code);
  }
  return text;
}

for (const font of FONTS) {
  const original = readFileSync(require.resolve(font.source));
  const subset = await subsetFont(original, charactersOf(LATIN_UNICODE_RANGE), {
    targetFormat: "woff2",
    variationAxes: { wght: { min: 400, max: 700 } },
    keepFeatures: FEATURES,
  });
  const target = path.resolve("app/styles/fonts", font.target);
  writeFileSync(target, subset);
  console.log(`${path.relative(process.cwd(), target)}: ${original.length} → ${subset.length} bytes`);
}
