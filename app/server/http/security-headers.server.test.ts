import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.server";

describe("headers on every response", () => {
  it("adds HSTS only when BASE_URL is https", () => {
    expect(securityHeaders({ baseUrl: "https://saunas.example.com" })["Strict-Transport-Security"]).toBe("max-age=31536000");
    expect(securityHeaders({ baseUrl: "http://127.0.0.1:3000" })).not.toHaveProperty("Strict-Transport-Security");
  });

  it("closes the features a review site never uses and isolates the window from pages it opens", () => {
    const headers = securityHeaders({ baseUrl: "https://saunas.example.com" });
    expect(headers["Cross-Origin-Opener-Policy"]).toBe("same-origin");
    for (const feature of ["camera", "microphone", "geolocation", "payment"])
      expect(headers["Permissions-Policy"]).toContain(`${feature}=()`);
    expect(headers).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "SAMEORIGIN",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
  });
});
