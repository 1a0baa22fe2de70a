import { describe, expect, it } from "vitest";
import { describeDevice, deviceClass } from "./device-class";

// Real User-Agent strings, as the browsers named send them.
const PHONES = [
  // Safari, iPhone (iOS 17)
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1",
  // Chrome, iPhone
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/119.0.6045.169 Mobile/15E148 Safari/604.1",
  // Chrome, Android phone (reduced User-Agent)
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
  // Samsung Internet, Galaxy S22
  "Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
  // Firefox, Android phone
  "Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0",
  // Windows Phone (Edge)
  "Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063",
  // Opera Mini
  "Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54",
];

const TABLETS = [
  // Safari, iPad (asking for the mobile site)
  "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  // Chrome, Galaxy Tab S8 (no "Mobile")
  "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
  // Samsung Internet, Galaxy Tab A
  "Mozilla/5.0 (Linux; Android 11; SM-T505) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/15.0 Chrome/90.0.4430.210 Safari/537.36",
  // Firefox, Android tablet
  "Mozilla/5.0 (Android 13; Tablet; rv:121.0) Gecko/121.0 Firefox/121.0",
  // Amazon Fire HD (Silk)
  "Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/119.3.1 like Chrome/119.0.6045.193 Safari/537.36",
];

const DESKTOPS = [
  // Chrome, Windows
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
  // Edge, Windows
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.61",
  // Safari, macOS (also what an iPad asking for the desktop site sends)
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
  // Firefox, Linux
  "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
  // Chrome, ChromeOS
  "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
];

describe("deviceClass", () => {
  it.each(PHONES)("phone: %s", (agent) => {
    expect(deviceClass(agent)).toBe("phone");
  });

  it.each(TABLETS)("tablet: %s", (agent) => {
    expect(deviceClass(agent)).toBe("tablet");
  });

  it.each(DESKTOPS)("desktop: %s", (agent) => {
    expect(deviceClass(agent)).toBe("desktop");
  });

  it("calls a missing or empty User-Agent a desktop (such requests are not counted anyway)", () => {
    expect(deviceClass(undefined)).toBe("desktop");
    expect(deviceClass("")).toBe("desktop");
  });
});

describe("describeDevice", () => {
  it("names each class, and the rows counted before classes were kept", () => {
    expect(describeDevice("phone")).toBe("Phones");
    expect(describeDevice("tablet")).toBe("Tablets");
    expect(describeDevice("desktop")).toBe("Desktops and laptops");
    expect(describeDevice("unknown")).toBe("Unknown (counted before devices were kept)");
  });
});
