import { describe, expect, it } from "vitest";
import { loader } from "./manifest-moved";

describe("GET /__manifest", () => {
  it("tells a tab from before the manifest moved to load its next page as a document", () => {
    const response = loader();
    expect(response.status).toBe(204);
    expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});
