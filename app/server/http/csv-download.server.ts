import { CACHE_CONTROL } from "./cache-control.server";
/**
 * Every CSV the admin area hands out: streamed as its lines are produced, and starting with a
 * UTF-8 byte order mark, without which Excel on Windows reads the file as the local code page and
 * garbles "ü" or "€". The site's own importers skip the mark, so an export imports back unchanged.
 *
 * The first chunk is produced before the answer starts, and each generator's first chunk has read
 * the database: a database that is down is an error page (503), not a 200 whose file stops after
 * the header.
 */
const BYTE_ORDER_MARK = "\ufeff";

export async function csvDownload(lines: AsyncIterator<string>, fileName: string): Promise<Response> {
  const encoder = new TextEncoder();
  const first = await lines.next();
  let pending: IteratorResult<string> | null = first.done ? first : { done: false, value: BYTE_ORDER_MARK + first.value };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.done) controller.enqueue(encoder.encode(BYTE_ORDER_MARK));
    },
    async pull(controller) {
      const next = pending ?? (await lines.next());
      pending = null;
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return?.(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": CACHE_CONTROL.noStore,
    },
  });
}
