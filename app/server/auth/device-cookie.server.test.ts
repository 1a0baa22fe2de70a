import { describe, expect, it } from "vitest";
import { DEVICE_COOKIE_DAYS, deviceCookieName, deviceTokenFor, issueDeviceCookie } from "./device-cookie.server";

const keys = { secret: "a-secret-that-is-long-enough-to-sign-with", secure: false };
const day = 24 * 60 * 60_000;
const cookieHeader = (setCookie: string) => new Headers({ cookie: `other=1; ${setCookie.split(";")[0]}; more=2` });

describe("device cookies", () => {
  it("reads back the account, nonce and issue time it signed, for that account only", () => {
    const now = Date.UTC(2026, 10, 25);
    const { token, setCookie } = issueDeviceCookie(keys, " Owner@Example.com ", now);
    expect(token).toMatchObject({ account: "owner@example.com", issuedAt: now });
    expect(token.nonce).toMatch(/^[\w-]{22}$/);
    expect(deviceTokenFor(keys, cookieHeader(setCookie), "OWNER@example.com", now + day)).toEqual(token);
    // Another account's name finds no cookie; a cookie moved under another account's name is refused.
    expect(deviceTokenFor(keys, cookieHeader(setCookie), "other@example.com", now)).toBeNull();
    const moved = `${deviceCookieName(keys, "other@example.com")}=${setCookie.split(";")[0]!.split("=")[1]}`;
    expect(deviceTokenFor(keys, new Headers({ cookie: moved }), "other@example.com", now)).toBeNull();
  });

  it("refuses another secret's signature, a changed value, and nonsense", () => {
    const now = Date.UTC(2026, 10, 25);
    const { setCookie } = issueDeviceCookie({ ...keys, secret: "another-secret-that-is-long-enough" }, "owner@example.com", now);
    expect(deviceTokenFor(keys, cookieHeader(setCookie), "owner@example.com", now)).toBeNull();
    const name = deviceCookieName(keys, "owner@example.com");
    for (const value of ["", "x", "x.y", "x.y.z", "%%%.%%%", `${Buffer.from("{").toString("base64url")}.abc`]) {
      expect(deviceTokenFor(keys, new Headers({ cookie: `${name}=${value}` }), "owner@example.com", now), value).toBeNull();
    }
  });

  it("lasts a year, and is not taken from the future", () => {
    const now = Date.UTC(2026, 10, 25);
    const { setCookie } = issueDeviceCookie(keys, "owner@example.com", now);
    expect(deviceTokenFor(keys, cookieHeader(setCookie), "owner@example.com", now + DEVICE_COOKIE_DAYS * day - 1)).not.toBeNull();
    expect(deviceTokenFor(keys, cookieHeader(setCookie), "owner@example.com", now + DEVICE_COOKIE_DAYS * day)).toBeNull();
    expect(deviceTokenFor(keys, cookieHeader(setCookie), "owner@example.com", now - 10 * 60_000)).toBeNull();
  });

  it("is Secure, with the __Host- prefix, on an https site", () => {
    const secure = issueDeviceCookie({ ...keys, secure: true }, "owner@example.com").setCookie;
    expect(secure).toMatch(/^__Host-device-[0-9a-f]{16}=[^;]+; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure$/);
    expect(issueDeviceCookie(keys, "owner@example.com").setCookie).not.toMatch(/Secure|__Host-/);
  });
});
