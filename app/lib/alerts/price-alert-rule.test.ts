import { describe, expect, it } from "vitest";
import { dropThresholdMinor, previousPriceMinor, shouldSendAlert, type AlertState } from "./price-alert-rule";

const NOW = new Date("2026-11-26T12:00:00Z");
const DAY = 24 * 60 * 60_000;
const usd = (amountMinor: number) => ({ amountMinor, currency: "USD" });

const alert = (over: Partial<AlertState> = {}): AlertState => ({
  targetMinor: null,
  currency: "USD",
  priceAtSubscribeMinor: 500_000,
  lastSentAt: null,
  lastSentPriceMinor: null,
  ...over,
});

describe("shouldSendAlert without a target: a drop of 5% or more from the price at sign-up", () => {
  it("mails at exactly 5% below ($5,000 → $4,750) and not one cent above", () => {
    expect(dropThresholdMinor(500_000)).toBe(475_000);
    expect(shouldSendAlert(alert(), usd(475_000), NOW)).toBe(true);
    expect(shouldSendAlert(alert(), usd(475_001), NOW)).toBe(false);
    expect(shouldSendAlert(alert(), usd(400_000), NOW)).toBe(true);
  });

  it("does not mail for the same price, a rise, or no price at all", () => {
    expect(shouldSendAlert(alert(), usd(500_000), NOW)).toBe(false);
    expect(shouldSendAlert(alert(), usd(520_000), NOW)).toBe(false);
    expect(shouldSendAlert(alert(), null, NOW)).toBe(false);
  });

  it("does not compare prices in another currency", () => {
    expect(shouldSendAlert(alert(), { amountMinor: 100, currency: "EUR" }, NOW)).toBe(false);
    expect(shouldSendAlert(alert({ currency: "usd" }), usd(400_000), NOW)).toBe(true);
  });
});

describe("shouldSendAlert with a target", () => {
  it("mails only below the target, even for a bigger drop than 5% above it", () => {
    const withTarget = alert({ targetMinor: 450_000 });
    expect(shouldSendAlert(withTarget, usd(449_999), NOW)).toBe(true);
    expect(shouldSendAlert(withTarget, usd(450_000), NOW)).toBe(false);
    expect(shouldSendAlert(withTarget, usd(460_000), NOW)).toBe(false);
  });

  it("mails for a small drop when the target is just below the price", () => {
    expect(shouldSendAlert(alert({ targetMinor: 499_000 }), usd(498_000), NOW)).toBe(true);
  });
});

describe("shouldSendAlert after a mail: at most one per 7 days, and only for a lower price", () => {
  const sent = (daysAgo: number, priceMinor = 470_000) =>
    alert({ lastSentAt: new Date(NOW.getTime() - daysAgo * DAY), lastSentPriceMinor: priceMinor });

  it("waits 7 days, however far the price falls", () => {
    expect(shouldSendAlert(sent(1), usd(300_000), NOW)).toBe(false);
    expect(shouldSendAlert(sent(6.99), usd(300_000), NOW)).toBe(false);
    expect(shouldSendAlert(sent(7), usd(300_000), NOW)).toBe(true);
  });

  it("after 7 days, never again for the same or a higher price than last mailed", () => {
    expect(shouldSendAlert(sent(8), usd(470_000), NOW)).toBe(false);
    expect(shouldSendAlert(sent(8), usd(474_000), NOW)).toBe(false);
    expect(shouldSendAlert(sent(8), usd(469_999), NOW)).toBe(true);
  });

  it("names the last mailed price as the old one, else the price at sign-up", () => {
    expect(previousPriceMinor(alert())).toBe(500_000);
    expect(previousPriceMinor(sent(8))).toBe(470_000);
  });
});
