import type { FileHandle } from "node:fs/promises";

const CHUNK_BYTES = 64 * 1024;

/**
 * An open file as a web stream: a chunk is read when the reader asks for one, and the handle is
 * closed at the end, on a read error, or when the reader cancels.
 *
 * Not `Readable.toWeb(createReadStream())`: Node's adapter can hand the stream a chunk after the
 * reader cancelled, and the enqueue on the closed stream then throws where nothing catches it,
 * an uncaught exception that ends the process (seen when an import was cancelled mid-save). A
 * pull source never enqueues unasked.
 */
export function fileWebStream(handle: FileHandle): ReadableStream<Uint8Array> {
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    // FileHandle.close waits for a read in flight.
    await handle.close().catch(() => {});
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
        const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
        if (closed) return;
        if (bytesRead === 0) {
          await close();
          controller.close();
        } else {
          controller.enqueue(new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead));
        }
      } catch (error) {
        if (closed) return;
        await close();
        controller.error(error);
      }
    },
    cancel: close,
  });
}
