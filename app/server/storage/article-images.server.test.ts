import { requestContext } from "~/server/load-context";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as articleImages from "~/routes/admin/articles-images";
import { callAdminRoute, answerOf, type AdminHandler } from "../../../tests/support/admin-routes";
import { makeAuthContext, SAME_SITE, signedInAs, TEST_BASE_URL, type AuthTestContext } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { setEditorRole } from "../auth/users.server";
import type { ImagesActionResult } from "./product-images-screen.server";
import { productImagesStorage, type Storage } from "./storage.server";

/**
 * The article screens' picture upload is open to editors; it shares the product-images bucket
 * with the product pictures, so it must never replace a file there: an editor's picture gets a
 * name of its own (article-…), and a name already taken the next free one.
 */

const picture = (colour: string) =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: colour } })
    .png()
    .toBuffer();

const readAll = async (storage: Storage, name: string) => {
  const file = await storage.open(name);
  return file ? Buffer.from(await new Response(file.body).arrayBuffer()) : null;
};

describe.each(testDialects.flatMap((dialect) => (["disk", "database"] as const).map((driver) => [dialect, driver] as const)))(
  "an editor's picture upload on %s, stored on %s",
  (dialect, driver) => {
    let test: TestDatabase;
    let ctx: AuthTestContext;
    let editorCookie: string;
    let storage: Storage;

    beforeAll(async () => {
      test = await createTestDatabase(dialect);
      ctx = makeAuthContext(test);
      ctx.context.config = { ...ctx.context.config, storage: driver };
      storage = productImagesStorage(ctx.context.config, test.db);
      editorCookie = await signedInAs(ctx.auth, "writer@example.com", { admin: false });
      const { id } = await test.db.selectFrom("user").select("id").where("email", "=", "writer@example.com").executeTakeFirstOrThrow();
      await setEditorRole(test.db, id, true);
    });
    afterAll(async () => {
      await ctx?.close();
      await test?.drop();
    });

    async function upload(name: string, bytes: Buffer) {
      const form = new FormData();
      form.set("intent", "upload-images");
      form.append("images", new File([new Uint8Array(bytes)], name, { type: "image/png" }));
      const encoded = new Response(form);
      const body = await encoded.arrayBuffer();
      const request = new Request(`${TEST_BASE_URL}/admin/articles/images`, {
        method: "POST",
        body,
        headers: {
          ...SAME_SITE,
          cookie: editorCookie,
          "content-type": encoded.headers.get("content-type")!,
          "content-length": String(body.byteLength),
        },
      });
      const answer = await answerOf(() =>
        callAdminRoute(articleImages.action as AdminHandler, { request, context: requestContext(ctx.context), params: {} }),
      );
      expect(answer.status).toBe(200);
      const [stored] = (answer.data as ImagesActionResult).uploads!;
      if (!stored?.ok) throw new Error(`upload refused: ${JSON.stringify(stored)}`);
      return stored.storedAs;
    }

    it("leaves a product picture of the same name alone, and never replaces an earlier article picture", async () => {
      const product = await picture("#b4500f");
      await storage.put("aurora-side.png", product);

      const first = await picture("#2f6b3a");
      expect(await upload("aurora-side.png", first)).toBe("article-aurora-side.png");
      const second = await picture("#1d4ed8");
      expect(await upload("aurora-side.png", second)).toBe("article-aurora-side-2.png");
      // Named like a stored article picture: it still gets a name of its own.
      const third = await picture("#facc15");
      expect(await upload("article-aurora-side.png", third)).toBe("article-aurora-side-3.png");

      expect((await readAll(storage, "aurora-side.png"))!.equals(product)).toBe(true);
      expect((await readAll(storage, "article-aurora-side.png"))!.equals(first)).toBe(true);
      expect((await readAll(storage, "article-aurora-side-2.png"))!.equals(second)).toBe(true);
      expect((await readAll(storage, "article-aurora-side-3.png"))!.equals(third)).toBe(true);
    });

    it("gives two uploads of one name at the same moment two names", async () => {
      const [a, b] = await Promise.all([picture("#000000"), picture("#ffffff")]);
      const names = await Promise.all([upload("same.png", a), upload("same.png", b)]);
      expect(new Set(names).size).toBe(2);
      const kept = await Promise.all(names.map((name) => readAll(storage, name)));
      expect(kept.map((bytes) => bytes!.equals(a) || bytes!.equals(b))).toEqual([true, true]);
      expect(kept[0]!.equals(kept[1]!)).toBe(false);
    });

    it("putNew writes only where no file is, and says so", async () => {
      const bytes = await picture("#123456");
      expect(await storage.putNew("fresh.png", bytes)).toBe(true);
      expect(await storage.putNew("fresh.png", await picture("#654321"))).toBe(false);
      expect((await readAll(storage, "fresh.png"))!.equals(bytes)).toBe(true);
      await expect(storage.putNew("../escape.png", bytes)).rejects.toThrow(/refusing/);
      if (driver === "database") {
        // A refused write leaves no chunks behind.
        const files = await test.db.selectFrom("stored_files").select("chunks").execute();
        const chunks = await test.db.selectFrom("stored_file_chunks").select("seq").execute();
        expect(chunks).toHaveLength(files.reduce((sum, file) => sum + Number(file.chunks), 0));
      }
    });
  },
);
