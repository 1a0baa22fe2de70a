import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { latinFontsScriptSource, readLatinFaces } from "./latin-fonts-script";

const FONTS_CSS = path.resolve(import.meta.dirname, "../../app/styles/fonts.css");

/** Runs the script as a browser would, with a FontFace that records what it was given. */
function runInPage(source: string, globals: Record<string, unknown> = {}) {
  const added: Array<{ family: string; bytes: Uint8Array; descriptors: Record<string, string> }> = [];
  class FontFace {
    constructor(family: string, bytes: Uint8Array, descriptors: Record<string, string>) {
      added.push({ family, bytes, descriptors });
    }
  }
  const window: Record<string, unknown> = { FontFace, atob, Uint8Array, document: { fonts: { add() {} } }, ...globals };
  window.window = window;
  vm.runInNewContext(source, window);
  return added;
}

describe("the Latin fonts script", () => {
  const faces = readLatinFaces();

  it("adds each face with its own bytes and the style sheet's descriptors", () => {
    const added = runInPage(latinFontsScriptSource(faces));
    expect(added.map((face) => face.family)).toEqual(["Inter Variable", "Fraunces Variable"]);
    added.forEach((face, i) => {
      expect(Buffer.from(face.bytes).equals(Buffer.from(faces[i]!.bytes))).toBe(true);
      expect(face.descriptors).toEqual({ style: "normal", weight: faces[i]!.weight, unicodeRange: faces[i]!.unicodeRange });
    });
  });

  it("declares the faces exactly as the style sheet does, so the script's replace the sheet's", () => {
    // Written together by `npm run fonts`; a face added by script wins only over a declaration
    // with the same descriptors.
    const declared = [...readFileSync(FONTS_CSS, "utf8").matchAll(/@font-face \{([^}]*)\}/g)].map(([, block]) => ({
      family: /font-family: "([^"]+)"/.exec(block!)?.[1],
      file: /url\(\.\/fonts\/([^)]+)\)/.exec(block!)?.[1],
      weight: /font-weight: ([^;]+);/.exec(block!)?.[1],
      unicodeRange: /unicode-range:\s*([^;]+);/.exec(block!)?.[1]?.replace(/\s+/g, ""),
    }));
    expect(declared).toEqual(faces.map(({ family, file, weight, unicodeRange }) => ({ family, file, weight, unicodeRange: unicodeRange.replace(/\s+/g, "") })));
  });

  it("decodes with atob where Uint8Array.fromBase64 is missing", () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    const source = latinFontsScriptSource([{ family: "Test", file: "t.woff2", weight: "400", unicodeRange: "U+0041", bytes }]);
    class OldUint8Array extends Uint8Array {}
    Object.defineProperty(OldUint8Array, "fromBase64", { value: undefined });
    const [face] = runInPage(source, { Uint8Array: OldUint8Array });
    expect([...face!.bytes]).toEqual([...bytes]);
  });

  it("leaves the page alone where FontFace is missing or fails", () => {
    const source = latinFontsScriptSource(faces);
    expect(runInPage(source, { FontFace: undefined })).toEqual([]);
    const failing = class {
      constructor() {
        throw new Error("unsupported");
      }
    };
    expect(() => runInPage(source, { FontFace: failing })).not.toThrow();
  });
});
