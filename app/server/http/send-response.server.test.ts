import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { sendResponse } from "./send-response.server";

/** A real HTTP server whose one handler sends `make()` with sendResponse. */
async function serve(make: () => Response): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => void sendResponse(req, res, make()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

function get(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer; chunks: number }>(
    (resolve, reject) => {
      const req = httpRequest(url, { method, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts), chunks: parts.length }),
        );
      });
      req.on("error", reject);
      req.end();
    },
  );
}

const page = "<!DOCTYPE html><html><body>" + "<p>Cedar barrel sauna, four seats, electric heater.</p>".repeat(200) + "</body></html>";

/** A body written the way React streams a page: many small pieces, some after a pause. */
function streamedPage(): ReadableStream<Uint8Array> {
  const pieces = page.match(/.{1,100}/gs)!;
  const encoder = new TextEncoder();
  let index = 0;
  return new ReadableStream({
    async pull(controller) {
      if (index === pieces.length) return controller.close();
      if (index === 50) await new Promise((resolve) => setTimeout(resolve, 20));
      controller.enqueue(encoder.encode(pieces[index++]!));
    },
  });
}

let running: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (running ? running.close(() => resolve()) : resolve())));

describe("sendResponse", () => {
  it("compresses a streamed page with the client's best encoding, keeping status, headers and cookies", async () => {
    const { url, server } = await serve(
      () =>
        new Response(streamedPage(), {
          status: 404,
          headers: [
            ["content-type", "text/html; charset=utf-8"],
            ["content-security-policy", "script-src 'sha256-abc='"],
            ["set-cookie", "a=1; Path=/"],
            ["set-cookie", "b=2; Path=/"],
          ],
        }),
    );
    running = server;
    const br = await get(url, { "accept-encoding": "gzip, br" });
    expect(br.status).toBe(404);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["vary"]).toBe("Accept-Encoding");
    expect(br.headers["content-security-policy"]).toBe("script-src 'sha256-abc='");
    expect(br.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    // One flush per pause in the stream, not one per piece: the body stays well compressed.
    expect(br.body.length).toBeLessThan(page.length / 10);

    const gzip = await get(url, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(page);

    const plain = await get(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it("leaves small, binary and already-encoded bodies alone, and sends no body to HEAD", async () => {
    let make = () => new Response("tiny", { headers: { "content-type": "text/plain", "content-length": "4" } });
    const { url, server } = await serve(() => make());
    running = server;
    expect((await get(url, { "accept-encoding": "gzip" })).headers["content-encoding"]).toBeUndefined();

    make = () => new Response(new Uint8Array(4096), { headers: { "content-type": "image/avif" } });
    const image = await get(url, { "accept-encoding": "gzip" });
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect(image.body.length).toBe(4096);

    make = () => new Response(page, { headers: { "content-type": "text/html" } });
    const head = await get(url, { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });
});
