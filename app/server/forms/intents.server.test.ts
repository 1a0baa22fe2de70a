import { requestContext, type AppServices } from "~/server/load-context";
import { describe, expect, it } from "vitest";
import { dispatchIntent, type IntentTable } from "./intents.server";

const context = requestContext({} as AppServices);

function post(entries: Record<string, string>): Request {
  return new Request("http://localhost/admin/x", { method: "POST", body: new URLSearchParams(entries) });
}

const intents = {
  save: ({ form }) => ({ saved: form.get("name") }),
  remove: async () => ({ removed: true }),
} satisfies IntentTable;

describe("dispatchIntent", () => {
  it("runs the handler the intent names, with the form", async () => {
    expect(await dispatchIntent({ request: post({ intent: "save", name: "Cedar" }), context, params: {} }, intents)).toEqual({
      saved: "Cedar",
    });
    expect(await dispatchIntent({ request: post({ intent: "remove" }), context, params: {} }, intents)).toEqual({ removed: true });
  });

  it("uses a form the action already read", async () => {
    const form = new FormData();
    form.set("intent", "save");
    form.set("name", "Spruce");
    const request = new Request("http://localhost/admin/x", { method: "POST" });
    expect(await dispatchIntent({ request, context, params: {} }, intents, { form })).toEqual({ saved: "Spruce" });
  });

  it.each<Record<string, string>>([{}, { intent: "" }, { intent: "publish" }, { intent: "toString" }, { intent: "__proto__" }])(
    "answers 400 Unknown action to %j",
    async (entries) => {
      const result = await dispatchIntent({ request: post(entries), context, params: {} }, intents);
      expect(result).toMatchObject({
        data: { toast: { kind: "error", title: "Unknown action", description: "Nothing was changed." } },
        init: { status: 400 },
      });
    },
  );
});
