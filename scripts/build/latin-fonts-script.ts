/**
 * The Latin faces of the two web fonts (app/styles/fonts/, written by `npm run fonts`) as a small
 * classic script that hands their bytes to the browser's FontFace API, which the page's head loads
 * before its style sheet (docs/decisions/0123).
 *
 * A face declared in a style sheet is decoded only once a layout needs it, so the first layout ran
 * with the fallback and a second, of the whole page, followed as soon as the faces were ready:
 * about 100 ms of main thread right after the first paint on a slow host, four times that in
 * Lighthouse's phone profile, the largest part of the home page's blocking time. A FontFace made
 * from bytes is ready when it is made, so the first layout already uses it. The script blocks the
 * parser in the head, as a style sheet blocks the first paint, in every browser; it is fetched
 * beside the style sheet and cached like any asset.
 *
 * The style sheet keeps the same faces by URL (app/styles/fonts.css): without scripts, or where
 * this one fails, the browser fetches them when text needs them. A face added by script comes after
 * every style sheet's face with the same descriptors, so where the script ran, it is the one used
 * and those files are never fetched.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** What `npm run fonts` writes beside the faces: one entry per face, the descriptors of fonts.css. */
export interface LatinFace {
  family: string;
  file: string;
  weight: string;
  unicodeRange: string;
}

const FONTS_DIR = path.resolve(import.meta.dirname, "../../app/styles/fonts");
const VIRTUAL_ID = "virtual:latin-fonts-script";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** The script's text, plain ES5: decode each face, add it to the document's fonts; on any error, nothing (the style sheet's faces remain). */
export function latinFontsScriptSource(faces: Array<LatinFace & { bytes: Uint8Array }>): string {
  const list = faces.map((face) => [face.family, Buffer.from(face.bytes).toString("base64"), face.weight, face.unicodeRange]);
  return `(function(){try{var s=document.fonts,F=window.FontFace;if(!s||!F)return;
function b(t){if(Uint8Array.fromBase64)return Uint8Array.fromBase64(t);t=atob(t);var a=new Uint8Array(t.length);for(var i=0;i<t.length;i++)a[i]=t.charCodeAt(i);return a}
${JSON.stringify(list)}.forEach(function(f){s.add(new F(f[0],b(f[1]),{style:"normal",weight:f[2],unicodeRange:f[3]}))})}catch(e){}})();
`;
}

/** The faces `npm run fonts` wrote, with their bytes. */
export function readLatinFaces(dir = FONTS_DIR): Array<LatinFace & { bytes: Uint8Array }> {
  const faces = JSON.parse(readFileSync(path.join(dir, "latin-faces.json"), "utf8")) as LatinFace[];
  return faces.map((face) => ({ ...face, bytes: readFileSync(path.join(dir, face.file)) }));
}

/**
 * The Vite plugin: `import src from "virtual:latin-fonts-script"` is the script's URL, under
 * /assets/ with a hash of its text (cached for a year like every asset); the client build writes
 * the file, and the development server answers it.
 */
export function latinFontsScript(): Plugin {
  const source = latinFontsScriptSource(readLatinFaces());
  const hash = createHash("sha256").update(source).digest("base64url").slice(0, 8);
  const fileName = `assets/latin-fonts-${hash}.js`;
  let clientBuild = false;
  return {
    name: "latin-fonts-script",
    configResolved(config) {
      clientBuild = config.command === "build" && !config.build.ssr;
    },
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? `export default ${JSON.stringify(`/${fileName}`)};` : undefined),
    generateBundle() {
      if (clientBuild) this.emitFile({ type: "asset", fileName, source });
    },
    configureServer(server) {
      server.middlewares.use(`/${fileName}`, (_request, response) => {
        response.setHeader("Content-Type", "text/javascript; charset=utf-8");
        response.end(source);
      });
    },
  };
}
