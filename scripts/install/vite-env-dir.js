// `npm install` runs this (package.json "postinstall"). @react-router/dev 7 starts its own Vite
// servers with `envFile: false`, which Vite 8.1 deprecated in favour of `envDir: false` (the same
// meaning: read no .env file), so every build printed "The `envFile` option is deprecated" up to
// nine times, reading like an error. React Router 8 makes the same change; 7.18 is the last 7.x.
// Until the project moves to 8, the installed copy gets that one-word change. It is idempotent,
// touches nothing when the text is gone (a fixed release), and never fails the install.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const OLD = /\benvFile: false\b/g;
const NEW = "envDir: false";

/** The source with React Router's internal `envFile: false` written as `envDir: false`. */
export function withEnvDirOption(source) {
  let count = 0;
  const text = source.replace(OLD, () => {
    count += 1;
    return NEW;
  });
  return { text, count };
}

/** Every .js file under dir, recursively. */
function scriptFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return scriptFiles(full);
    return entry.name.endsWith(".js") ? [full] : [];
  });
}

/** Rewrites the installed @react-router/dev under root; returns how many options were changed. */
export function patchInstalledReactRouterDev(root) {
  let files;
  try {
    files = scriptFiles(path.join(root, "node_modules", "@react-router", "dev", "dist"));
  } catch {
    return 0; // not installed (an install without dev dependencies): nothing builds here
  }
  let changed = 0;
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    const { text, count } = withEnvDirOption(source);
    if (count > 0) {
      writeFileSync(file, text);
      changed += count;
    }
  }
  return changed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    patchInstalledReactRouterDev(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", ".."));
  } catch (error) {
    console.warn(`Could not update @react-router/dev's Vite option (builds will print a deprecation notice): ${error.message}`);
  }
}
