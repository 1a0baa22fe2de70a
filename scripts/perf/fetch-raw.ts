import { request } from "node:http";

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as sent, still compressed when Content-Encoding says so. */
  body: Buffer;
  /** To the first body byte, and to the last. */
  firstByteMs: number;
  ms: number;
}

/** One GET without any decoding (fetch() would decompress), timed to its first and last body bytes. */
export function fetchRaw(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      let firstByteMs: number | undefined;
      response.on("data", (chunk: Buffer) => {
        firstByteMs ??= performance.now() - started;
        chunks.push(chunk);
      });
      response.on("end", () => {
        const ms = performance.now() - started;
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          firstByteMs: firstByteMs ?? ms,
          ms,
        });
      });
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}
