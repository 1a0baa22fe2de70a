import { describe, expect, it } from "vitest";
import { readMerchantForm } from "./merchant-form";

describe("the merchant form's sub-ID parameter", () => {
  const read = (sub_id_template: string) => readMerchantForm({ name: "Saunahaus", sub_id_template });

  it("takes a network's name for its preset, or name={id}; empty is none", () => {
    expect(read("Awin")).toMatchObject({ ok: true, merchant: { subIdTemplate: "clickref={id}" } });
    expect(read("amazon associates")).toMatchObject({ ok: true, merchant: { subIdTemplate: "ascsubtag={id}" } });
    expect(read("  subId1={id} ")).toMatchObject({ ok: true, merchant: { subIdTemplate: "subId1={id}" } });
    expect(read("")).toMatchObject({ ok: true, merchant: { subIdTemplate: null } });
  });

  it("refuses anything else in words", () => {
    expect(read("clickref")).toEqual({ ok: false, errors: { sub_id_template: expect.stringContaining("name={id}") } });
    expect(read("a b={id}")).toMatchObject({ ok: false });
  });
});
