import type { FileHandle } from "node:fs/promises";

const CHUNK_BYTES = 64 * 1024;

/**
 * An open file as a web stream: a chunk is read when the reader asks for one (the first at once),
 * and the handle is closed as soon as the file's last byte is read, on a read error, or when the
 * reader cancels. A file of one chunk (most pictures) is read and closed straight away, so a
 * response dropped unread (its request aborted on the way) holds no file open.
 *
 * Not `Readable.toWeb(createReadStream())`: Node's adapter can hand the stream a chunk after the
 * reader cancelled, and the enqueue on the closed stream then throws where nothing catches it,
 * an uncaught exception that ends the process (seen when an import was cancelled mid-save). A
 * pull source never enqueues unasked.
 */
export function fileWebStream(handle: FileHandle, size: number): ReadableStream<Uint8Array> {
  let closed = false;
  // The caller's stat of this handle: files are replaced by renames, never rewritten, so it is the end.
  let remaining = size;
  const close = async () => {
    if (closed) return;
    closed = true;
    // FileHandle.close waits for a read in flight.
    await handle.close().catch(() => {});
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const buffer = Buffer.allocUnsafe(Math.max(1, Math.min(CHUNK_BYTES, remaining)));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
        if (closed) return;
        remaining -= bytesRead;
        if (bytesRead > 0) controller.enqueue(new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead));
        if (bytesRead === 0 || remaining <= 0) {
          await close();
          controller.close();
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
