import { request } from "node:http";

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as sent, still compressed when Content-Encoding says so. */
  body: Buffer;
  ms: number;
}

/** One GET without any decoding (fetch() would decompress), timed to the last byte. */
export function fetchRaw(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** One GET timed to its first body byte and to its last, the body counted but not kept. */
export function firstByteMs(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; firstByteMs: number; lastByteMs: number; bytes: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (response) => {
      let first: number | undefined;
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        first ??= performance.now() - started;
        bytes += chunk.length;
      });
      response.on("end", () => {
        const last = performance.now() - started;
        resolve({ status: response.statusCode ?? 0, firstByteMs: first ?? last, lastByteMs: last, bytes });
      });
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}
