import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { exportArticles, importArticleFiles } from "./article-files.server";
import { findArticleForEdit } from "./article-admin.server";
import { seedSampleArticles } from "./sample-articles.server";
import { zipFiles } from "./zip.server";

const editor = { id: "u1", email: "editor@example.com" };

describe.each(testDialects)("Markdown import and export (%s)", (dialect) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase(dialect);
    await seedSampleArticles(test.db);
  });
  afterEach(async () => test.drop());

  it("an exported article imports back under a new slug as a draft with the same fields", async () => {
    const [file] = await exportArticles(test.db, 1);
    expect(file!.name).toBe("best-barrel-saunas.md");
    const renamed = file!.text.replace("slug: best-barrel-saunas", "slug: best-barrel-saunas-copy");
    const outcome = await importArticleFiles(test.db, [{ name: "anything.md", text: renamed }], editor);
    expect(outcome).toEqual({ ok: true, slugs: ["best-barrel-saunas-copy"] });
    const copy = await test.db.selectFrom("articles").select("id").where("slug", "=", "best-barrel-saunas-copy").executeTakeFirstOrThrow();
    const [original, imported] = await Promise.all([findArticleForEdit(test.db, 1), findArticleForEdit(test.db, Number(copy.id))]);
    expect(imported!.status).toBe("draft");
    expect({ ...imported!.fields, slug: "x" }).toEqual({ ...original!.fields, slug: "x" });
  });

  it("imports all or nothing: a broken file or a taken slug stops every file, naming the problem", async () => {
    const [file] = await exportArticles(test.db, 1);
    const good = file!.text.replace("slug: best-barrel-saunas", "slug: new-one");
    const outcome = await importArticleFiles(
      test.db,
      [
        { name: "good.md", text: good },
        { name: "taken.md", text: file!.text },
        { name: "broken.md", text: "no front matter" },
      ],
      editor,
    );
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.problems.join(" ")).toMatch(/broken\.md.*front matter is missing.*"best-barrel-saunas" exists already/);
    expect(await test.db.selectFrom("articles").select("id").where("slug", "=", "new-one").execute()).toEqual([]);
  });

  it("exports all articles as a zip whose entries hold each file whole", async () => {
    const files = await exportArticles(test.db, null);
    expect(files).toHaveLength(5);
    const dir = mkdtempSync(path.join(tmpdir(), "articles-zip-"));
    try {
      const file = path.join(dir, "articles.zip");
      writeFileSync(file, zipFiles(files));
      // Python's zipfile, an independent reader: checks every entry's checksum and prints each whole.
      const read = spawnSync(
        "python3",
        [
          "-c",
          "import json, sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(json.dumps({n: z.read(n).decode() for n in z.namelist()}))",
          file,
        ],
        { encoding: "utf8" },
      );
      expect(read.stderr).toBe("");
      expect(JSON.parse(read.stdout)).toEqual(Object.fromEntries(files.map((entry) => [entry.name, entry.text])));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
