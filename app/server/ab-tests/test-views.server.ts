import type { IncomingMessage, ServerResponse } from "node:http";
import { TEST_VIEW_PATH } from "~/lib/ab-tests/buy-button";
import { isBrowser } from "~/lib/views/page-view";
import type { ClickRecorder } from "../clicks/click-recorder.server";
import type { DB } from "../db/connection.server";
import { log } from "../log.server";
import { buyButtonState } from "./ab-tests.server";

/** `test=12&variant=1`: anything longer is not ours. */
const MAX_BODY_BYTES = 64;

const ANSWER_HEADERS = { "cache-control": "no-store", "x-robots-tag": "noindex, nofollow", "content-length": "0" };

/**
 * POST /ab/view: one view of a variant of a running A/B test, reported by the reader's browser
 * after it chose the variant (pages are cached whole and the same for everyone, so only the
 * browser knows). Answered straight from the Node request like /go, before Express and React, and
 * counted in memory by the click recorder (written with its next flush). Counted only for a
 * browser's User-Agent, a test that runs and a variant it has; anything else gets the same 204
 * and counts nothing, so a prober learns nothing. A page never waits for this answer.
 */
export function createTestViews(options: { db: DB; recorder: ClickRecorder }) {
  const { db, recorder } = options;

  function count(body: string, userAgent: string | undefined): void {
    const fields = new URLSearchParams(body);
    const testId = Number(fields.get("test"));
    const variant = Number(fields.get("variant"));
    if (!Number.isInteger(testId) || !Number.isInteger(variant) || variant < 0 || !isBrowser(userAgent)) return;
    buyButtonState(db).then(
      (state) => {
        const test = state.runningById.get(testId);
        if (test && variant < test.variants.length) recorder.recordTestView(testId, variant);
      },
      (error) => log.error(`An A/B test view could not be counted: ${(error as Error)?.message ?? error}`),
    );
  }

  return {
    /** Answers POST /ab/view; false for any other request. */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      const url = req.url ?? "";
      if (req.method !== "POST" || (url !== TEST_VIEW_PATH && !url.startsWith(`${TEST_VIEW_PATH}?`))) return false;
      const chunks: Buffer[] = [];
      let size = 0;
      req.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BODY_BYTES) chunks.push(chunk);
        else if (!res.headersSent) {
          // Not a beacon of ours: answered at once, and nothing more of it is read.
          res.writeHead(413, { ...ANSWER_HEADERS, connection: "close" });
          res.end();
          req.destroy();
        }
      });
      req.on("end", () => {
        if (res.headersSent) return;
        count(Buffer.concat(chunks).toString("latin1"), req.headers["user-agent"]);
        res.writeHead(204, ANSWER_HEADERS);
        res.end();
      });
      req.on("error", () => res.destroy());
      return true;
    },
  };
}
