import { describe, expect, it } from "vitest";
import {
  ADMIN_FORM_LIMIT_BYTES,
  AUTH_API_LIMIT_BYTES,
  AUTH_FORM_LIMIT_BYTES,
  BodyTooLarge,
  bodyLimitFor,
  CSV_FORM_LIMIT_BYTES,
  MalformedBody,
  readBodyBytes,
  readBodyText,
  readForm,
  readFormUnderLimit,
} from "./request-body.server";
import { IMAGE_UPLOAD_LIMIT_BYTES, MAX_CSV_BYTES } from "~/lib/admin/upload-limits";

/** A body of `chunks` pieces of `size` bytes, made as it is read; `pulled()` says how many were. */
function generated(chunks: number, size = 64 * 1024) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled === chunks) return controller.close();
        pulled += 1;
        controller.enqueue(new Uint8Array(size).fill(97));
      },
      // Nothing made ahead of the reader: `pulled` counts what was read.
    },
    { highWaterMark: 0 },
  );
  return { body, pulled: () => pulled };
}

function post(path: string, body: BodyInit | null, headers: Record<string, string> = {}): Request {
  return new Request(`http://127.0.0.1:3000${path}`, { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

/** What a thrown `data(…)` carries. */
async function thrown(promise: Promise<unknown>): Promise<{ status?: number; headers?: HeadersInit; data: unknown }> {
  try {
    await promise;
  } catch (error) {
    const { init, data } = error as { init: ResponseInit; data: unknown };
    return { status: init.status, headers: init.headers, data };
  }
  throw new Error("expected a refusal");
}

describe("bodyLimitFor: one table for every route", () => {
  it("gives each kind of route its limit, data requests and any spelling included", () => {
    expect(bodyLimitFor("/admin/users")).toBe(ADMIN_FORM_LIMIT_BYTES);
    expect(bodyLimitFor("/admin/users.data")).toBe(ADMIN_FORM_LIMIT_BYTES);
    expect(bodyLimitFor("/admin/remove")).toBe(ADMIN_FORM_LIMIT_BYTES);
    expect(bodyLimitFor("/admin/links/")).toBe(ADMIN_FORM_LIMIT_BYTES);
    expect(bodyLimitFor("/admin")).toBe(ADMIN_FORM_LIMIT_BYTES);
    expect(bodyLimitFor("/admin/products/images")).toBe(IMAGE_UPLOAD_LIMIT_BYTES);
    expect(bodyLimitFor("/ADMIN/Products/Images.data")).toBe(IMAGE_UPLOAD_LIMIT_BYTES);
    // The pages whose form posts a CSV without JavaScript.
    for (const path of ["/admin/products", "/ADMIN/Products.data", "/admin/products/new", "/admin/collections", "/admin/offers"]) {
      expect(bodyLimitFor(path), path).toBe(CSV_FORM_LIMIT_BYTES);
    }
    for (const path of [
      "/admin/products/import",
      "/admin/products/import/preview",
      "/admin/collections/import",
      "/admin/collections/import/preview",
      "/admin/offers/import",
      "/admin/offers/import/preview",
    ]) {
      expect(bodyLimitFor(path), path).toBe(MAX_CSV_BYTES);
    }
    expect(bodyLimitFor("/api/auth/sign-out")).toBe(AUTH_API_LIMIT_BYTES);
    for (const path of [
      "/auth",
      "/auth.data",
      "/auth/forgot",
      "/auth/reset",
      "/newsletter",
      "/newsletter/unsubscribe",
      "/",
      "/_root.data",
      "/reviews",
    ]) {
      expect(bodyLimitFor(path), path).toBe(AUTH_FORM_LIMIT_BYTES);
    }
    expect(bodyLimitFor(post("/admin/users?index", null))).toBe(ADMIN_FORM_LIMIT_BYTES);
  });

  it("gives a path it does not foresee the smallest limit, never a larger one", () => {
    const smallest = Math.min(AUTH_FORM_LIMIT_BYTES, AUTH_API_LIMIT_BYTES, ADMIN_FORM_LIMIT_BYTES);
    expect(bodyLimitFor("/administrator")).toBe(smallest);
    expect(bodyLimitFor("/x/admin/products")).toBe(smallest);
    expect(bodyLimitFor("/%61dmin/products")).toBe(smallest);
  });
});

describe("reading a body under its limit", () => {
  it("refuses a declared Content-Length over the limit before reading a byte", async () => {
    const body = generated(10);
    const request = post("/admin/users", body.body, { "content-length": String(400 * 1024 * 1024) });
    await expect(readBodyBytes(request)).rejects.toBeInstanceOf(BodyTooLarge);
    expect(body.pulled()).toBe(0);
  });

  it("stops a chunked body just past the limit, whatever it goes on to send", async () => {
    // 400 MB if it were all read: it is made on the fly, so only what is read ever exists.
    const body = generated(6400);
    await expect(readBodyBytes(post("/admin/users", body.body))).rejects.toThrow("The request is larger than 1 MB.");
    // Up to the limit, and the one chunk that crosses it.
    expect(body.pulled()).toBe(ADMIN_FORM_LIMIT_BYTES / (64 * 1024) + 1);
  });

  it("takes a body of exactly the limit, declared or not, and refuses one byte more", async () => {
    const exact = "a".repeat(AUTH_FORM_LIMIT_BYTES);
    expect((await readBodyBytes(post("/auth", exact))).byteLength).toBe(AUTH_FORM_LIMIT_BYTES);
    expect((await readBodyBytes(post("/auth", generated(2, AUTH_FORM_LIMIT_BYTES / 2).body))).byteLength).toBe(AUTH_FORM_LIMIT_BYTES);
    await expect(readBodyBytes(post("/auth", `${exact}a`))).rejects.toBeInstanceOf(BodyTooLarge);
    await expect(readBodyBytes(post("/auth", generated(1, AUTH_FORM_LIMIT_BYTES + 1).body))).rejects.toBeInstanceOf(BodyTooLarge);
  });

  it("reads urlencoded and multipart forms, JSON and CSV text", async () => {
    const urlencoded = await readForm(post("/admin/users", new URLSearchParams({ intent: "promote", userId: "u1" })));
    expect(Object.fromEntries(urlencoded)).toEqual({ intent: "promote", userId: "u1" });

    const multipart = new FormData();
    multipart.set("intent", "upload-images");
    multipart.set("images", new File(["\x89PNG"], "a.png", { type: "image/png" }));
    const read = await readForm(new Request("http://127.0.0.1:3000/admin/products", { method: "POST", body: multipart }));
    expect(read.get("intent")).toBe("upload-images");
    expect((read.get("images") as File).name).toBe("a.png");

    const json = post("/api/auth/sign-out", JSON.stringify({ a: 1 }), { "content-type": "application/json" });
    expect(JSON.parse(new TextDecoder().decode(await readBodyBytes(json)))).toEqual({ a: 1 });
    await expect(
      readBodyBytes(post("/api/auth/sign-out", "x".repeat(AUTH_API_LIMIT_BYTES + 1), { "content-type": "application/json" })),
    ).rejects.toBeInstanceOf(BodyTooLarge);
    expect(await readBodyText(post("/admin/products/import", "name,brand,slug\nA,B,a", { "content-type": "text/csv" }))).toBe(
      "name,brand,slug\nA,B,a",
    );
  });

  it("calls a broken multipart body or a form that is not one malformed", async () => {
    const broken = post("/admin/users", '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\npromote', {
      "content-type": "multipart/form-data; boundary=xyz",
    });
    await expect(readForm(broken)).rejects.toBeInstanceOf(MalformedBody);
    await expect(readForm(post("/admin/users", "{}", { "content-type": "application/json" }))).rejects.toBeInstanceOf(MalformedBody);
  });

  it("readFormUnderLimit: a thrown 413 that closes the connection, or a thrown 400, each with a sentence", async () => {
    const tooLarge = await thrown(readFormUnderLimit(post("/admin/remove", generated(100).body)));
    expect(tooLarge).toMatchObject({
      status: 413,
      headers: { connection: "close" },
      data: { message: "The request is larger than 1 MB." },
    });
    const malformed = await thrown(
      readFormUnderLimit(post("/admin/links", "garbage", { "content-type": "multipart/form-data; boundary=xyz" })),
    );
    expect(malformed).toMatchObject({
      status: 400,
      data: { message: "The form could not be read. Please reload the page and try again." },
    });
  });
});
