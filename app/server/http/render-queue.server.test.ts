import { describe, expect, it } from "vitest";
import { CLIENT_CLOSED_REQUEST, RenderQueue, renderInTurn } from "./render-queue.server";

/** One turn of the event loop: immediates queued before this one have run when it resolves. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("RenderQueue", () => {
  it("starts one render per turn of the event loop, in arrival order", async () => {
    const queue = new RenderQueue();
    const started: string[] = [];
    const runs = ["a", "b", "c"].map((name) =>
      queue.run(async () => {
        started.push(name);
        return name;
      }),
    );
    // Nothing starts in the turn that queued it: the loop first polls for other requests.
    await Promise.resolve();
    expect(started).toEqual([]);
    expect(queue.waiting).toBe(3);

    await nextTurn();
    expect(started).toEqual(["a"]);
    await nextTurn();
    expect(started).toEqual(["a", "b"]);
    await nextTurn();
    expect(started).toEqual(["a", "b", "c"]);
    expect(await Promise.all(runs)).toEqual(["a", "b", "c"]);
    expect(queue.waiting).toBe(0);
  });

  it("starts a render asked for first ahead of the others waiting, in arrival order among its kind", async () => {
    const queue = new RenderQueue();
    const started: string[] = [];
    const queued = (name: string, first?: boolean) =>
      queue.run(
        async () => {
          started.push(name);
        },
        { first },
      );
    const runs = [queued("miss 1"), queued("miss 2"), queued("home", true), queued("miss 3"), queued("reviews", true)];
    expect(queue.waiting).toBe(5);
    for (let turn = 0; turn < 5; turn++) await nextTurn();
    await Promise.all(runs);
    expect(started).toEqual(["home", "reviews", "miss 1", "miss 2", "miss 3"]);
  });

  it("does not hold the next render back while one awaits something", async () => {
    const queue = new RenderQueue();
    let finishFirst!: () => void;
    const first = queue.run(() => new Promise<string>((resolve) => (finishFirst = () => resolve("first"))));
    const second = queue.run(async () => "second");
    expect(await second).toBe("second");
    finishFirst();
    expect(await first).toBe("first");
  });

  it("hands a render's error to its caller and goes on with the next", async () => {
    const queue = new RenderQueue();
    const rejected = queue.run(() => Promise.reject(new Error("database unavailable")));
    const thrown = queue.run((): Promise<string> => {
      throw new Error("thrown before any promise");
    });
    const after = queue.run(async () => "still served");
    await expect(rejected).rejects.toThrow("database unavailable");
    await expect(thrown).rejects.toThrow("thrown before any promise");
    expect(await after).toBe("still served");
  });
});

describe("renderInTurn", () => {
  const ok = async () => new Response("page");

  it("skips a read whose visitor left while it waited", async () => {
    const controller = new AbortController();
    let rendered = false;
    const pending = renderInTurn(new RenderQueue(), new Request("http://x.test/reviews", { signal: controller.signal }), async () => {
      rendered = true;
      return new Response("page");
    });
    controller.abort();
    const response = await pending;
    expect(response.status).toBe(CLIENT_CLOSED_REQUEST);
    expect(rendered).toBe(false);
  });

  it("still runs a write whose sender left: the form was sent", async () => {
    const controller = new AbortController();
    controller.abort();
    const request = new Request("http://x.test/newsletter", { method: "POST", body: "email=a%40b.test", signal: controller.signal });
    const response = await renderInTurn(new RenderQueue(), request, ok);
    expect(await response.text()).toBe("page");
  });

  it("renders a read whose visitor is still there", async () => {
    const response = await renderInTurn(new RenderQueue(), new Request("http://x.test/"), ok);
    expect(response.status).toBe(200);
  });
});
