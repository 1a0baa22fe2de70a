import { afterEach, describe, expect, it, vi } from "vitest";
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { handleError } from "./entry.server";
import { setLogLevel } from "./server/log.server";

/** The error log stays for our faults: a client's mistakes are answered, not logged. */
describe("handleError", () => {
  afterEach(() => vi.restoreAllMocks());

  function logged(error: unknown, request = new Request("http://site.test/auth", { method: "POST" })): string {
    setLogLevel("info");
    const written: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    handleError(error, { request, params: {}, context: {} as never });
    return written.join("");
  }

  it("does not log 4xx error responses or React Router's cross-site refusal", () => {
    expect(logged(new ErrorResponseImpl(405, "Method Not Allowed", null))).toBe("");
    expect(logged(new ErrorResponseImpl(400, "Bad Request", null))).toBe("");
    expect(logged(new ErrorResponseImpl(500, "Internal Server Error", null))).toBe("[error] 500 Internal Server Error\n");
    expect(
      logged(new Error("The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.")),
    ).toBe("");
  });

  it("logs everything else, with its stack", () => {
    const text = logged(new Error("the database went away"));
    expect(text).toContain("[error] Error: the database went away");
    expect(text).toContain("entry.server.test.tsx");
  });
});
