import { describe, expect, it } from "vitest";
import {
  describeStatus,
  headAnswerNeedsGet,
  headFailureNeedsGet,
  isBroken,
  isLinkOutcome,
  isNotChecked,
  OUTCOME_LABELS,
  outcomeOfNetworkError,
  outcomeOfStatus,
} from "./link-outcomes";

describe("link outcomes", () => {
  it("judges the final answer: 2xx works, 4xx is a client error, 5xx a server error, anything else unexpected", () => {
    expect(outcomeOfStatus(200)).toBe("ok");
    expect(outcomeOfStatus(204)).toBe("ok");
    expect(outcomeOfStatus(404)).toBe("client-error");
    expect(outcomeOfStatus(410)).toBe("client-error");
    expect(outcomeOfStatus(429)).toBe("client-error");
    expect(outcomeOfStatus(500)).toBe("server-error");
    expect(outcomeOfStatus(503)).toBe("server-error");
    // A 3xx left over here had no Location to follow.
    expect(outcomeOfStatus(304)).toBe("unexpected-response");
    expect(outcomeOfStatus(101)).toBe("unexpected-response");
    expect(outcomeOfStatus(999)).toBe("unexpected-response");
  });

  it("judges a failed request by Node's error code", () => {
    expect(outcomeOfNetworkError("ENOTFOUND")).toBe("dns-error");
    expect(outcomeOfNetworkError("EAI_AGAIN")).toBe("dns-error");
    expect(outcomeOfNetworkError("ECONNREFUSED")).toBe("connection-error");
    expect(outcomeOfNetworkError("ECONNRESET")).toBe("connection-error");
    expect(outcomeOfNetworkError("EHOSTUNREACH")).toBe("connection-error");
    expect(outcomeOfNetworkError("HPE_INVALID_CONSTANT")).toBe("connection-error");
    expect(outcomeOfNetworkError("ETIMEDOUT")).toBe("timeout");
    expect(outcomeOfNetworkError("CERT_HAS_EXPIRED")).toBe("tls-error");
    expect(outcomeOfNetworkError("ERR_TLS_CERT_ALTNAME_INVALID")).toBe("tls-error");
    expect(outcomeOfNetworkError("ERR_SSL_WRONG_VERSION_NUMBER")).toBe("tls-error");
    expect(outcomeOfNetworkError(undefined)).toBe("connection-error");
  });

  it("only 'ok' is working", () => {
    expect(isBroken("ok")).toBe(false);
    for (const outcome of [
      "client-error",
      "server-error",
      "timeout",
      "dns-error",
      "connection-error",
      "tls-error",
      "redirect-loop",
      "invalid-url",
      "unexpected-response",
    ] as const) {
      expect(isBroken(outcome), outcome).toBe(true);
    }
    expect(isLinkOutcome("redirect-loop")).toBe(true);
    expect(isLinkOutcome("gone")).toBe(false);
  });

  it("a link the site refused to fetch is not checked, neither working nor broken, and says so in plain words", () => {
    expect(outcomeOfNetworkError("ERR_OUTBOUND_INTERNAL_ADDRESS")).toBe("internal-address");
    expect(outcomeOfNetworkError("ERR_OUTBOUND_PORT_NOT_ALLOWED")).toBe("port-not-allowed");
    for (const outcome of ["internal-address", "port-not-allowed"] as const) {
      expect(isNotChecked(outcome), outcome).toBe(true);
      expect(isBroken(outcome), outcome).toBe(false);
      expect(isLinkOutcome(outcome), outcome).toBe(true);
    }
    expect(OUTCOME_LABELS["internal-address"]).toBe("Not checked: internal address");
    expect(OUTCOME_LABELS["port-not-allowed"]).toBe("Not checked: port not allowed");
    // A refusal is final: asking again with GET would be refused the same way.
    expect(headFailureNeedsGet("ERR_OUTBOUND_INTERNAL_ADDRESS")).toBe(false);
  });

  it("asks GET again after an error status to HEAD (405, 501, but also 403/404/500 that some shops give HEAD only)", () => {
    for (const status of [400, 403, 404, 405, 410, 429, 500, 501, 503]) expect(headAnswerNeedsGet(status), String(status)).toBe(true);
    for (const status of [200, 204, 301, 302, 307, 308]) expect(headAnswerNeedsGet(status), String(status)).toBe(false);
  });

  it("asks GET again after HEAD drops the connection, but not after a timeout, an unknown domain, a refusal or a bad certificate", () => {
    expect(headFailureNeedsGet("ECONNRESET")).toBe(true);
    expect(headFailureNeedsGet("HPE_INVALID_CONSTANT")).toBe(true);
    for (const code of ["ABORT_ERR", "ENOTFOUND", "ECONNREFUSED", "CERT_HAS_EXPIRED"]) expect(headFailureNeedsGet(code), code).toBe(false);
  });

  it("says what a status means in plain words", () => {
    expect(describeStatus(404)).toBe("404 Not found: the shop says this page does not exist");
    expect(describeStatus(410)).toMatch(/^410 Gone/);
    expect(describeStatus(418)).toBe("418: the shop refused the request");
    expect(describeStatus(599)).toBe("599: the shop's server failed");
    expect(describeStatus(304)).toBe("304: not a page a visitor can use");
  });
});
