import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * schema.org's vocabulary, for checking the JSON-LD the site publishes: which types exist and
 * which properties each type takes (its own and every ancestor's). It is read from `schema-dts`,
 * Google's TypeScript rendering of a schema.org release, so a misspelt property, a property on
 * the wrong type or an invented type shows as a finding, without a network fetch.
 */

export interface Vocabulary {
  types: Map<string, Set<string>>;
}

let cached: Vocabulary | undefined;

export function schemaOrgVocabulary(): Vocabulary {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const declarations = readFileSync(require.resolve("schema-dts").replace(/schema\.js$/, "schema.d.ts"), "utf8");

  // `interface ProductBase extends ThingBase { "name"?: …; … }`: each type's own properties and parents.
  const bases = new Map<string, { parents: string[]; properties: string[] }>();
  for (const match of declarations.matchAll(/^interface (\w+)Base extends ([\w, <>.]+?) \{\n([\s\S]*?)^\}/gm)) {
    const parents = match[2]!
      .split(",")
      .map((parent) => parent.trim())
      .filter((parent) => parent.endsWith("Base"))
      .map((parent) => parent.slice(0, -"Base".length));
    const properties = [...match[3]!.matchAll(/^ {4}"([^"@][^"]*)"\??:/gm)].map((property) => property[1]!);
    bases.set(match[1]!, { parents, properties });
  }

  const resolve = (name: string, seen = new Set<string>()): Set<string> => {
    const all = new Set<string>();
    if (seen.has(name)) return all;
    seen.add(name);
    const base = bases.get(name);
    if (!base) return all;
    for (const property of base.properties) all.add(property);
    for (const parent of base.parents) for (const property of resolve(parent, seen)) all.add(property);
    return all;
  };

  // `export interface ProductLeaf extends ProductBase { "@type": "Product"; }`: the type names.
  const types = new Map<string, Set<string>>();
  for (const match of declarations.matchAll(/^export interface (\w+)Leaf extends (\w+)Base \{\n\s*"@type": "(\w+)";/gm)) {
    types.set(match[3]!, resolve(match[2]!));
  }
  if (types.size < 500 || !types.get("Product")?.has("offers")) {
    throw new Error("schema-dts changed shape: tests/validators/schema-org-vocabulary.ts no longer reads its declarations");
  }
  cached = { types };
  return cached;
}

/**
 * schema.org's actions annotate a property `p` with `p-input` / `p-output` (a
 * PropertyValueSpecification in text form, e.g. a SearchAction's "query-input").
 */
function isActionAnnotation(property: string, known: Set<string>): boolean {
  const match = /^(.+)-(input|output)$/.exec(property);
  return match !== null && known.has(match[1]!);
}

/** One line per unknown type or property in a JSON-LD block, with its path. */
export function jsonLdVocabularyFindings(value: unknown, path = "$"): string[] {
  const { types } = schemaOrgVocabulary();
  if (Array.isArray(value)) return value.flatMap((item, index) => jsonLdVocabularyFindings(item, `${path}[${index}]`));
  if (value === null || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  const findings: string[] = [];
  const typeNames = record["@type"] === undefined ? [] : [record["@type"]].flat();
  let allowed: Set<string> | null = null;
  for (const typeName of typeNames) {
    const properties = typeof typeName === "string" ? types.get(typeName) : undefined;
    if (!properties) {
      findings.push(`${path}: "${String(typeName)}" is not a schema.org type`);
      continue;
    }
    allowed = allowed ? new Set([...allowed, ...properties]) : properties;
  }
  for (const [key, child] of Object.entries(record)) {
    if (key.startsWith("@")) {
      if (key === "@graph") findings.push(...jsonLdVocabularyFindings(child, `${path}.@graph`));
      continue;
    }
    if (allowed && !allowed.has(key) && !isActionAnnotation(key, allowed)) {
      findings.push(`${path}: "${key}" is not a property of ${typeNames.join(", ")}`);
    }
    findings.push(...jsonLdVocabularyFindings(child, `${path}.${key}`));
  }
  return findings;
}
