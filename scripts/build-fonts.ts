// Writes the Latin web fonts the pages load first, cut down from the @fontsource-variable files,
// keeping only the OpenType features the pages use (kerning, ligatures, contextual alternates,
// marks, tabular figures):
// - Inter, the text face, keeps its weight axis from 400 to 700 (the weights the style sheet asks
//   for): 48 KB to 28 KB;
// - Fraunces, the headline face, is drawn at one weight only, 600 (every heading's), and becomes a
//   static font: 36.6 KB to 17.9 KB. fonts.spec.ts fails if a page sets it at another weight.
// The glyphs and the Unicode range are the packages' own. Also writes app/styles/fonts.css,
// which declares them, and app/styles/fonts/latin-faces.json, the same descriptors for the script
// that hands the faces to the browser before the first layout (scripts/build/latin-fonts-script.ts).
// Other scripts (Latin Extended, Cyrillic, Greek, Vietnamese) still come from the packages,
// loaded only when a page has such characters.
// Run with `npm run fonts` after updating the font packages; the results are committed.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { format, resolveConfig } from "prettier";
import subsetFont from "subset-font";
import type { LatinFace } from "./build/latin-fonts-script.ts";

const require = createRequire(import.meta.url);
const FEATURES = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk", "rvrn", "tnum"];
const FONTS = [
  {
    family: "Inter Variable",
    pkg: "@fontsource-variable/inter",
    file: "inter-latin-wght-normal.woff2",
    target: "inter-latin-wght-400-700.woff2",
    weight: { min: 400, max: 700 },
  },
  {
    family: "Fraunces Variable",
    pkg: "@fontsource-variable/fraunces",
    file: "fraunces-latin-wght-normal.woff2",
    target: "fraunces-latin-wght-600.woff2",
    weight: 600,
  },
] satisfies Array<{ family: string; pkg: string; file: string; target: string; weight: number | { min: number; max: number } }>;

/** The unicode-range the package's style sheet gives the face of `file`. */
function unicodeRangeOf(pkg: string, file: string): string {
  const css = readFileSync(require.resolve(`${pkg}/wght.css`), "utf8");
  const face = css.split("@font-face").find((block) => block.includes(`/${file}`));
  const range = face && /unicode-range:\s*([^;]+);/.exec(face)?.[1];
  if (!range) throw new Error(`${pkg}/wght.css declares no unicode-range for ${file}`);
  return range.trim();
}

/** Every code point of a CSS unicode-range list ('U+0000-00FF,U+0131,…'). */
function charactersOf(unicodeRange: string): string {
  let text = "";
  for (const part of unicodeRange.split(",")) {
    const [from, to = from] = part.trim().slice(2).split("-");
    for (let code = parseInt(from!, 16); code <= parseInt(to!, 16); code++) text += String.fromCodePoint(code);
  }
  return text;
}

const faces: string[] = [];
const descriptors: LatinFace[] = [];
for (const font of FONTS) {
  const unicodeRange = unicodeRangeOf(font.pkg, font.file);
  const original = readFileSync(require.resolve(`${font.pkg}/files/${font.file}`));
  const subset = await subsetFont(original, charactersOf(unicodeRange), {
    targetFormat: "woff2",
    variationAxes: { wght: font.weight },
    keepFeatures: FEATURES,
  });
  const target = path.resolve("app/styles/fonts", font.target);
  writeFileSync(target, subset);
  console.log(`${path.relative(process.cwd(), target)}: ${original.length} → ${subset.length} bytes`);
  // The same descriptors as the package's face (weight 100 900 included), so this one, declared
  // later, replaces it rather than joining it. A font pinned to one weight is no longer variable.
  // Pages with scripts get these faces from latin-fonts-script.ts before their first layout; this
  // declaration is for the others, which fetch the file and show the fallback meanwhile (`swap`).
  descriptors.push({ family: font.family, file: font.target, weight: "100 900", unicodeRange: unicodeRange.split(/\s*,\s*/).join(", ") });
  faces.push(`@font-face {
  font-family: "${font.family}";
  font-style: normal;
  font-display: swap;
  font-weight: 100 900;
  src: url(./fonts/${font.target}) format("${typeof font.weight === "number" ? "woff2" : "woff2-variations"}");
  unicode-range: ${unicodeRange};
}`);
}

const descriptorsFile = path.resolve("app/styles/fonts/latin-faces.json");
writeFileSync(
  descriptorsFile,
  await format(JSON.stringify(descriptors), { ...(await resolveConfig(descriptorsFile)), filepath: descriptorsFile }),
);

const styleSheet = path.resolve("app/styles/fonts.css");
// Written in the repository's own format, so `npm run lint` passes on a fresh output.
const prettierOptions = { ...(await resolveConfig(styleSheet)), filepath: styleSheet };
writeFileSync(
  styleSheet,
  await format(
    `/*
 * Written by \`npm run fonts\` (scripts/build-fonts.ts); do not edit.
 * The Latin faces of both families, from cut-down copies of the packages' files (Inter's weight
 * axis 400–700, Fraunces at 600 only, only the OpenType features the pages use; 46 KB instead of
 * 85 KB). They carry the same descriptors as the packages' Latin faces and are declared after
 * them, so the browser uses these for Latin text and never fetches the packages' Latin files;
 * other scripts still come from the packages. A page with scripts gets the same two faces as bytes
 * before its first layout (scripts/build/latin-fonts-script.ts) and never fetches these files.
 */
${faces.join("\n\n")}
`,
    prettierOptions,
  ),
);
